/**
 * Auth schemes. Each turns credentials into headers and names the values that must never be
 * printed, so that --debug, --dry-run and error messages can mask them.
 */
export interface AuthScheme {
  headers: Record<string, string>;
  secrets: string[];
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
