import { ExitCode, OpsError } from '../../errors.js';

/**
 * Auth schemes. Each turns credentials into headers and names the values that must never be
 * printed, so that --debug, --dry-run and error messages can mask them.
 */
export interface AuthScheme {
  headers: Record<string, string>;
  secrets: string[];
  /** When the credential stops working (epoch ms), for tokens that expire. */
  expiresAt?: number | undefined;
  /**
   * Renews the credential (a new session, a refreshed token). The core calls it when `expiresAt` has
   * passed and once after a 401, then sends the request again with what it returns.
   */
  refresh?: (() => Promise<AuthScheme>) | undefined;
  /** What to tell a person when the credential expired and cannot be renewed (a login command). */
  expiredHint?: string | undefined;
}

/** A credential whose expiry has passed and that cannot be renewed: exit 4, with the scheme's hint. */
export function expiredError(service: string, auth: AuthScheme): OpsError {
  const when = auth.expiresAt === undefined ? '' : ` at ${new Date(auth.expiresAt).toISOString()}`;
  return new OpsError(`${service}: the access token expired${when}`, {
    exitCode: ExitCode.auth,
    code: 'auth_expired',
    hint: auth.expiredHint ?? `set a new one with \`ops config set ${service}.token -\``,
  });
}

/** A token in a header of its own (`X-Secrets-Token`, `Pipeline-Token`, `X-Cloud-Auth`, `breach-api-key`). */
export function headerAuth(name: string, value: string): AuthScheme {
  return { headers: { [name]: value }, secrets: [value] };
}

/** `Authorization: Bearer <token>`. */
export function bearerAuth(token: string): AuthScheme {
  return { headers: { authorization: `Bearer ${token}` }, secrets: [token] };
}

/** `Authorization: <prefix> <token>`, e.g. the source host's `token <pat>`. */
export function prefixedAuth(prefix: string, token: string): AuthScheme {
  return { headers: { authorization: `${prefix} ${token}` }, secrets: [token] };
}

/** HTTP Basic from a login and password. */
export function basicAuth(login: string, password: string): AuthScheme {
  const encoded = Buffer.from(`${login}:${password}`).toString('base64');
  return { headers: { authorization: `Basic ${encoded}` }, secrets: [password, encoded] };
}

/** Two headers, an API key and an application key. */
export function keyPairAuth(
  apiHeader: string,
  apiKey: string,
  appHeader: string,
  appKey: string,
): AuthScheme {
  return { headers: { [apiHeader]: apiKey, [appHeader]: appKey }, secrets: [apiKey, appKey] };
}
