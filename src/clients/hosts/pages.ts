import { type PageStyle, offsetStyle } from '../http/paginate.js';
import type { HostWire } from './types.js';

/** Largest `count` the API takes. */
export const MAX_PAGE = 1000;

/**
 * `start`/`count` paging until `total_matching`. `start` is a 0-based offset (the seed calls it the
 * "first result offset"; the vendor prose's "start at 101 after the first 100" is read as an
 * off-by-one), so the next page starts at `start + items received`.
 */
export function hostPages(): PageStyle<HostWire> {
  return offsetStyle<HostWire>({
    items: 'host_list',
    offsetParam: 'start',
    limitParam: 'count',
    pageSize: MAX_PAGE,
    total: 'total_matching',
  });
}
