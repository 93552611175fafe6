import { describe, expect, it } from 'vitest';
import { type PageStyle, paginatePages } from '../../../src/clients/http/paginate.js';
import type { HttpClient, HttpResponse, RequestSpec } from '../../../src/clients/http/types.js';

/** Pages of two items, `?page=N`; each request is held until `release` or its signal aborts. */
function pagedClient() {
  const sent: { spec: RequestSpec; release: () => void }[] = [];
  const http: HttpClient = {
    service: 'test',
    baseUrl: 'http://pages.test',
    request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
      return new Promise((resolve, reject) => {
        const page = Number(new URL(spec.path, 'http://pages.test').searchParams.get('page') ?? '1');
        const res = { status: 200, headers: {}, data: { items: [page * 10 + 1, page * 10 + 2] } };
        sent.push({ spec, release: () => resolve(res as unknown as HttpResponse<T>) });
        spec.signal?.addEventListener('abort', () => reject(spec.signal?.reason));
      });
    },
  };
  return { http, sent };
}

const style: PageStyle<number> = {
  items: (res) => (res.data as { items: number[] }).items,
  next: (_prev, _res, seen) =>
    seen < 10 ? { method: 'GET', path: `/items?page=${seen / 2 + 1}` } : undefined,
};

describe('paginatePages: the page fetched ahead', () => {
  it('is requested while the caller handles the current page', async () => {
    const { http, sent } = pagedClient();
    const pages = paginatePages(http, { method: 'GET', path: '/items' }, style);
    const first = pages.next();
    sent[0]!.release();
    expect((await first).value?.items).toEqual([11, 12]);
    // The caller holds page 1; page 2 is already on its way.
    expect(sent.map((s) => s.spec.path)).toEqual(['/items', '/items?page=2']);
    sent[1]!.release();
    expect((await pages.next()).value?.items).toEqual([21, 22]);
    await pages.return(undefined);
  });

  it('is cancelled when the caller stops early, and nothing further is asked for', async () => {
    const { http, sent } = pagedClient();
    const seen: number[] = [];
    const walking = (async () => {
      for await (const page of paginatePages(http, { method: 'GET', path: '/items' }, style)) {
        seen.push(...page.items);
        break; // a filter that has its count
      }
    })();
    await new Promise((r) => setTimeout(r, 0));
    sent[0]!.release();
    await walking;
    expect(seen).toEqual([11, 12]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.spec.signal?.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(2);
  });

  it('keeps the caller’s own signal: aborting it cancels the page in flight too', async () => {
    const { http, sent } = pagedClient();
    const caller = new AbortController();
    const pages = paginatePages(http, { method: 'GET', path: '/items', signal: caller.signal }, style);
    const first = pages.next();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[0]!.spec.signal?.aborted).toBe(false);
    caller.abort(new Error('interrupted'));
    await expect(first).rejects.toThrow('interrupted');
  });
});
