import { type Getter, type PageStyle, offsetStyle } from '../http/paginate.js';

/**
 * Page size the client asks for. The API states a default only for instance types (50) and no
 * maximum (reference §C.1), so lists are read 50 at a time.
 */
export const PAGE_SIZE = 50;

/**
 * `offset`/`limit` paging until `_metadata.totalCount` (PRODUCT.md §5): every list answer carries
 * `_metadata` and one named array (`instances`, `snapshots`…).
 */
export function cloudPages<T>(items: Getter): PageStyle<T> {
  return offsetStyle<T>({
    items,
    offsetParam: 'offset',
    limitParam: 'limit',
    pageSize: PAGE_SIZE,
    total: '_metadata.totalCount',
  });
}
