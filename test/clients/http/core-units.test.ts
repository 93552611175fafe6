import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../../src/clients/http/parse-error.js';
import { collect, offsetStyle, paginate, parseLinkHeader } from '../../../src/clients/http/paginate.js';
import { Redactor, redactorFor } from '../../../src/clients/http/redact.js';
import { backoffSeconds, serverWaitSeconds } from '../../../src/clients/http/retry.js';
import type { HttpClient, HttpResponse, RequestSpec } from '../../../src/clients/http/types.js';
import { assertSafeRawPath, encodePath, resolveUrl, route } from '../../../src/clients/http/url.js';
import { UsageError } from '../../../src/errors.js';

describe('error bodies of every seed shape', () => {
  it.each([
    [
      '{errors:[…]} (secrets, hosts)',
      { errors: ['permission denied', 'second'] },
      { message: 'permission denied; second' },
    ],
    [
      '{error:{code,message}} (meter)',
      {
        error: {
          code: 'billing_meter_event_session_expired',
          message: 'expired',
          type: 'temporary_session_expired',
        },
      },
      { message: 'expired', code: 'billing_meter_event_session_expired' },
    ],
    [
      '{errorCode,errorMessage,correlationId} (cloud)',
      { errorCode: '404', errorMessage: 'Server not found', correlationId: 'c-1' },
      { message: 'Server not found', code: '404', requestId: 'c-1' },
    ],
    [
      '{type:"error",status,code,message,request_id}',
      { type: 'error', status: 403, code: 'forbidden', message: 'no access', request_id: 'r-9' },
      { message: 'no access', code: 'forbidden', requestId: 'r-9' },
    ],
    [
      'data API envelope with status_code',
      {
        id: 'e-1',
        status_code: 20000,
        status_message: 'Ok.',
        tasks: [{ status_code: 40501, status_message: 'Invalid Field: limit.' }],
      },
      { message: 'Invalid Field: limit.', code: '40501', requestId: 'e-1' },
    ],
    [
      '{statusCode,message} (breach)',
      { statusCode: 401, message: 'Access denied due to invalid breach-api-key.' },
      { message: 'Access denied due to invalid breach-api-key.' },
    ],
    ['plain text', 'upstream timed out', { message: 'upstream timed out' }],
    [
      'an HTML page: its title',
      '<html><head><title>503 Service Unavailable</title></head></html>',
      { message: '503 Service Unavailable' },
    ],
    ['nothing useful: the status text', {}, { message: 'forbidden' }],
  ])('%s', (_name, body, expected) => {
    expect(parseErrorBody(403, body, {})).toMatchObject(expected);
  });

  it('takes the request id from the headers when the body has none', () => {
    expect(parseErrorBody(500, { errors: ['x'] }, { 'x-request-id': 'abc' }).requestId).toBe('abc');
  });
});

describe('URLs', () => {
  it('route encodes each parameter as one segment', () => {
    expect(route`/api/v1/host/${'web 1/a'}/mute`).toBe('/api/v1/host/web%201%2Fa/mute');
  });
  it.each(['..', '.', ''])('route refuses %j before sending', (v) => {
    expect(() => route`/x/${v}`).toThrow(UsageError);
  });
  it('encodePath keeps slashes and refuses traversal', () => {
    expect(encodePath('team/app db')).toBe('team/app%20db');
    expect(() => encodePath('team/../sys')).toThrow('has a ".." segment');
  });
  it('assertSafeRawPath sees through percent-encoding', () => {
    expect(() => assertSafeRawPath('/v1/%2e%2e/sys')).toThrow(UsageError);
    expect(() => assertSafeRawPath('/v1/secret/a.b')).not.toThrow();
  });
  it('resolveUrl keeps the base path and refuses to climb above it', () => {
    expect(resolveUrl('http://h/base/', '/x', { a: 1 }).toString()).toBe('http://h/base/x?a=1');
    expect(() => resolveUrl('http://h/base', '/../x')).toThrow(UsageError);
  });
});

describe('retry hints', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    [{ 'retry-after': '5' }, 5],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:09 GMT' }, 9],
    [{ 'x-ratelimit-reset': '12' }, 12],
    [{ 'x-ratelimit-reset': String(now / 1000 + 30) }, 30],
    [{ 'x-ratelimit-reset': String(now / 1000 + 30), 'x-ratelimit-remaining': '0' }, 30],
    // Requests left in the window: the reset says nothing about when to try again.
    [{ 'x-ratelimit-reset': String(now / 1000 + 3000), 'x-ratelimit-remaining': '4999' }, undefined],
    [{}, undefined],
  ])('%j → %s s', (headers, expected) => {
    expect(serverWaitSeconds(headers as Record<string, string>, now)).toBe(expected);
  });
  it('backoff stays within half to all of 0.5 s × 2^n, capped at 20 s', () => {
    expect(backoffSeconds(0, () => 0)).toBe(0.25);
    expect(backoffSeconds(0, () => 1)).toBe(0.5);
    expect(backoffSeconds(10, () => 1)).toBe(20);
  });
});

describe('pagination', () => {
  function fakeHttp(pages: (spec: RequestSpec) => unknown): HttpClient & { calls: RequestSpec[] } {
    const calls: RequestSpec[] = [];
    return {
      service: 'fake',
      baseUrl: 'http://x',
      calls,
      async request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
        calls.push(spec);
        return { status: 200, headers: {}, data: pages(spec) as T, url: '', attempts: 1 };
      },
    };
  }
  // Every list's items are JSON objects (the paginator refuses any other item).
  const items = Array.from({ length: 10 }, (_, i) => ({ id: i }));

  it('offset/limit in the POST body (data API style) until the total', async () => {
    const http = fakeHttp((spec) => {
      const b = spec.body as { offset: number; limit: number };
      return { total: 10, rows: items.slice(b.offset, b.offset + b.limit) };
    });
    const style = offsetStyle<{ id: number }>({
      items: 'rows',
      offsetParam: 'offset',
      limitParam: 'limit',
      pageSize: 4,
      total: 'total',
      in: 'body',
    });
    const all = await collect(
      paginate(http, { method: 'POST', path: '/e', body: { offset: 0, limit: 4 } }, style),
    );
    expect(all).toEqual(items);
    expect(http.calls.map((c) => (c.body as { offset: number }).offset)).toEqual([0, 4, 8]);
  });

  it('without a total it stops on a short page', async () => {
    const http = fakeHttp((spec) =>
      items.slice(Number(spec.query?.start ?? 0), Number(spec.query?.start ?? 0) + 3),
    );
    const style = offsetStyle<{ id: number }>({
      items: '',
      offsetParam: 'start',
      limitParam: 'count',
      pageSize: 3,
    });
    expect(await collect(paginate(http, { method: 'GET', path: '/h', query: { count: 3 } }, style))).toEqual(
      items,
    );
    expect(http.calls).toHaveLength(4);
  });

  it('--limit stops early and requests no further page', async () => {
    const http = fakeHttp((spec) => ({
      total: 10,
      rows: items.slice(Number(spec.query?.start ?? 0), Number(spec.query?.start ?? 0) + 4),
    }));
    const style = offsetStyle<{ id: number }>({
      items: 'rows',
      offsetParam: 'start',
      limitParam: 'count',
      pageSize: 4,
      total: 'total',
    });
    expect(
      await collect(paginate(http, { method: 'GET', path: '/h', query: { count: 4 } }, style, { limit: 5 })),
    ).toEqual(items.slice(0, 5));
    expect(http.calls).toHaveLength(2);
  });

  it('parses Link headers', () => {
    expect(parseLinkHeader('<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"')).toEqual({
      next: 'https://a/x?page=2',
      last: 'https://a/x?page=9',
    });
  });
});

describe('redaction', () => {
  const r = new Redactor(['s3cr3t-value'], ['X-Svc-Sig']);
  it('masks known values, secret headers and secret JSON keys', () => {
    expect(r.text('token is s3cr3t-value!')).toBe('token is ***!');
    expect(r.header('x-svc-sig', 'abc')).toBe('***');
    expect(r.with(['other-value']).header('X-Svc-Sig', 'abc')).toBe('***');
    expect(new Redactor([]).header('X-Svc-Sig', 'abc')).toBe('abc');
    // Named as a credential: masked whatever service it is sent to.
    expect(new Redactor([]).header('X-Svc-Token', 'abc')).toBe('***');
    expect(r.header('Authorization', 'Basic dXNlcjpwdw==')).toBe('Basic ***');
    expect(r.json({ data: { password: 'p', client_token: 't', name: 'n' } })).toEqual({
      data: { password: '***', client_token: '***', name: 'n' },
    });
  });
  it('leaves page tokens readable, but masks a known secret value inside one', () => {
    expect(r.json({ next_page_token: 'p2', nextPageToken: 'p3', pageToken: 'p4', token: 't' })).toEqual({
      next_page_token: 'p2',
      nextPageToken: 'p3',
      pageToken: 'p4',
      token: '***',
    });
    expect(r.json({ next_page_token: 'after-s3cr3t-value' })).toEqual({ next_page_token: 'after-***' });
  });
  it('masks a known value a URL carries percent-encoded, and the password of its user part', () => {
    const key = new Redactor(['abc+def/ghi= j']);
    expect(key.text('GET http://h/x?api_key=abc%2Bdef%2Fghi%3D+j&n=1')).toBe(
      'GET http://h/x?api_key=***&n=1',
    );
    expect(key.text('/v1/abc%2Bdef%2Fghi%3D%20j/x')).toBe('/v1/***/x');
    expect(key.text('https://bob:pa55word-x@h.test/x and http://h:8080/a@b')).toBe(
      'https://bob:***@h.test/x and http://h:8080/a@b',
    );
    // A URL parser takes the authority's last `@`: the password is all of `p@ss`.
    expect(key.text('"http://bob:p@ss@h.test/x","mail":"me@h.test"')).toBe(
      '"http://bob:***@h.test/x","mail":"me@h.test"',
    );
  });
  it('masks a query parameter named as a credential in any URL it shows, a body value included; not a page token', () => {
    const none = new Redactor([]);
    expect(
      none.json({ url: 'https://console.test/vnc.html?autoconnect=true&token=bb75-console-t&x=1#top' }),
    ).toEqual({ url: 'https://console.test/vnc.html?autoconnect=true&token=***&x=1#top' });
    expect(none.text('> GET http://h/x?count=1&api_key=QSsecret1234&access_token=QSsecret5678')).toBe(
      '> GET http://h/x?count=1&api_key=***&access_token=***',
    );
    expect(none.text('a redirect to http://h/y?session=abc&app-key=def (not http)')).toBe(
      'a redirect to http://h/y?session=***&app-key=*** (not http)',
    );
    expect(none.text('http://h/x?page_token=p2&page-token=p3&next_page_token=p4&keys=a&tokens=b')).toBe(
      'http://h/x?page_token=p2&page-token=p3&next_page_token=p4&keys=a&tokens=b',
    );
  });
  it('with(): itself when it holds the values already, else one that masks both, encoded forms too', () => {
    const key = new Redactor(['abc+def/ghi= j', 'abc'], ['X-Svc-Sig']);
    expect(key.with(['abc+def/ghi= j', undefined, 'abc'])).toBe(key);
    const more = key.with(['tok en/2']);
    expect(more).not.toBe(key);
    expect(more.text('abc%2Bdef%2Fghi%3D+j tok%20en%2F2 tok+en%2F2 tok en/2')).toBe('*** *** *** ***');
    expect(more.header('X-Svc-Sig', 'v')).toBe('***');
  });
  it('redactorFor: the one made before for the same values and headers, a new one for others', () => {
    const a = redactorFor(['rf-secret-1', undefined], ['X-Rf-Sig']);
    expect(redactorFor(['rf-secret-1', undefined], ['X-Rf-Sig'])).toBe(a);
    expect(a.text('rf-secret-1 and rf-secret-2')).toBe('*** and rf-secret-2');
    expect(a.header('X-Rf-Sig', 'v')).toBe('***');
    // Another value, or the same value for another header list: a redactor of its own.
    const b = redactorFor(['rf-secret-2'], ['X-Rf-Sig']);
    expect(b).not.toBe(a);
    expect(b.text('rf-secret-1 and rf-secret-2')).toBe('rf-secret-1 and ***');
    const c = redactorFor(['rf-secret-1', undefined]);
    expect(c).not.toBe(a);
    expect(c.header('X-Rf-Sig', 'v')).toBe('v');
    // Only the last few are kept: after many others, the first is made again, and masks the same.
    for (let n = 0; n < 20; n++) redactorFor([`rf-other-${n}`]);
    const again = redactorFor(['rf-secret-1', undefined], ['X-Rf-Sig']);
    expect(again).not.toBe(a);
    expect(again.text('rf-secret-1')).toBe('***');
  });
});
