import { describe, expect, it } from 'vitest';
import { numberedPage, pageAt } from '../../src/sandbox/core/paging.js';

describe('pageAt: the offset styles', () => {
  const all = ['a', 'b', 'c', 'd', 'e'];
  it('gives at most size items from the offset, and where the next page starts', () => {
    expect(pageAt(all, 0, 2)).toEqual({ items: ['a', 'b'], next: 2 });
    expect(pageAt(all, 2, 2)).toEqual({ items: ['c', 'd'], next: 4 });
  });
  it('the last page has no next, whether it is full or not', () => {
    expect(pageAt(all, 4, 2)).toEqual({ items: ['e'], next: undefined });
    expect(pageAt(all, 3, 2)).toEqual({ items: ['d', 'e'], next: undefined });
  });
  it('past the end or on an empty list: nothing, and no next', () => {
    expect(pageAt(all, 9, 2)).toEqual({ items: [], next: undefined });
    expect(pageAt([], 0, 20)).toEqual({ items: [], next: undefined });
  });
  it('pages a typed array of indexes as well, giving one back', () => {
    const page = pageAt(Uint32Array.from([7, 8, 9]), 1, 5);
    expect(page.items).toBeInstanceOf(Uint32Array);
    expect([...page.items]).toEqual([8, 9]);
  });
});

describe('numberedPage: page/per_page', () => {
  it('page n of size items and the number of the last page, at least 1', () => {
    expect(numberedPage([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], next: 4, last: 3 });
    expect(numberedPage([1, 2, 3, 4, 5], 3, 2)).toEqual({ items: [5], next: undefined, last: 3 });
    expect(numberedPage([], 1, 30)).toEqual({ items: [], next: undefined, last: 1 });
  });
});
