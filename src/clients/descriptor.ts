import type { AuthScheme } from './http/auth.js';
import type { PageStyle } from './http/paginate.js';
import type { SecretRequest } from './http/secret-requests.js';
import type { ParsedError } from './http/types.js';

/** A per-service setting: profile key `<service>.<key>`, env `OPS_<SERVICE>_<KEY>`. */
export interface SettingSpec {
  key: string;
  description: string;
  secret?: boolean;
  /** A secret a login uses and the service never receives (a client secret, a refresh token). */
  signInOnly?: boolean;
  default?: string;
  /** The value's rule: a hint for a bad value (what to give instead), undefined when it is fine. */
  check?(value: string): string | undefined;
}

/** `2025-02-28` is a day of the calendar; `2025-02-30` or `2025-13-01` is not (API versions are dates). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(date);
}

/** Resolved settings of one service; `require` throws an error that says how to set the value. */
export interface SettingsReader {
  get(key: string): string | undefined;
  require(key: string): string;
}

/**
 * What a service's `auth` and `revoke` may use beyond its settings: an HTTP client of the service
 * for its authorization server (requests that send no service credential, masked under --debug),
 * and the one way to store renewed credentials (saveCredentials, in the current profile).
 */
export interface AuthContext {
  /** `--base-url` when given, for an `auth_url` relative to it. */
  baseUrl: string | undefined;
  http(): Promise<import('./http/types.js').HttpClient>;
  save(entries: Record<string, string | undefined>, secretKeys: readonly string[]): Promise<void>;
}

/**
 * What the shared core needs to know of a service: its settings, how it authenticates, which extra
 * statuses it retries and how its lists page. Commands and `ops api` build clients from this alone.
 */
export interface ServiceDescriptor {
  name: string;
  title: string;
  /** Settings besides `base_url`, which every service has. */
  settings: SettingSpec[];
  /** The setting `--token-stdin` fills: the one credential a person pipes in (`token`, `api_key`, `password`). */
  stdinCredential: string;
  /**
   * Credentials as headers; may throw when a required credential is missing. Asynchronous where
   * getting them takes work (a token read from a store, a session opened).
   */
  auth(s: SettingsReader, ctx?: AuthContext): AuthScheme | undefined | Promise<AuthScheme | undefined>;
  defaultHeaders?(s: SettingsReader, userAgent: string): Record<string, string>;
  /**
   * The service's own credential headers (beside `authorization`): masked in `--debug` and `--dry-run`
   * and dropped on a redirect to another host, whoever sets them (`ops api -H` too).
   */
  secretHeaders?: readonly string[];
  /**
   * The requests whose body or answer carries secret values, by method and path, first match wins:
   * the service's client and `ops api` both go by them (masked in --debug, read from
   * `OPS_VALUE_<NAME>` in --dry-run, never kept by `ops api --cache`).
   */
  secretRequests?: readonly SecretRequest[];
  retryStatuses?: readonly number[];
  parseError?(status: number, body: unknown, headers: Record<string, string>): ParsedError;
  /** `credentialEnv`: the environment variable the credential sent came from, when it did. */
  hintFor?(
    status: number,
    parsed: ParsedError,
    o?: { credentialEnv?: string | undefined },
  ): string | undefined;
  /**
   * A refusal that is a rate limit though its status is not 429 (a 403 with the budget spent): the
   * least seconds to wait when the server names no time (0: the usual backoff). Undefined: not a
   * rate limit. Such an answer is retried like a 429, whatever the method, and ends in exit 5.
   */
  rateLimitWait?(status: number, parsed: ParsedError, headers: Record<string, string>): number | undefined;
  /**
   * What the service's verbs work on without a flag (a repository), shown by `ops auth status`: the
   * setting that names it; unset, the git clone the command runs in names it, by its remote on the
   * web host (the setting `webHost`, else derived from the base URL).
   */
  workContext?: { setting: string; webHost: string };
  /** The page style `ops api --paginate` uses for this service. */
  pageStyle?(): PageStyle<unknown>;
  /**
   * A cheap read that proves the credential works (`ops auth status --check`): a GET of this path
   * under the base URL, with this query. `{key}` in the path is the service's setting of that name.
   */
  probe?: {
    path: string;
    query?: Record<string, string>;
    /** A service whose every operation is a POST probes with one that only computes (GET otherwise). */
    method?: 'GET' | 'POST';
    body?: unknown;
  };
  /**
   * Revokes what a sign-in stored at the authorization server (`ops auth logout`), best effort:
   * services whose credential `ops` obtains with OAuth.
   */
  revoke?(s: SettingsReader, ctx: AuthContext): Promise<void>;
}
