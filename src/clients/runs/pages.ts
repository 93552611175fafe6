import { type ListOptions, type Page, listPages as pagesOf, linkStyle } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient, QueryValue } from '../http/types.js';

/** Largest `per_page` (seed, Limits). */
export const MAX_PER_PAGE = 100;
/** Largest `per_page` of variable lists (seed, Limits). */
export const MAX_VARIABLES_PER_PAGE = 30;

/** Leaves out what was not asked for, so the service's own defaults apply. */
export function compact(q: Record<string, QueryValue>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/**
 * One list of the API, page by page: `{total_count, <key>: […]}` bodies, `per_page` sized to the
 * limit (at most `maxSize`), and each next page the `Link: rel="next"` URL exactly as the service gave
 * it (never a computed page number).
 */
export function listPages<T>(
  http: HttpClient,
  path: string,
  key: string,
  query: Record<string, QueryValue> = {},
  o: ListOptions & { maxSize?: number } = {},
): AsyncGenerator<Page<T | RawJson>> {
  const style = linkStyle<T>({
    items: key,
    sizeParam: 'per_page',
    maxSize: o.maxSize ?? MAX_PER_PAGE,
    total: 'total_count',
  });
  return pagesOf<T, ListOptions>(http, { method: 'GET', path, query: compact(query) }, style, key, o);
}
