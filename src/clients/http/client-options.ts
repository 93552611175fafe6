import type { Dispatcher } from 'undici';
import type { CredentialCommand, CurlLine } from './curl.js';
import type { AuthScheme } from './auth.js';
import type { Redactor } from './redact.js';
import type { SecretRequest } from './secret-requests.js';
import type { Transport } from './transport/transport-types.js';
import type { ParsedError } from './types.js';

/** What a client needs; built by the command context from settings and flags. */
export interface HttpClientOptions {
  service: string;
  baseUrl: string;
  auth?: AuthScheme | undefined;
  /** Sent on every request (version headers, user agent…). */
  defaultHeaders?: Record<string, string> | undefined;
  retries: number;
  timeoutMs: number;
  /** Longest wait for one retry that is accepted without asking (--max-wait), seconds. */
  maxWaitSeconds: number;
  /**
   * Statuses by which this service says it did not act on a request and it may come again (412 for the
   * secrets store: "eventually consistent data missing; retry with backoff"): sent again whatever the
   * method, as a 429 is.
   */
  retryStatuses?: readonly number[] | undefined;
  /** How requests are sent (the process's transport, see transport.ts)… */
  transport?: Transport | undefined;
  /** …or an undici dispatcher (tests' MockAgent), used through the undici transport. */
  dispatcher?: Dispatcher | undefined;
  redactor: Redactor;
  /**
   * The service's requests that carry secret values (its descriptor's `secretRequests`): a request
   * that does not say itself (`RequestSpec.sensitive`) is marked by the first that covers it.
   */
  secretRequests?: readonly SecretRequest[] | undefined;
  /** --debug: one line per request and response. */
  log?: ((line: string) => void) | undefined;
  /**
   * --dry-run: gets the curl line of a request that would change something, which is not sent, with
   * the variables it reads secret values of the body from and the ones it masks.
   */
  dryRun?: ((curl: CurlLine) => void) | undefined;
  /** --dry-run: each credential the curl line names by a command that prints it, not by its value. */
  dryRunCredentials?: readonly CredentialCommand[] | undefined;
  /** --dry-run: told of each request made to plan (`RequestSpec.plan`), which is sent. */
  dryRunRead?: ((line: string) => void) | undefined;
  /** Told before each retry (spinners, counters). */
  onRetry?: ((info: { attempt: number; waitSeconds: number; reason: string }) => void) | undefined;
  signal?: AbortSignal | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  parseError?: ((status: number, body: unknown, headers: Record<string, string>) => ParsedError) | undefined;
  /** Turns a status and parsed error into a hint for people (403: which permission…). */
  hintFor?: ((status: number, parsed: ParsedError) => string | undefined) | undefined;
  /** Which other refusals are rate limits (see ServiceDescriptor.rateLimitWait). */
  rateLimitWait?:
    | ((status: number, parsed: ParsedError, headers: Record<string, string>) => number | undefined)
    | undefined;
}
