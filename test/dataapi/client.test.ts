import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataapiClient } from '../../src/clients/dataapi/client.js';
import { DataapiStatusError } from '../../src/clients/dataapi/envelope.js';
import { descriptor } from '../../src/clients/dataapi/index.js';
import type { AuthScheme } from '../../src/clients/http/auth.js';
import { createHttpClient } from '../../src/clients/http/client.js';
import { collect, paginatePages } from '../../src/clients/http/paginate.js';
import type { RawJson } from '../../src/clients/http/raw-json.js';
import { Redactor } from '../../src/clients/http/redact.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { failure, reportEnvelope } from './helpers.js';

const ORIGIN = 'http://dataapi.test';
const LOGIN = 'me@example.com';
const PASSWORD = 'api-password-123';
const BASIC = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
let agent: MockAgent;
let sleeps: number[];
let retried: string[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  sleeps = [];
  retried = [];
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const settings = {
  get: (k: string) => ({ login: LOGIN, password: PASSWORD })[k],
  require: (k: string) => ({ login: LOGIN, password: PASSWORD })[k]!,
};

function http(retries = 2) {
  const auth = descriptor.auth(settings) as AuthScheme;
  return createHttpClient({
    service: 'dataapi',
    baseUrl: `${ORIGIN}/d`,
    auth,
    retries,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    dispatcher: agent,
    redactor: new Redactor(auth.secrets),
    sleep: async (ms) => void sleeps.push(ms),
    parseError: descriptor.parseError,
    hintFor: descriptor.hintFor,
  });
}
function client(retries = 2) {
  return createDataapiClient(http(retries), {
    retries,
    sleep: async (ms) => void sleeps.push(ms),
    onRetry: (r) => void retried.push(r.reason),
  });
}
const pool = () => agent.get(ORIGIN);
const results = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => failure({ id: `task-${from + i}` }));
const items = async <T>(pages: AsyncIterable<{ items: T[] }>) => {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
};

describe('error reports', () => {
  it('keywords: POST with Basic auth and the request object in a one-item array', async () => {
    pool()
      .intercept({
        path: '/d/v3/keywords_data/errors',
        method: 'POST',
        headers: { authorization: BASIC, 'content-type': 'application/json' },
        body: JSON.stringify([
          {
            filtered_function: 'pingback_url',
            datetime_from: '2026-01-02 03:04:05 +00:00',
            datetime_to: '2026-01-03 03:04:05 +00:00',
            limit: 5,
          },
        ]),
      })
      .reply(200, reportEnvelope(results(5)));
    const got = await items(
      client().keywordsDataErrors(
        {
          filtered_function: 'pingback_url',
          datetime_from: '2026-01-02 03:04:05 +00:00',
          datetime_to: '2026-01-03 03:04:05 +00:00',
        },
        { limit: 5 },
      ),
    );
    expect(got.map((r) => r.id)).toEqual(['task-0', 'task-1', 'task-2', 'task-3', 'task-4']);
  });

  it('backlinks: its own path; what was not asked is left out', async () => {
    pool()
      .intercept({
        path: '/d/v3/backlinks/errors',
        method: 'POST',
        body: JSON.stringify([{ limit: 1000 }]),
      })
      .reply(200, reportEnvelope(results(2)));
    const got = await items(
      client().backlinksErrors({ filtered_function: undefined, datetime_from: undefined }),
    );
    expect(got).toHaveLength(2);
  });

  it('walks offset/limit pages inside the body until a short page', async () => {
    pool()
      .intercept({
        path: '/d/v3/keywords_data/errors',
        method: 'POST',
        body: JSON.stringify([{ limit: 1000 }]),
      })
      .reply(200, reportEnvelope(results(1000)));
    pool()
      .intercept({
        path: '/d/v3/keywords_data/errors',
        method: 'POST',
        body: JSON.stringify([{ limit: 1000, offset: 1000 }]),
      })
      .reply(200, reportEnvelope(results(3, 1000)));
    const got = await items(client().errors('keywords', {}));
    expect(got).toHaveLength(1003);
    expect(got[1002]!.id).toBe('task-1002');
  });

  it('a limit over one page: pages of 1000, the last one cut', async () => {
    pool()
      .intercept({ path: '/d/v3/backlinks/errors', method: 'POST', body: JSON.stringify([{ limit: 1000 }]) })
      .reply(200, reportEnvelope(results(1000)));
    pool()
      .intercept({
        path: '/d/v3/backlinks/errors',
        method: 'POST',
        body: JSON.stringify([{ limit: 1000, offset: 1000 }]),
      })
      .reply(200, reportEnvelope(results(1000, 1000)));
    const pages = await collect(client().errors('backlinks', {}, { limit: 1500 }));
    expect(pages.map((p) => p.items.length)).toEqual([1000, 500]);
    expect(pages[1]!.more).toBe(true);
  });

  it('null results and null tasks are an empty page', async () => {
    pool().intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' }).reply(200, reportEnvelope(null));
    expect(await items(client().errors('keywords', {}))).toEqual([]);
  });

  it('a task status other than 20000 is the error, with its message and task id: exit 1', async () => {
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(
        200,
        reportEnvelope(null, {
          id: 'task-9',
          status_code: 40506,
          status_message: 'Unknown Fields in POST Data: colour.',
        }),
      );
    const err = (await items(client().errors('keywords', {})).catch((e: unknown) => e)) as DataapiStatusError;
    expect(err).toBeInstanceOf(DataapiStatusError);
    expect(err.message).toBe('dataapi: Unknown Fields in POST Data: colour. (status 40506, task task-9)');
    expect(err.exitCode).toBe(1);
    expect(err.code).toBe('40506');
  });

  it('an envelope status other than 20000 is the error, with a hint where one helps', async () => {
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, {
        ...reportEnvelope(null),
        status_code: 40204,
        status_message: 'Access denied.',
        tasks: null,
      });
    const err = (await items(client().errors('keywords', {})).catch((e: unknown) => e)) as DataapiStatusError;
    expect(err.message).toBe('dataapi: Access denied. (status 40204)');
    expect(err.exitCode).toBe(1);
    expect(err.hint).toMatch(/no subscription/);
  });

  const rateLimited40202 = () => ({
    ...reportEnvelope(null),
    status_code: 40202,
    status_message: 'Rate-limit is exceeded.',
    tasks: null,
  });

  it('40202 in the envelope is retried with backoff, as the shared policy retries a 429', async () => {
    const limited = rateLimited40202();
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, limited, { headers: { 'x-ratelimit-limit': '2000', 'x-ratelimit-remaining': '0' } });
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, limited, { headers: { 'retry-after': '3' } });
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, reportEnvelope(results(1)));
    expect(await items(client().errors('keywords', {}))).toHaveLength(1);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[1]).toBe(3000);
    expect(retried).toEqual(['40202 Rate-limit is exceeded.', '40202 Rate-limit is exceeded.']);
  });

  it('40202 with a wait longer than --max-wait: exit 5 at once, with the wait to allow', async () => {
    const limited = rateLimited40202();
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, limited, { headers: { 'retry-after': '600' } });
    const limitedClient = createDataapiClient(http(2), {
      retries: 2,
      maxWaitSeconds: 60,
      sleep: async (ms) => void sleeps.push(ms),
      onRetry: (r) => void retried.push(r.reason),
    });
    const err = (await items(limitedClient.errors('keywords', {})).catch(
      (e: unknown) => e,
    )) as DataapiStatusError;
    expect(err.exitCode).toBe(5);
    expect(err.message).toBe('dataapi: Rate-limit is exceeded. (status 40202)');
    expect(err.hint).toBe('the service asks to wait 600 s; allow it with --max-wait 600');
    expect(sleeps).toEqual([]);
    expect(retried).toEqual([]);
  });

  it('40209 past the retry budget: exit 5', async () => {
    const limited = {
      ...reportEnvelope(null),
      status_code: 40209,
      status_message: 'Too many requests at once.',
    };
    for (let i = 0; i < 2; i++)
      pool().intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' }).reply(200, limited);
    const err = (await items(client(1).errors('keywords', {})).catch(
      (e: unknown) => e,
    )) as DataapiStatusError;
    expect(err.exitCode).toBe(5);
    expect(err.message).toBe('dataapi: Too many requests at once. (status 40209)');
    expect(sleeps).toHaveLength(1);
  });

  it('an answer that is no envelope: exit 7', async () => {
    pool().intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' }).reply(200, { hello: 'world' });
    const err = (await items(client().errors('keywords', {})).catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.exitCode).toBe(7);
    expect(err.message).toMatch(/not a data API envelope/);
  });

  it('raw (NDJSON): each failed task is the text the service sent; the envelope is still checked', async () => {
    // Written by hand: keys and spacing no JSON.stringify would give, which must come out as sent.
    const first = '{ "id":"t-1", "http_time" : 0.50 , "error_message":"caf\\u00e9" }';
    const body = JSON.stringify(reportEnvelope([])).replace(
      '"result":[]',
      `"result":[${first},{"id":"t-2"}]`,
    );
    pool().intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' }).reply(200, body);
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, reportEnvelope(null, { status_code: 40506, status_message: 'Unknown Fields.' }));
    const pages = await collect(client().errors('keywords', {}, { raw: true }));
    expect(pages[0]!.items.map((i) => (i as RawJson).text)).toEqual([
      '{ "id":"t-1", "http_time" : 0.50 , "error_message":"caf\\u00e9" }',
      '{"id":"t-2"}',
    ]);
    const err = await collect(client().errors('keywords', {}, { raw: true })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataapiStatusError);
    expect((err as DataapiStatusError).code).toBe('40506');
  });

  it('raw: an answer that is not JSON is named as the core names it, exit 7', async () => {
    pool()
      .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
      .reply(200, '<html>maintenance</html>', { headers: { 'content-type': 'text/html' } });
    const err = await collect(client().errors('keywords', {}, { raw: true })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toMatch(/answered 200 with an HTML page \(text\/html, 24 bytes\)/);
  });

  it('a report is read again after a 503', async () => {
    pool().intercept({ path: '/d/v3/backlinks/errors', method: 'POST' }).reply(503, 'busy');
    pool()
      .intercept({ path: '/d/v3/backlinks/errors', method: 'POST' })
      .reply(200, reportEnvelope(results(1)));
    expect(await items(client().errors('backlinks', {}))).toHaveLength(1);
    expect(sleeps).toHaveLength(1);
  });

  it.each([
    [401, 40100, 'You are not authorized to access this resource.', 4, /OPS_DATAAPI_LOGIN/],
    [402, 40200, 'Payment Required.', 1, /balance or plan/],
    [404, 40400, 'Not Found.', 3, undefined],
    [500, 50000, 'Internal Error.', 7, undefined],
  ])(
    'HTTP %i with envelope status %i: its message and code, and its exit code',
    async (status, code, message, exit, hint) => {
      pool()
        .intercept({ path: '/d/v3/keywords_data/errors', method: 'POST' })
        .reply(status, { ...reportEnvelope(null), status_code: code, status_message: message, tasks: null });
      const err = (await items(client(0).errors('keywords', {})).catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(status);
      expect(err.message).toBe(message);
      expect(err.code).toBe(String(code));
      expect(err.exitCode).toBe(exit);
      if (hint) expect(err.hint).toMatch(hint);
      else expect(err.hint).toBeUndefined();
      expect(`${err.message} ${err.hint}`).not.toContain(PASSWORD);
    },
  );
});

describe('webhook resend', () => {
  const resendEnvelope = (tasks: Array<[string, number, string]>) => ({
    ...reportEnvelope(null),
    tasks_count: tasks.length,
    tasks: tasks.map(([id, code, message]) => ({
      id: `new-${id}`,
      status_code: code,
      status_message: message,
      result: null,
      data: { api: 'appendix', function: 'webhook_resend', id },
    })),
  });

  it('posts the ids as objects and reads one outcome per id', async () => {
    pool()
      .intercept({
        path: '/d/v3/appendix/webhook_resend',
        method: 'POST',
        headers: { authorization: BASIC },
        body: JSON.stringify([{ id: 'a' }, { id: 'b' }, { id: 'c' }]),
      })
      .reply(
        200,
        resendEnvelope([
          ['b', 40401, 'Task Not Found.'],
          ['a', 20100, 'Task Created.'],
          ['c', 20100, 'Task Created.'],
        ]),
      );
    expect(await client().webhookResend(['a', 'b', 'c'])).toEqual([
      { id: 'a', status_code: 20100, status_message: 'Task Created.', resent: true },
      { id: 'b', status_code: 40401, status_message: 'Task Not Found.', resent: false },
      { id: 'c', status_code: 20100, status_message: 'Task Created.', resent: true },
    ]);
  });

  it('takes at most 100 ids, and none sends nothing', async () => {
    await expect(client().webhookResend(Array.from({ length: 101 }, (_, i) => `t${i}`))).rejects.toThrow(
      /at most 100 ids/,
    );
    expect(await client().webhookResend([])).toEqual([]);
  });

  it('is not sent again after a 503 (it could deliver twice), but is after an envelope rate limit', async () => {
    pool().intercept({ path: '/d/v3/appendix/webhook_resend', method: 'POST' }).reply(503, 'busy');
    await expect(client().webhookResend(['a'])).rejects.toMatchObject({ status: 503 });
    pool()
      .intercept({ path: '/d/v3/appendix/webhook_resend', method: 'POST' })
      .reply(200, { ...reportEnvelope(null), status_code: 40202, status_message: 'Rate-limit is exceeded.' });
    pool()
      .intercept({ path: '/d/v3/appendix/webhook_resend', method: 'POST' })
      .reply(200, resendEnvelope([['a', 20100, 'Task Created.']]));
    expect((await client().webhookResend(['a']))[0]!.resent).toBe(true);
  });
});

describe('the descriptor’s page style (ops api dataapi … --paginate)', () => {
  it('reads a raw array body and sends each page with its own offset', async () => {
    pool()
      .intercept({
        path: '/d/v3/keywords_data/errors',
        method: 'POST',
        body: JSON.stringify([{ filtered_function: 'pingback_url', limit: 2 }]),
      })
      .reply(200, reportEnvelope(results(2)));
    pool()
      .intercept({
        path: '/d/v3/keywords_data/errors',
        method: 'POST',
        body: JSON.stringify([{ filtered_function: 'pingback_url', limit: 2, offset: 2 }]),
      })
      .reply(200, reportEnvelope(results(1, 2)));
    const style = descriptor.pageStyle!();
    const pages = await collect(
      paginatePages(
        http(),
        {
          method: 'POST',
          path: '/v3/keywords_data/errors',
          rawBody: Buffer.from('[{"filtered_function":"pingback_url","limit":2}]'),
          headers: { 'content-type': 'application/json' },
        },
        style,
      ),
    );
    expect(pages.flatMap((p) => p.items)).toHaveLength(3);
  });
});
