import { type PageStyle, tokenStyle } from '../http/paginate.js';

/**
 * Largest `maxResults` sent: the task list's limit, and the lists call's limit in the 2024 revision
 * (the current one takes 1,000; 100 is safe on both, reference §B.3).
 */
export const MAX_PAGE = 100;

/** `nextPageToken` in the body becomes `pageToken` on the next request; `maxResults` sizes pages. */
export function taskPages<T>(): PageStyle<T> {
  return tokenStyle<T>({
    items: 'items',
    // The service leaves `items` out of an empty page (reference §B.4: fields with no value are omitted).
    absent: 'empty',
    tokenField: 'nextPageToken',
    tokenParam: 'pageToken',
    sizeParam: 'maxResults',
    maxSize: MAX_PAGE,
  });
}
