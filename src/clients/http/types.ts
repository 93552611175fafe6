import type { Readable } from 'node:stream';
import type { AuthScheme } from './auth.js';

/**
 * The JSON shape an operation answers with, where it says (`RequestSpec.expect`): `objects` is an array
 * whose every item is an object (a list of breaches, whose items are read by their fields).
 */
export type JsonShape = 'object' | 'array' | 'objects';

export type QueryValue =
  | string
  | number
  | boolean
  | undefined
  | null
  | ReadonlyArray<string | number | boolean>;

/** One request as a client describes it; the core adds base URL, auth, retries and parsing. */
export interface RequestSpec {
  method: string;
  /** Path below the service's base URL (built with `route`), or an absolute URL (Link pagination). */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  headers?: Record<string, string> | undefined;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with a content type in `headers`). */
  rawBody?: string | Buffer | Readable | undefined;
  /** The file `rawBody` was read from as it is (`-`: standard input): --dry-run's curl sends it from there. */
  bodyFile?: string | undefined;
  /**
   * Sending it twice is the same as once: the operation's own word, where it differs from its method's
   * (GET, HEAD, PUT, DELETE, OPTIONS, TRACE and LIST are; POST and PATCH are not). Only such a request
   * is sent again after a failure that may have reached the service (see `mayRepeat` in retry.ts).
   */
  idempotent?: boolean | undefined;
  /** `false` sends no credentials (login endpoints); an AuthScheme replaces the service's own. */
  auth?: false | AuthScheme | undefined;
  /** Statuses that are answers, not errors (a 404 that means "none", say). */
  okStatuses?: readonly number[] | undefined;
  /**
   * The JSON shape a success answers with: a resource is an object. Anything else, an empty body
   * included, is a bad answer (exit 7), not a blank record. Every get of a resource says so.
   */
  expect?: JsonShape | undefined;
  /** How to read the body: JSON (default), text, raw bytes, or a stream left to the caller. */
  responseType?: 'json' | 'text' | 'buffer' | 'stream' | undefined;
  /** Statuses worth another try for this request, beside 502, 503 and 504 (when it is idempotent). */
  retryStatuses?: readonly number[] | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The request or answer body carries secret values (a KV secret, a password): --debug and --dry-run
   * show its shape with every value masked.
   */
  sensitive?: boolean | undefined;
  /**
   * Which values of a sensitive body are secret (see SecretField); --dry-run shows the others as they
   * are, so that its curl line sends them. Without it every value is secret. --debug masks every value
   * of a sensitive body whatever this says.
   */
  secretFields?: readonly SecretField[] | undefined;
  /** Overrides the client's timeout, in milliseconds. */
  timeoutMs?: number | undefined;
  /**
   * A read-only request a command makes to plan what it will change (a mount lookup, the report a
   * resend works from, the instance read before an action): `--dry-run` sends it and names it on
   * stderr. Every other request is printed as curl under `--dry-run` and not sent.
   */
  plan?: boolean | undefined;
}

/**
 * A secret value of a request body, by its place: `data` is every value under `data`, `*` any one key
 * or index. --dry-run's curl line reads it from the variable `OPS_VALUE_<NAME>` (the name defaults to
 * its key: `OPS_VALUE_PASSWORD`) where the value needs no JSON escape.
 */
export interface SecretField {
  path: string;
  name?: string | undefined;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  url: string;
  /** Number of attempts that were made (1 when no retry was needed; a redirect followed is none). */
  attempts: number;
  /** A text answer whose bytes hold no DEL and no C1 control: its raw items need no escaping. */
  controlFree?: boolean;
}

/** What the core tells about a failed status so that the exit code and message can be chosen. */
export interface ParsedError {
  message: string;
  code?: string | undefined;
  requestId?: string | undefined;
  /** The refusal is about the resource's state, not the credential: exit 1 whatever the status. */
  conflict?: boolean | undefined;
}

export interface HttpClient {
  readonly service: string;
  readonly baseUrl: string;
  request<T = unknown>(spec: RequestSpec): Promise<HttpResponse<T>>;
}
