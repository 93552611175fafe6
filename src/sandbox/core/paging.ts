/**
 * The one slicing of a list into pages, for every page style the emulators speak (PRODUCT §5): each
 * style reads its own parameters and writes its own wire (offset/limit with `_metadata`, start/count,
 * page/per_page with `Link`, `marker`/`next_marker`, page tokens, cursors), and takes its page here.
 * The seed's defaults and maximums stay with the style that reads the size.
 */

/** What can be paged: an array (or a typed array of indexes, as the hosts search gives). */
export interface Pageable<S> {
  readonly length: number;
  slice(start: number, end: number): S;
}

export interface Page<S> {
  /** At most `size` items from `offset`; none past the end. */
  items: S;
  /** Where the next page starts, when there are items after this page. */
  next: number | undefined;
}

/** Offset styles (offset/limit, start/count, page tokens and markers that stand for an offset). */
export function pageAt<S extends Pageable<S>>(all: S, offset: number, size: number): Page<S> {
  const end = offset + size;
  return { items: all.slice(offset, end), next: end < all.length ? end : undefined };
}

/** page/per_page: page `n` (from 1) of `size` items, and the number of the last page (at least 1). */
export function numberedPage<S extends Pageable<S>>(
  all: S,
  n: number,
  size: number,
): Page<S> & { last: number } {
  return { ...pageAt(all, (n - 1) * size, size), last: Math.max(1, Math.ceil(all.length / size)) };
}
