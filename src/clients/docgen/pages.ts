import { type PageStyle, markerStyle } from '../http/paginate.js';
import type { DocgenJobWire } from './types.js';

/** Largest `limit` the API takes (seed: default and maximum 1000). */
export const MAX_PAGE = 1000;

/**
 * Marker pages: the items are `entries`, the page's `next_marker` becomes `marker` on the next
 * request until it is absent or null. `usemarker=true` selects marker pagination and must go with
 * every `marker` (seed), so the first request carries it and the paginator keeps it on every page.
 */
export function docgenJobPages(): PageStyle<DocgenJobWire> {
  const style = markerStyle<DocgenJobWire>({
    items: 'entries',
    markerField: 'next_marker',
    markerParam: 'marker',
    sizeParam: 'limit',
    maxSize: MAX_PAGE,
  });
  const sized = style.sized!;
  return {
    ...style,
    sized: (first, limit) => {
      const out = sized(first, limit);
      return { ...out, query: { usemarker: true, ...out.query } };
    },
  };
}
