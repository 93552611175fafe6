import { type PageStyle, pick, tokenStyle } from '../http/paginate.js';
import type { QueryValue } from '../http/types.js';

/**
 * The seed's pages: `items` and `next_page_token`, sent back as `page-token`. The service picks the
 * page size (no size parameter); the last page's token is empty (or null).
 */
export function tokenPages<T>(): PageStyle<T> {
  return tokenStyle<T>({ items: 'items', tokenField: 'next_page_token', tokenParam: 'page-token' });
}

/**
 * Decision logs: a bare array, the next page asked for by `offset` (items already received). The
 * service names no page size, so the walk ends on the first empty page.
 */
export function decisionPages<T>(): PageStyle<T> {
  return {
    items: (res) => pick<T>(res.data, ''),
    next(prev, _res, _seen, pageItems) {
      const query = (prev.query ?? {}) as Record<string, QueryValue>;
      const offset = Number(query.offset ?? 0) + pageItems;
      return { ...prev, query: { ...query, offset } };
    },
  };
}
