import { Readable } from 'node:stream';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerAuth } from '../../../src/clients/http/auth.js';
import { MAX_ANSWER_BYTES, decoded, decodedStream } from '../../../src/clients/http/answer.js';
import { createHttpClient, type HttpClientOptions } from '../../../src/clients/http/client.js';
import { Redactor } from '../../../src/clients/http/redact.js';
import { ApiError, DryRunStop, NetworkError } from '../../../src/errors.js';
import { encodedForms } from '../../helpers/http.js';

const ORIGIN = 'http://api.test';
let agent: MockAgent;
let sleeps: number[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  sleeps = [];
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

function client(o: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    service: 'svc',
    baseUrl: `${ORIGIN}/base`,
    auth: bearerAuth('tok-secret-1'),
    retries: 3,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    dispatcher: agent,
    redactor: new Redactor([]),
    sleep: async (ms) => void sleeps.push(ms),
    ...o,
  });
}
const pool = () => agent.get(ORIGIN);

describe('retries', () => {
  it('503 with Retry-After seconds, then 200: waits what the server asked', async () => {
    pool()
      .intercept({ path: '/base/x', method: 'GET' })
      .reply(503, { errors: ['busy'] }, { headers: { 'retry-after': '2' } });
    pool().intercept({ path: '/base/x', method: 'GET' }).reply(200, { ok: true });
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.data).toEqual({ ok: true });
    expect(res.attempts).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it('Retry-After as an HTTP date and X-RateLimit-Reset are obeyed', async () => {
    const date = new Date(Date.now() + 3000).toUTCString();
    pool()
      .intercept({ path: '/base/x', method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': date } });
    pool()
      .intercept({ path: '/base/x', method: 'GET' })
      .reply(429, {}, { headers: { 'x-ratelimit-reset': '7' } });
    pool().intercept({ path: '/base/x', method: 'GET' }).reply(200, {});
    await client().request({ method: 'GET', path: '/x' });
    expect(sleeps[0]).toBeGreaterThan(1000);
    expect(sleeps[0]).toBeLessThanOrEqual(3000);
    expect(sleeps[1]).toBe(7000);
  });

  it('without a hint the backoff is jittered and grows', async () => {
    for (let i = 0; i < 3; i++)
      pool().intercept({ path: '/base/x', method: 'GET' }).reply(502, 'bad gateway');
    pool().intercept({ path: '/base/x', method: 'GET' }).reply(200, {});
    await client().request({ method: 'GET', path: '/x' });
    expect(sleeps).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[2]).toBeGreaterThanOrEqual(1000);
    expect(sleeps[2]).toBeLessThanOrEqual(2000);
  });

  it('the budget spent on 429 gives an ApiError with exit 5 and the retry hint', async () => {
    for (let i = 0; i < 2; i++)
      pool()
        .intercept({ path: '/base/x', method: 'GET' })
        .reply(429, { errors: ['slow down'] }, { headers: { 'retry-after': '1' } });
    const err = await client({ retries: 1 })
      .request({ method: 'GET', path: '/x' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.exitCode).toBe(5);
    expect(err.retryAfter).toBe(1);
    expect(err.message).toBe('slow down');
  });

  it('a wait longer than --max-wait is not taken; the hint names --max-wait', async () => {
    pool()
      .intercept({ path: '/base/x', method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': '120' } });
    const err = await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e) => e);
    expect(sleeps).toEqual([]);
    expect(err.hint).toContain('--max-wait 120');
  });

  it('a POST is not retried on 503 unless it carries an idempotency identifier', async () => {
    pool().intercept({ path: '/base/p', method: 'POST' }).reply(503, {});
    await expect(client().request({ method: 'POST', path: '/p', body: {} })).rejects.toMatchObject({
      status: 503,
      exitCode: 7,
    });
    pool().intercept({ path: '/base/p', method: 'POST' }).reply(503, {});
    pool().intercept({ path: '/base/p', method: 'POST' }).reply(200, { done: 1 });
    const res = await client().request({ method: 'POST', path: '/p', body: {}, idempotent: true });
    expect(res.data).toEqual({ done: 1 });
  });

  it('a service adds its own retryable statuses (412 for the secrets store)', async () => {
    pool()
      .intercept({ path: '/base/s', method: 'GET' })
      .reply(412, { errors: ['not yet replicated'] });
    pool().intercept({ path: '/base/s', method: 'GET' }).reply(200, {});
    await client({ retryStatuses: [412] }).request({ method: 'GET', path: '/s' });
    expect(sleeps).toHaveLength(1);
  });

  it('a service names other refusals that are rate limits: retried like a 429, at least its wait, exit 5', async () => {
    const rateLimitWait = (status: number, parsed: { message: string }) =>
      status === 403 && /quota/.test(parsed.message) ? 30 : undefined;
    pool()
      .intercept({ path: '/base/p', method: 'POST' })
      .reply(403, { errors: ['quota spent'] });
    pool().intercept({ path: '/base/p', method: 'POST' }).reply(200, {});
    await client({ rateLimitWait }).request({ method: 'POST', path: '/p', body: {} });
    expect(sleeps).toEqual([30_000]);

    pool()
      .intercept({ path: '/base/p', method: 'POST' })
      .reply(403, { errors: ['quota spent'] }, { headers: { 'retry-after': '2' } });
    const spent = await client({ rateLimitWait, retries: 0 })
      .request({ method: 'POST', path: '/p', body: {} })
      .catch((e) => e);
    expect([spent.status, spent.exitCode, spent.retryAfter]).toEqual([403, 5, 2]);

    pool()
      .intercept({ path: '/base/p', method: 'POST' })
      .reply(403, { errors: ['quota spent'] });
    const tooLong = await client({ rateLimitWait, maxWaitSeconds: 10 })
      .request({ method: 'POST', path: '/p', body: {} })
      .catch((e) => e);
    expect([tooLong.exitCode, tooLong.hint]).toEqual([
      5,
      'the service asks to wait 30 s; allow it with --max-wait 30',
    ]);

    pool()
      .intercept({ path: '/base/p', method: 'POST' })
      .reply(403, { errors: ['no permission'] });
    const denied = await client({ rateLimitWait })
      .request({ method: 'POST', path: '/p', body: {} })
      .catch((e) => e);
    expect([denied.status, denied.exitCode]).toEqual([403, 4]);
    expect(sleeps).toEqual([30_000]);
  });

  it('a network error is retried for a GET and reported after the budget', async () => {
    pool()
      .intercept({ path: '/base/n', method: 'GET' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    pool()
      .intercept({ path: '/base/n', method: 'GET' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const err = await client({ retries: 1 })
      .request({ method: 'GET', path: '/n' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.exitCode).toBe(7);
  });
});

describe('answers', () => {
  it('okStatuses turn a 404 into an answer', async () => {
    pool().intercept({ path: '/base/a', method: 'GET' }).reply(404, '');
    const res = await client().request({ method: 'GET', path: '/a', okStatuses: [404] });
    expect(res.status).toBe(404);
  });

  it('204 gives undefined data; 200 with an empty body gives {}', async () => {
    pool().intercept({ path: '/base/a', method: 'DELETE' }).reply(204, '');
    expect((await client().request({ method: 'DELETE', path: '/a' })).data).toBeUndefined();
    pool().intercept({ path: '/base/b', method: 'POST' }).reply(200, '');
    expect((await client().request({ method: 'POST', path: '/b' })).data).toEqual({});
  });

  it('a truncated JSON body is a NetworkError saying what arrived', async () => {
    pool()
      .intercept({ path: '/base/t', method: 'GET' })
      .reply(200, '{"a": [1,', { headers: { 'content-type': 'application/json' } });
    const err = await client()
      .request({ method: 'GET', path: '/t' })
      .catch((e) => e);
    expect(err.message).toBe(
      'svc answered 200 with a body that is not valid JSON (application/json, 9 bytes): "{"a": [1,"',
    );
  });

  it('query values are encoded, undefined ones left out, arrays repeated', async () => {
    pool().intercept({ path: '/base/q?a=x+y&n=1&t=1&t=2', method: 'GET' }).reply(200, {});
    const res = await client().request({
      method: 'GET',
      path: '/q',
      query: { a: 'x y', n: 1, skip: undefined, t: [1, 2] },
    });
    expect(res.url).toBe('http://api.test/base/q?a=x+y&n=1&t=1&t=2');
  });
});

describe('sensitive bodies', () => {
  it('--debug and --dry-run show their shape with every value masked', async () => {
    const lines: string[] = [];
    pool()
      .intercept({ path: '/base/kv', method: 'GET' })
      .reply(200, { data: { password: 'v4lue-out', n: 3, ok: true } });
    await client({ log: (l) => lines.push(l) }).request({ method: 'GET', path: '/kv', sensitive: true });
    expect(lines.at(-1)).toBe('< {"data":{"password":"***","n":"***","ok":true}}');
    let curl = '';
    await expect(
      client({ dryRun: (c) => void (curl = c.line) }).request({
        method: 'POST',
        path: '/kv',
        rawBody: '{"data":{"user":"app-user"}}',
        sensitive: true,
      }),
    ).rejects.toBeInstanceOf(DryRunStop);
    // Its value is read from a variable that the line runs with (test/clients/http/curl.test.ts).
    expect(curl).toContain(`--data-binary '{"data":{"user":"'"$OPS_VALUE_USER"'"}}'`);
    expect(curl).not.toContain('app-user');
  });
});

describe('--debug logs a body as it came', () => {
  // It logged the parsed body encoded again: 1e999 (Infinity) as null, a large integer as another.
  it('numbers as written (1e999, 12345678901234567890, 1.0), secret keys still masked, cut at 2,000', async () => {
    const lines: string[] = [];
    const text =
      '{"total": 1e999, "id": 12345678901234567890, "f": 1.0, "password": "v4lue-out", "n": [-1E+400]}';
    pool()
      .intercept({ path: '/base/n', method: 'GET' })
      .reply(200, text, { headers: { 'content-type': 'application/json' } });
    const c = client({ log: (l) => lines.push(l) });
    await c.request({ method: 'GET', path: '/n' });
    expect(lines.at(-1)).toBe(
      '< {"total":1e999,"id":12345678901234567890,"f":1.0,"password":"***","n":[-1E+400]}',
    );
    // A sensitive answer: every value masked, a number too.
    pool()
      .intercept({ path: '/base/s', method: 'GET' })
      .reply(200, '{"data":{"pin":1e999,"ok":true}}', { headers: { 'content-type': 'application/json' } });
    await c.request({ method: 'GET', path: '/s', sensitive: true });
    expect(lines.at(-1)).toBe('< {"data":{"pin":"***","ok":true}}');
    const long = `[${Array(1500).fill('1e999').join(',')}]`;
    pool()
      .intercept({ path: '/base/long', method: 'GET' })
      .reply(200, long, { headers: { 'content-type': 'application/json' } });
    await c.request({ method: 'GET', path: '/long' });
    expect(lines.at(-1)).toBe(`< ${long.slice(0, 2000)}… (${long.length} chars)`);
  });
});

describe("a service's secretRequests", () => {
  const rules = [
    { methods: ['GET'], path: /^\/kv\/meta$/, secret: false as const },
    {
      methods: ['PUT'],
      path: /^\/vars\/([^/]+)$/,
      fields: (m: RegExpExecArray) => [{ path: 'value', name: m[1] }],
    },
    { path: /^\/kv\// },
  ];

  it('mark a request that does not say itself: --debug masks both bodies, --dry-run reads the value from OPS_VALUE_<NAME>', async () => {
    const lines: string[] = [];
    pool()
      .intercept({ path: '/base/kv/app', method: 'GET' })
      .reply(200, { data: { greeting: 'hello-val' } });
    await client({ log: (l) => lines.push(l), secretRequests: rules }).request({
      method: 'GET',
      path: '/kv/app',
    });
    expect(lines.at(-1)).toBe('< {"data":{"greeting":"***"}}');
    let curl = '';
    await expect(
      client({ dryRun: (c) => void (curl = c.line), secretRequests: rules }).request({
        method: 'PUT',
        path: '/vars/MY_VAR',
        body: { value: 'Var-Value-1' },
      }),
    ).rejects.toBeInstanceOf(DryRunStop);
    expect(curl).toContain(`--data-binary '{"value":"'"$OPS_VALUE_MY_VAR"'"}'`);
    expect(curl).not.toContain('Var-Value-1');
  });

  it('leave alone what a rule carves out and what the request says itself', async () => {
    const lines: string[] = [];
    pool().intercept({ path: '/base/kv/meta', method: 'GET' }).reply(200, { versions: 'v3' });
    pool().intercept({ path: '/base/kv/said', method: 'GET' }).reply(200, { shown: 'plain-val' });
    const c = client({ log: (l) => lines.push(l), secretRequests: rules });
    await c.request({ method: 'GET', path: '/kv/meta' });
    expect(lines.at(-1)).toBe('< {"versions":"v3"}');
    await c.request({ method: 'GET', path: '/kv/said', sensitive: false });
    expect(lines.at(-1)).toBe('< {"shown":"plain-val"}');
  });
});

describe('credentials', () => {
  it('are sent to the configured host and dropped on a redirect to another host', async () => {
    pool()
      .intercept({ path: '/base/r', method: 'GET', headers: { authorization: 'Bearer tok-secret-1' } })
      .reply(302, '', { headers: { location: 'http://other.test/file' } });
    agent
      .get('http://other.test')
      .intercept({ path: '/file', method: 'GET', headers: (h) => !('authorization' in h) })
      .reply(200, { moved: true });
    expect((await client().request({ method: 'GET', path: '/r' })).data).toEqual({ moved: true });
  });

  it("headers the caller adds follow curl: Authorization, Cookie and the service's credential header drop on another host", async () => {
    const added = {
      Authorization: 'Bearer from-H',
      Cookie: 'session=abc',
      'X-Svc-Auth': 'svc-key',
      'X-Trace': 'kept',
    };
    pool()
      .intercept({ path: '/base/r', method: 'GET', headers: { cookie: 'session=abc', 'x-trace': 'kept' } })
      .reply(302, '', { headers: { location: 'http://other.test/file' } });
    agent
      .get('http://other.test')
      .intercept({
        path: '/file',
        method: 'GET',
        headers: (h) =>
          h['x-trace'] === 'kept' && !('authorization' in h) && !('cookie' in h) && !('x-svc-auth' in h),
      })
      .reply(200, { moved: true });
    const res = await client({ redactor: new Redactor([], ['X-Svc-Auth']) }).request({
      method: 'GET',
      path: '/r',
      headers: added,
    });
    expect(res.data).toEqual({ moved: true });
  });

  it('are kept on a same-host redirect', async () => {
    pool()
      .intercept({ path: '/base/r', method: 'GET' })
      .reply(307, '', { headers: { location: '/base/s' } });
    pool()
      .intercept({ path: '/base/s', method: 'GET', headers: { authorization: 'Bearer tok-secret-1' } })
      .reply(200, {});
    const res = await client().request({ method: 'GET', path: '/r' });
    // Only the interceptor that requires the header could answer (the network is off).
    expect(res.url).toBe('http://api.test/base/s');
  });

  it('never appear in --debug or --dry-run output', async () => {
    const lines: string[] = [];
    pool().intercept({ path: '/base/d', method: 'POST' }).reply(200, { token: 'new-secret-token', ok: 1 });
    await client({ log: (l) => lines.push(l) }).request({
      method: 'POST',
      path: '/d',
      body: { password: 'pw-value-9' },
    });
    const log = lines.join('\n');
    expect(log).toContain('authorization: Bearer ***');
    expect(log).not.toMatch(/tok-secret-1|pw-value-9|new-secret-token/);
    let curl = '';
    await expect(
      client({ dryRun: (c) => void (curl = c.line) }).request({
        method: 'PUT',
        path: '/d',
        body: { secret: 'tok-secret-1', name: 'n' },
      }),
    ).rejects.toBeInstanceOf(DryRunStop);
    expect(curl).toBe(
      `curl -X PUT http://api.test/base/d -H accept:\\ application/json -H 'content-type: application/json' -H 'authorization: Bearer ***' --data-binary '{"secret":"'"$OPS_VALUE_SECRET"'","name":"n"}'`.replace(
        'accept:\\ application/json',
        "'accept: application/json'",
      ),
    );
  });
});

describe('one client, request after request', () => {
  it('carries no header, credential or query of one request over to the next', async () => {
    pool()
      .intercept({
        path: '/base/a',
        method: 'GET',
        headers: { 'x-trace': '1', authorization: 'Bearer tok-secret-1' },
      })
      .reply(200, { n: 1 });
    pool()
      .intercept({ path: '/base/a', method: 'GET', headers: (h) => !('x-trace' in h) })
      .reply(200, { n: 2 });
    pool()
      .intercept({ path: '/base/a', method: 'GET', headers: { authorization: 'Bearer other-token-2' } })
      .reply(200, { n: 3 });
    pool()
      .intercept({ path: '/base/a', method: 'GET', headers: (h) => !('authorization' in h) })
      .reply(200, { n: 4 });
    pool().intercept({ path: '/base/a?q=1', method: 'GET' }).reply(200, { n: 5 });
    pool().intercept({ path: '/base/a', method: 'GET' }).reply(200, { n: 6 });
    const c = client();
    const data = [
      await c.request({ method: 'GET', path: '/a', headers: { 'X-Trace': '1' } }),
      await c.request({ method: 'GET', path: '/a' }),
      await c.request({ method: 'GET', path: '/a', auth: bearerAuth('other-token-2') }),
      await c.request({ method: 'GET', path: '/a', auth: false }),
      await c.request({ method: 'GET', path: '/a', query: { q: 1 } }),
      await c.request({ method: 'GET', path: '/a' }),
    ].map((r) => r.data);
    expect(data).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }, { n: 6 }]);
  });

  it("retries each request on its own extra statuses, not on the last request's", async () => {
    pool().intercept({ path: '/base/s', method: 'GET' }).reply(409, {});
    pool().intercept({ path: '/base/s', method: 'GET' }).reply(200, {});
    pool().intercept({ path: '/base/s', method: 'GET' }).reply(409, { message: 'conflict' });
    const c = client();
    await c.request({ method: 'GET', path: '/s', retryStatuses: [409] });
    const err = await c.request({ method: 'GET', path: '/s', retryStatuses: [410] }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(409);
    expect(sleeps).toHaveLength(1);
  });

  it("masks a request's own credential in --debug lines and in the error it throws", async () => {
    const lines: string[] = [];
    pool()
      .intercept({ path: '/base/t', method: 'POST' })
      .reply(400, { error: { message: 'token per-request-secret-7 is not valid here' } });
    const err = await client({ log: (l) => lines.push(l), retries: 0 })
      .request({ method: 'POST', path: '/t', auth: bearerAuth('per-request-secret-7') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).not.toContain('per-request-secret-7');
    expect(lines.join('\n')).not.toContain('per-request-secret-7');
    expect(lines.join('\n')).toContain('authorization: Bearer ***');
  });
});

describe('content codings', () => {
  const json = Buffer.from('{"host_list":[{"id":1}]}');
  const zlib = process.getBuiltinModule('node:zlib');
  /** The request's answer, or its error, when the service sends `body` with `encoding`. */
  const answered = (body: string | Buffer, encoding: string) => {
    const headers = { 'content-type': 'application/json', 'content-encoding': encoding };
    pool().intercept({ path: '/base/x', method: 'GET' }).reply(200, body, { headers });
    return client()
      .request({ method: 'GET', path: '/x' })
      .catch((e) => e);
  };
  it.each(encodedForms(json))('%s: the body is decoded before it is read', async (encoding, body) => {
    expect((await answered(body, encoding)).data).toEqual({ host_list: [{ id: 1 }] });
  });

  it('a coding ops cannot read is named: exit 7, not retried', async () => {
    const err = await answered('xx', 'zstd');
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe('svc answered with content-encoding zstd, which ops cannot read');
    expect(err.exitCode).toBe(7);
  });

  it('a gzip body that does not decode is a bad answer', async () => {
    const err = await answered('not gzip', 'gzip');
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/^svc answered 200 with a gzip body that does not decode \(/);
    expect(sleeps).toEqual([]);
  });

  it('a body that inflates past the largest answer is refused before it is held', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(20 * 1024);
    expect(() => decoded('svc', 200, bomb, 'gzip', 1024 * 1024)).toThrow(
      'svc answered 200 with a gzip body larger than 1048576 bytes once decoded',
    );
    expect(MAX_ANSWER_BYTES).toBe(process.getBuiltinModule('node:buffer').constants.MAX_STRING_LENGTH);
  });

  it('a streamed body that inflates past the limit is refused as it grows, not held', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024));
    const max = 1024 * 1024;
    const stream = decodedStream('svc', 200, Readable.from([bomb]), 'gzip', max);
    let got = 0;
    const err = await (async () => {
      for await (const chunk of stream) got += (chunk as Buffer).length;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toBe(
      'svc answered 200 with a gzip body larger than 1048576 bytes once decoded',
    );
    expect(got).toBeLessThanOrEqual(max);
  });
});
