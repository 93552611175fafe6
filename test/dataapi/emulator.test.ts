import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/sandbox/dataapi/index.js';
import {
  WINDOW_SECONDS,
  formatDatetime,
  generateReport,
  parseDatetime,
} from '../../src/sandbox/dataapi/seed.js';
import { directEmulator } from '../helpers/emulator.js';
import { BASIC } from './helpers.js';

interface Result {
  id: string;
  datetime: string;
  function: string;
  error_code: number;
  http_url: string;
  http_method: string;
}
interface Envelope {
  version: string;
  status_code: number;
  status_message: string;
  time: string;
  cost: number;
  tasks_count: number;
  tasks_error: number;
  tasks: Array<{
    id: string;
    status_code: number;
    status_message: string;
    result_count: number;
    path: string[];
    data: Record<string, unknown>;
    result: Result[] | null;
  }> | null;
}

function emu(settings: Record<string, string> = {}) {
  const d = directEmulator('dataapi', createEmulator, { settings });
  const post = (path: string, body: unknown, headers: Record<string, string> = { authorization: BASIC }) =>
    d.call<Envelope>('POST', path, { body, headers });
  const report = async (path: string, request: Record<string, unknown> = {}) => {
    const r = await post(path, [request]);
    expect(r.status).toBe(200);
    return r.body;
  };
  return { ...d, post, report };
}
const KEYWORDS = '/v3/keywords_data/errors';
const BACKLINKS = '/v3/backlinks/errors';
const RESEND = '/v3/appendix/webhook_resend';
const epoch = (datetime: string) => parseDatetime(datetime)!;

describe('the generated week', () => {
  it('is the same for the same seed and start, newest first, inside the window', () => {
    const t0 = 1_800_000_000;
    const a = generateReport('keywords', 500, 1, t0);
    expect(generateReport('keywords', 500, 1, t0)).toEqual(a);
    expect(generateReport('keywords', 500, 2, t0)).not.toEqual(a);
    expect(a.map((t) => t.at)).toEqual([...a.map((t) => t.at)].sort((x, y) => y - x));
    expect(a.every((t) => t.at <= t0 && t.at >= t0 - WINDOW_SECONDS)).toBe(true);
    const functions = new Set(a.map((t) => t.function));
    expect(functions).toContain('pingback_url');
    expect(functions).toContain('postback_url');
    expect([...functions].filter((f) => f.startsWith('keywords_data/')).length).toBeGreaterThanOrEqual(3);
    const hookIds = a.filter((t) => t.function.endsWith('back_url')).map((t) => t.id);
    expect(new Set(hookIds).size).toBeLessThan(hookIds.length);
  });

  it('writes the service’s datetime format, reads it and the seed’s', () => {
    expect(formatDatetime(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000)).toBe('2026-01-02 03:04:05 +00:00');
    expect(parseDatetime('2026-01-02 03:04:05 +00:00')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
    // The seed's own form, dashes in the time, is read too.
    expect(parseDatetime('2026-01-02 03-04-05 +00:00')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
    for (const bad of [
      '2026-01-02 03-04:05 +00:00',
      '2026-01-02 03:04-05 +00:00',
      '2026-01-02T03:04:05Z',
      '2026-02-30 03:04:05 +00:00',
      '2026-01-02 03:04:05 +01:00',
    ])
      expect(parseDatetime(bad)).toBeUndefined();
  });
});

describe('POST /v3/keywords_data/errors and /v3/backlinks/errors', () => {
  it('answers the envelope: Ok., one task echoing the request, 1000 results by default', async () => {
    const { report } = emu();
    const env = await report(KEYWORDS);
    expect(env).toMatchObject({
      status_code: 20000,
      status_message: 'Ok.',
      cost: 0,
      tasks_count: 1,
      tasks_error: 0,
    });
    expect(env.version).toMatch(/^0\.1\.\d{8}$/);
    expect(env.time).toMatch(/^\d+\.\d{4} sec\.$/);
    const task = env.tasks![0]!;
    expect(task).toMatchObject({
      status_code: 20000,
      path: ['v3', 'keywords_data', 'errors'],
      data: { api: 'keywords_data', function: 'errors' },
      result_count: 1000,
    });
    expect(task.result).toHaveLength(1000);
    const r = task.result![0]!;
    expect(Object.keys(r)).toEqual([
      'id',
      'datetime',
      'function',
      'error_code',
      'error_message',
      'http_url',
      'http_method',
      'http_code',
      'http_time',
      'http_response',
    ]);
    expect(r.datetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00$/);
  });

  it('offset and limit page through the report without overlap', async () => {
    const { report } = emu();
    const all = (await report(BACKLINKS)).tasks![0]!.result!;
    expect(all).toHaveLength(240);
    const p1 = (await report(BACKLINKS, { limit: 100 })).tasks![0]!.result!;
    const p3 = (await report(BACKLINKS, { limit: 100, offset: 200 })).tasks![0]!.result!;
    expect(p1).toEqual(all.slice(0, 100));
    expect(p3).toEqual(all.slice(200));
    expect((await report(BACKLINKS, { offset: 240 })).tasks![0]!.result).toEqual([]);
  });

  it('filters by function and by time, bounds included; null fields are absent fields', async () => {
    const { report, clock } = emu();
    const pings = (await report(KEYWORDS, { filtered_function: 'pingback_url', limit: null })).tasks![0]!
      .result!;
    expect(pings.length).toBeGreaterThan(50);
    expect(pings.every((r) => r.function === 'pingback_url' && r.http_method === 'GET')).toBe(true);
    const posts = (await report(KEYWORDS, { filtered_function: 'postback_url' })).tasks![0]!.result!;
    expect(posts.every((r) => r.http_method === 'POST')).toBe(true);
    const now = clock.nowSeconds();
    const from = formatDatetime(now - 2 * 86_400);
    const to = formatDatetime(now - 86_400);
    const day = (await report(KEYWORDS, { datetime_from: from, datetime_to: to })).tasks![0]!.result!;
    expect(day.length).toBeGreaterThan(100);
    expect(day.every((r) => epoch(r.datetime) >= now - 2 * 86_400 && epoch(r.datetime) <= now - 86_400)).toBe(
      true,
    );
    const exact = day[0]!.datetime;
    const one = (await report(KEYWORDS, { datetime_from: exact, datetime_to: exact })).tasks![0]!.result!;
    expect(one.map((r) => r.datetime)).toEqual([exact]);
    expect((await report(KEYWORDS, { filtered_function: 'no/such/function' })).tasks![0]!.result).toEqual([]);
  });

  it('errors leave the window as the sandbox clock moves on', async () => {
    const { report, clock } = emu();
    const before = (await report(BACKLINKS)).tasks![0]!.result!;
    clock.advance(3 * 86_400 * 1000);
    const after = (await report(BACKLINKS)).tasks![0]!.result!;
    expect(after.length).toBeLessThan(before.length * 0.7);
    expect(after).toEqual(before.slice(0, after.length));
  });

  it.each([
    [{ colour: 'red', limit: 5 }, 40506, 'Unknown Fields in POST Data: colour.'],
    [{ limit: 1001 }, 40501, "Invalid Field: 'limit'. Give a whole number from 1 to 1000."],
    [{ limit: 0 }, 40501, "Invalid Field: 'limit'."],
    [{ limit: '10' }, 40501, "Invalid Field: 'limit'."],
    [{ offset: -1 }, 40501, "Invalid Field: 'offset'."],
    [{ filtered_function: 7 }, 40501, "Invalid Field: 'filtered_function'."],
    [{ datetime_from: '2026-01-02T03:04:05Z' }, 40501, "Invalid Field: 'datetime_from'. Use the UTC format"],
    [{ datetime_to: '2026-01-02T03:04:05Z' }, 40501, "Invalid Field: 'datetime_to'. Use the UTC format"],
  ])('%o: task status %i, no results, envelope Ok.', async (request, code, message) => {
    const { report, emulator } = emu();
    const env = await report(KEYWORDS, request);
    expect(env).toMatchObject({ status_code: 20000, tasks_count: 1, tasks_error: 1 });
    expect(env.tasks![0]).toMatchObject({ status_code: code, result: null, result_count: 0 });
    expect(env.tasks![0]!.status_message.startsWith(message)).toBe(true);
    expect(env.tasks![0]!.data).toMatchObject(request);
    expect(emulator.stats!().refused).toBe(1);
  });

  it('times outside the 7 days, or from after to, are invalid fields', async () => {
    const { report, clock } = emu();
    const now = clock.nowSeconds();
    for (const [request, field] of [
      [{ datetime_from: formatDatetime(now - WINDOW_SECONDS - 1) }, 'datetime_from'],
      [{ datetime_to: formatDatetime(now + 5) }, 'datetime_to'],
      [{ datetime_from: formatDatetime(now - 100), datetime_to: formatDatetime(now - 200) }, 'datetime_to'],
    ] as const) {
      const task = (await report(BACKLINKS, request)).tasks![0]!;
      expect(task.status_code).toBe(40501);
      expect(task.status_message).toContain(`'${field}'`);
    }
    const edge = (await report(BACKLINKS, { datetime_from: formatDatetime(now - WINDOW_SECONDS) }))
      .tasks![0]!;
    expect(edge.status_code).toBe(20000);
  });

  it.each([
    ['no body', undefined, 40502],
    ['an empty array', [], 40502],
    ['an object, not an array', { limit: 5 }, 40503],
    ['two request objects', [{}, {}], 40000],
    ['an array of a string', ['x'], 40503],
  ])('%s: refused in the envelope', async (_what, body, code) => {
    const { post } = emu();
    const r = await post(KEYWORDS, body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status_code: code, tasks: null, tasks_count: 0 });
  });

  it('a body that is not JSON: 40503', async () => {
    const { call } = emu();
    const r = await call<Envelope>('POST', KEYWORDS, {
      raw: Buffer.from('[{'),
      headers: { authorization: BASIC },
    });
    expect(r.body).toMatchObject({ status_code: 40503, status_message: 'POST Data Is Invalid.' });
  });
});

describe('auth, paths and rate limits', () => {
  it.each([
    ['no credentials', {}],
    [
      'a wrong password',
      { authorization: `Basic ${Buffer.from('sandbox@example.com:nope').toString('base64')}` },
    ],
    ['another scheme', { authorization: 'Bearer sandbox-dataapi-password' }],
  ])('%s: HTTP 401 with 40100 in the envelope', async (_what, headers) => {
    const { post, emulator } = emu();
    const r = await post(KEYWORDS, [{}], headers);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({
      status_code: 40100,
      status_message: 'You are not authorized to access this resource.',
    });
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    expect(emulator.stats!().unauthorized).toBe(1);
  });

  it('an unknown path or method: HTTP 404 with 40400', async () => {
    const { post, call } = emu();
    expect((await post('/v3/keywords_data/nope', [{}])).status).toBe(404);
    const get = await call<Envelope>('GET', KEYWORDS, { headers: { authorization: BASIC } });
    expect(get.status).toBe(404);
    expect(get.body.status_code).toBe(40400);
  });

  it('announces the limit on every answer and answers 40202 past it, until the window ends', async () => {
    const { post, clock, emulator } = emu({ 'dataapi.rate_limit': '2', 'dataapi.rate_period': '60' });
    const a = await post(KEYWORDS, [{ limit: 1 }]);
    expect(a.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' });
    await post(KEYWORDS, [{ limit: 1 }]);
    const limited = await post(BACKLINKS, [{ limit: 1 }]);
    expect(limited.status).toBe(200);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.body).toMatchObject({ status_code: 40202, tasks: null });
    expect(limited.body.status_message).toMatch(/^Rate-limit is exceeded/);
    clock.advance(60_000);
    expect((await post(KEYWORDS, [{ limit: 1 }])).body.status_code).toBe(20000);
    expect(emulator.stats!().rateLimited).toBe(1);
  });
});

describe('POST /v3/appendix/webhook_resend', () => {
  it('resends failed webhooks (20100) and records them; other ids are refused task by task', async () => {
    const { post, report, emulator } = emu();
    const ping = (await report(KEYWORDS, { filtered_function: 'pingback_url', limit: 1 })).tasks![0]!
      .result![0]!;
    const post1 = (await report(BACKLINKS, { filtered_function: 'postback_url', limit: 1 })).tasks![0]!
      .result![0]!;
    const call = (
      await report(KEYWORDS, { filtered_function: 'keywords_data/bing/search_volume/live', limit: 1 })
    ).tasks![0]!.result![0]!;
    const r = await post(RESEND, [
      { id: ping.id },
      { id: post1.id },
      { id: 'no-such-task' },
      { id: call.id },
      { id: 5 },
      { id: ping.id, tag: 'x' },
    ]);
    expect(r.body).toMatchObject({ status_code: 20000, tasks_count: 6, tasks_error: 4 });
    expect(r.body.tasks!.map((t) => [t.status_code, t.result])).toEqual([
      [20100, null],
      [20100, null],
      [40401, null],
      [40501, null],
      [40501, null],
      [40506, null],
    ]);
    expect(r.body.tasks![0]).toMatchObject({
      id: ping.id,
      status_message: 'Task Created.',
      path: ['v3', 'appendix', 'webhook_resend'],
      data: { api: 'appendix', function: 'webhook_resend', id: ping.id },
    });
    const stats = emulator.stats!() as {
      resent: unknown[];
      resentIds: Record<string, number>;
      resendRequests: number;
    };
    expect(stats.resent).toEqual([
      { id: ping.id, function: 'pingback_url', report: 'keywords' },
      { id: post1.id, function: 'postback_url', report: 'backlinks' },
    ]);
    expect(stats.resentIds).toEqual({ [ping.id]: 1, [post1.id]: 1 });
    expect(stats.resendRequests).toBe(1);
  });

  it('at most 100 ids; at least one', async () => {
    const { post } = emu();
    const ids = Array.from({ length: 101 }, (_, i) => ({ id: `t${i}` }));
    expect((await post(RESEND, ids)).body).toMatchObject({ status_code: 40006, tasks: null });
    expect((await post(RESEND, [])).body).toMatchObject({ status_code: 40502 });
    expect((await post(RESEND, ids.slice(0, 100))).body).toMatchObject({
      status_code: 20000,
      tasks_count: 100,
    });
  });

  it('reset forgets what was resent and starts a new week on the clock', async () => {
    const { post, report, emulator, clock } = emu();
    const ping = (await report(KEYWORDS, { filtered_function: 'pingback_url', limit: 1 })).tasks![0]!
      .result![0]!;
    await post(RESEND, [{ id: ping.id }]);
    clock.advance(86_400_000);
    emulator.reset();
    expect((emulator.stats!() as { resent: unknown[] }).resent).toEqual([]);
    const fresh = (await report(KEYWORDS, { limit: 1 })).tasks![0]!.result![0]!;
    expect(epoch(fresh.datetime)).toBeGreaterThan(clock.nowSeconds() - 3600);
  });
});
