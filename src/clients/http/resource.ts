import type { HttpClient, QueryValue } from './types.js';

/**
 * `GET` of one resource: its JSON object, or a bad answer (exit 7) when the service answers with
 * anything else, an empty 200 included. The one way a get says what it expects
 * (`RequestSpec.expect`, which a request with more to it sets itself).
 */
export async function getResource<T>(
  http: HttpClient,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<T> {
  return (await http.request<T>({ method: 'GET', path, ...(query ? { query } : {}), expect: 'object' })).data;
}
