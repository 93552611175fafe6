import { type PageStyle, pick } from '../http/paginate.js';

/**
 * ARM lists: the items under `value`, and the next page, when there is one, at the absolute URL in
 * `nextLink` (the role lists of this API always come in one page, reference C.4, but a list is still
 * walked by the shared paginator so that a `nextLink` would be followed). No page size can be asked.
 */
export function nextLinkPages<T>(): PageStyle<T> {
  return {
    items: (res) => pick<T>(res.data, 'value'),
    next(prev, res) {
      const link = (res.data as { nextLink?: unknown } | undefined)?.nextLink;
      return typeof link === 'string' && link !== '' ? { ...prev, path: link, query: undefined } : undefined;
    },
    cursor: (res) => `nextLink ${JSON.stringify((res.data as { nextLink?: unknown } | undefined)?.nextLink)}`,
  };
}
