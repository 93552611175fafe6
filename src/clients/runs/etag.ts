import type { HttpClient, HttpResponse, RequestSpec } from '../http/types.js';

interface Entry {
  etag: string;
  response: HttpResponse<unknown>;
}

/**
 * Conditional requests (seed, Errors A: a 304 with an `etag` means not modified). Each GET answer that
 * carries an `etag` is kept by URL; the next GET of that URL sends `If-None-Match`, and a 304 answer is
 * given back as the kept one. Pollers (`watch`) use it: the service does not count a 304 against the
 * rate limit.
 */
export class EtagCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers that came back 304 and were served from here. */
  notModified = 0;

  /** The client with every GET made conditional through this cache. */
  wrap(http: HttpClient): HttpClient {
    return {
      service: http.service,
      baseUrl: http.baseUrl,
      request: async <T>(spec: RequestSpec): Promise<HttpResponse<T>> => {
        if (spec.method.toUpperCase() !== 'GET' || spec.responseType === 'buffer')
          return http.request<T>(spec);
        const key = cacheKey(http.baseUrl, spec);
        const kept = this.entries.get(key);
        const res = await http.request<T>(
          kept ? { ...spec, headers: { ...spec.headers, 'if-none-match': kept.etag } } : spec,
        );
        if (res.status === 304 && kept) {
          this.notModified++;
          return { ...(kept.response as HttpResponse<T>), attempts: res.attempts };
        }
        const etag = res.headers.etag;
        if (etag && res.status >= 200 && res.status < 300)
          this.entries.set(key, { etag, response: res as HttpResponse<unknown> });
        return res;
      },
    };
  }
}

function cacheKey(baseUrl: string, spec: RequestSpec): string {
  const q = spec.query
    ? Object.entries(spec.query)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => `${k}=${String(v)}`)
        .sort()
        .join('&')
    : '';
  return `${/^https?:/i.test(spec.path) ? '' : baseUrl}${spec.path}?${q}`;
}
