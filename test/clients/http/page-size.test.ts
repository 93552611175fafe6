import { describe, expect, it } from 'vitest';
import {
  linkStyle,
  markerStyle,
  itemsOf,
  offsetStyle,
  type Page,
  paginatePages,
  tokenStyle,
} from '../../../src/clients/http/paginate.js';
import type { HttpClient, HttpResponse, RequestSpec } from '../../../src/clients/http/types.js';
import { printPages } from '../../../src/commands/shared/list.js';
import { output } from '../../helpers/verbs.js';

/** An HTTP client that answers from a list of pages and records every request it was asked to send. */
function pagesClient(pages: Array<{ data: unknown; headers?: Record<string, string> }>) {
  const sent: RequestSpec[] = [];
  const http: HttpClient = {
    service: 'svc',
    baseUrl: 'http://api.test',
    async request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
      sent.push(spec);
      const page = pages.shift();
      if (!page) throw new Error(`unexpected request ${spec.method} ${spec.path}`);
      return { status: 200, headers: page.headers ?? {}, data: page.data as T, url: spec.path, attempts: 1 };
    },
  };
  return { http, sent };
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** Items as every list has them: JSON objects. */
const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('page styles own the page size and the total', () => {
  it('offset: the size fits the limit (at most the largest page), and the total is read', async () => {
    const style = offsetStyle<{ id: number }>({
      items: 'items',
      offsetParam: 'offset',
      limitParam: 'limit',
      pageSize: 100,
      total: '_metadata.totalCount',
    });
    const { http, sent } = pagesClient([{ data: { items: ids(3), _metadata: { totalCount: 57 } } }]);
    const pages = await all(paginatePages(http, { method: 'GET', path: '/i' }, style, { limit: 3 }));
    expect(sent[0]!.query).toEqual({ limit: 3 });
    expect(pages).toHaveLength(1);
    expect(pages[0]!.total).toBe(57);
    expect(pages[0]!.more).toBe(true);
  });

  it('offset in the body: the size goes in the body; with no limit the largest page is asked for', async () => {
    const style = offsetStyle<{ id: number }>({
      items: 'data',
      offsetParam: 'offset',
      limitParam: 'limit',
      pageSize: 1000,
      in: 'body',
    });
    const { http, sent } = pagesClient([{ data: { data: [] } }]);
    await all(paginatePages(http, { method: 'POST', path: '/r', body: { function: 'f' } }, style));
    expect(sent[0]!.body).toEqual({ function: 'f', limit: 1000 });
  });

  it('a size the caller set is kept', async () => {
    const style = tokenStyle<{ id: number }>({
      items: 'items',
      tokenField: 'nextPageToken',
      tokenParam: 'pageToken',
      sizeParam: 'maxResults',
      maxSize: 100,
    });
    const { http, sent } = pagesClient([{ data: { items: ids(1) } }]);
    await all(
      paginatePages(http, { method: 'GET', path: '/t', query: { maxResults: 7 } }, style, { limit: 50 }),
    );
    expect(sent[0]!.query).toEqual({ maxResults: 7 });
  });

  it('link style: per_page from the limit, then the next URL exactly as given', async () => {
    const style = linkStyle<{ id: number }>({
      items: 'runs',
      sizeParam: 'per_page',
      maxSize: 100,
      total: 'total_count',
    });
    const { http, sent } = pagesClient([
      {
        data: { total_count: 4, runs: ids(2) },
        headers: { link: '<http://api.test/runs?per_page=2&page=2&x=y>; rel="next"' },
      },
      { data: { total_count: 4, runs: ids(4).slice(2) } },
    ]);
    const pages = await all(paginatePages(http, { method: 'GET', path: '/runs' }, style, { limit: 30 }));
    expect(sent[0]!.query).toEqual({ per_page: 30 });
    expect(sent[1]!.path).toBe('http://api.test/runs?per_page=2&page=2&x=y');
    expect(sent[1]!.query).toBeUndefined();
    expect(pages.map((p) => [p.items, p.total, p.more])).toEqual([
      [ids(2), 4, true],
      [ids(4).slice(2), 4, false],
    ]);
  });

  it('marker style: the size parameter too, and markers followed until absent', async () => {
    const style = markerStyle<{ id: number }>({
      items: 'entries',
      markerField: 'next_marker',
      markerParam: 'marker',
      sizeParam: 'limit',
      maxSize: 1000,
    });
    const { http, sent } = pagesClient([
      { data: { entries: ids(1), next_marker: 'm2' } },
      { data: { entries: ids(1), next_marker: null } },
    ]);
    const pages = await all(
      paginatePages(http, { method: 'GET', path: '/jobs', query: { usemarker: true } }, style),
    );
    expect(sent.map((s) => s.query)).toEqual([
      { usemarker: true, limit: 1000 },
      { usemarker: true, limit: 1000, marker: 'm2' },
    ]);
    expect(pages.map((p) => p.more)).toEqual([true, false]);
  });
});

describe('printPages: the one "N of M shown" hint', () => {
  const style = offsetStyle<{ id: number }>({
    items: 'items',
    offsetParam: 'offset',
    limitParam: 'limit',
    pageSize: 100,
    total: 'total',
  });

  it('says how many of the total were shown when the limit cut the list', async () => {
    const { io, printer, feedback } = output({ tty: true });
    const { http } = pagesClient([{ data: { items: ids(2), total: 312 } }]);
    const n = await printPages({
      printer,
      feedback,
      pages: paginatePages(http, { method: 'GET', path: '/x' }, style, { limit: 2 }),
      columns: [{ header: 'id', get: (r) => r.id }],
      limit: 2,
      noun: 'runs',
    });
    expect(n).toBe(2);
    expect(io.out()).toBe('ID\n1\n2\n');
    expect(io.err()).toContain('2 of 312 runs shown; --all or --limit N for more');
  });

  it('says nothing when everything was shown, or with --all', async () => {
    for (const limit of [5, undefined]) {
      const { io, printer, feedback } = output({ tty: true });
      const { http } = pagesClient([{ data: { items: ids(3), total: 3 } }]);
      await printPages({
        printer,
        feedback,
        pages: paginatePages(http, { method: 'GET', path: '/x' }, style, { limit }),
        columns: [{ header: 'id', get: (r) => r.id }],
        limit,
        noun: 'runs',
      });
      expect(io.err()).toBe('');
    }
  });
});

describe('itemsOf: the items of a page stream', () => {
  const page = (items: number[], more = true): Page<number> => ({
    items,
    more,
    total: 9,
    response: { status: 200, headers: {}, data: null, url: '', attempts: 1 },
  });

  it('gives every item in order across pages, empty ones included, and tells of each page', async () => {
    const seen: number[][] = [];
    async function* pages() {
      yield page([1, 2]);
      yield page([]);
      yield page([3], false);
    }
    expect(await all(itemsOf(pages(), (p) => seen.push(p.items)))).toEqual([1, 2, 3]);
    expect(seen).toEqual([[1, 2], [], [3]]);
    expect(await all(itemsOf((async function* () {})()))).toEqual([]);
  });

  it('ending the loop early ends the page stream, and no further page is asked for', async () => {
    let asked = 0;
    let ended = false;
    async function* pages() {
      try {
        for (;;) {
          asked++;
          yield page([asked * 10, asked * 10 + 1]);
        }
      } finally {
        ended = true;
      }
    }
    const got: number[] = [];
    for await (const item of itemsOf(pages())) {
      got.push(item);
      if (got.length === 3) break;
    }
    expect(got).toEqual([10, 11, 20]);
    expect(asked).toBe(2);
    expect(ended).toBe(true);
  });
});
