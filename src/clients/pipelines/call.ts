import type { HttpClient, QueryValue } from '../http/types.js';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  idempotent?: boolean;
}

/**
 * One request of the pipelines API and its data. A GET through here reads one resource (lists go
 * through the paginator), so an answer that is not a JSON object is a bad answer (exit 7).
 */
export function caller(http: HttpClient) {
  return async <T>(method: string, path: string, o: CallOptions = {}): Promise<T> =>
    (
      await http.request<T>({
        method,
        path,
        ...o,
        ...(method === 'GET' ? { expect: 'object' as const } : {}),
      })
    ).data;
}
