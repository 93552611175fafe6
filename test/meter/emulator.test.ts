import { describe, expect, it } from 'vitest';
import { API_KEY, emulator, wireEvent } from './helpers.js';

const SESSION = '/v2/billing/meter_event_session';
const STREAM = '/v2/billing/meter_event_stream';
const err = (r: { body?: unknown }) =>
  (r.body as { error: { type: string; code: string; message: string } }).error;

describe('meter emulator: sessions', () => {
  it('creates a test-mode session valid 15 minutes', async () => {
    const { call } = emulator();
    const r = await call('POST', SESSION, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(r.status).toBe(200);
    const s = r.body as Record<string, string | boolean>;
    expect(s).toMatchObject({ object: 'v2.billing.meter_event_session', livemode: false });
    expect(s.id).toMatch(/^mtrses_/);
    expect(s.authentication_token).toMatch(/^mes_test_/);
    expect(Date.parse(s.expires_at as string) - Date.parse(s.created as string)).toBe(15 * 60 * 1000);
    expect(s.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('creates a live-mode session with the live key', async () => {
    const { call } = emulator();
    const r = await call('POST', SESSION, { headers: { authorization: 'Bearer sk_live_sandbox_meter' } });
    expect(r.body).toMatchObject({ livemode: true });
  });

  it.each([
    ['no key', {}, 401, 'unauthorized', /did not provide an API key/],
    [
      'a wrong key',
      { authorization: 'Bearer sk_test_wrong_key_123' },
      401,
      'unauthorized',
      /Invalid API Key provided: sk_test_\*\*\*_123/,
    ],
    [
      'no version header',
      { authorization: `Bearer ${API_KEY}`, 'billing-version': '' },
      400,
      'missing_version',
      /Billing-Version header is required/,
    ],
    [
      'a bad version header',
      { authorization: `Bearer ${API_KEY}`, 'billing-version': '2025-08-27' },
      400,
      'invalid_version',
      /<yyyy-mm-dd>/,
    ],
  ])('refuses %s', async (_name, headers, status, code, message) => {
    const r = await emulator().call('POST', SESSION, { headers });
    expect(r.status).toBe(status);
    expect(err(r).code).toBe(code);
    expect(err(r).message).toMatch(message);
  });

  it('takes no parameters', async () => {
    const { call } = emulator();
    const auth = { authorization: `Bearer ${API_KEY}` };
    expect((await call('POST', SESSION, { headers: auth, body: {} })).status).toBe(200);
    const r = await call('POST', SESSION, { headers: auth, body: { ttl: 60 } });
    expect(r.status).toBe(400);
    expect(err(r)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_fields' });
  });

  it('answers other paths and methods with v2 errors', async () => {
    const { call } = emulator();
    const missing = await call('POST', '/v2/billing/meter_events');
    expect(missing.status).toBe(404);
    expect(err(missing).code).toBe('not_found');
    const method = await call('GET', SESSION);
    expect(method.status).toBe(405);
  });
});

describe('meter emulator: stream', () => {
  it('accepts a batch and answers {} ', async () => {
    const e = emulator();
    const r = await e.stream(await e.session(), [wireEvent(1), wireEvent(2)]);
    expect(r).toMatchObject({ status: 200, body: {} });
    expect(e.emu.stats?.()).toMatchObject({
      received: 2,
      unique: 2,
      duplicates: 0,
      requests: 1,
      sessions_created: 1,
    });
  });

  it('counts an identifier once, and totals by customer and event name', async () => {
    const e = emulator();
    const token = await e.session();
    await e.stream(token, [wireEvent(0), wireEvent(1), wireEvent(3)]);
    await e.stream(token, [wireEvent(1), wireEvent(3), wireEvent(4, { identifier: undefined })]);
    const stats = e.emu.stats?.() as Record<string, unknown>;
    expect(stats).toMatchObject({ received: 6, unique: 4, duplicates: 2 });
    expect(stats.customers).toEqual({
      cus_0: { events: 2, value: 1 + 4 },
      cus_1: { events: 2, value: 2 + 5 },
    });
    expect(stats.events).toEqual({ api_requests: { events: 4, value: 12 } });
  });

  it('counts content problems apart, as the asynchronous validation would, and accepts the request', async () => {
    const e = emulator();
    const token = await e.stream(await e.session(), [
      wireEvent(1, { payload: { value: '1' } }),
      wireEvent(2, { payload: { billing_customer_id: 'c', value: 'x' } }),
      wireEvent(3, { timestamp: '2020-01-01T00:00:00.000Z' }),
    ]);
    expect(token.status).toBe(200);
    expect(e.emu.stats?.()).toMatchObject({
      unique: 3,
      invalid: 3,
      invalid_by_reason: { missing_customer: 1, invalid_value: 1, timestamp_out_of_range: 1 },
    });
  });

  it('expires the session after 15 minutes of sandbox time with the seed error', async () => {
    const e = emulator();
    const token = await e.session();
    e.clock.advance(14 * 60 * 1000);
    expect((await e.stream(token, [wireEvent(1)])).status).toBe(200);
    e.clock.advance(60 * 1000);
    const r = await e.stream(token, [wireEvent(2)]);
    expect(r.status).toBe(401);
    expect(err(r)).toMatchObject({
      type: 'temporary_session_expired',
      code: 'billing_meter_event_session_expired',
    });
    expect((r.body as { error: { doc_url: string } }).error.doc_url).toMatch(/^https:\/\//);
    expect(e.emu.stats?.()).toMatchObject({ unique: 1, expired_rejections: 1 });
  });

  it.each([
    ['no token', undefined, /did not provide a session token/],
    ['an unknown token', 'mes_test_nope', /Invalid meter event session token\.$/],
    ['the API key instead of a session token', API_KEY, /An API key is not accepted here/],
  ])('refuses %s with 401', async (_name, token, message) => {
    const e = emulator();
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const r = await e.call('POST', STREAM, { body: { events: [wireEvent(1)] }, headers });
    expect(r.status).toBe(401);
    expect(err(r).message).toMatch(message);
    expect(e.emu.stats?.()).toMatchObject({ received: 0 });
  });

  it.each([
    ['no body', undefined, 'events: this field is required'],
    ['a body that is not JSON', '{"events": [', 'not valid JSON'],
    ['an unknown top-level field', { events: [wireEvent(1)], extra: 1 }, 'Received unknown parameter: extra'],
    ['events that are not an array', { events: {} }, 'events: must be an array'],
    ['no events', { events: [] }, 'at least 1 event'],
    [
      '101 events',
      { events: Array.from({ length: 101 }, (_, i) => wireEvent(i)) },
      'at most 100 events per request (got 101)',
    ],
    [
      'an event without event_name',
      { events: [wireEvent(0), wireEvent(1, { event_name: undefined })] },
      'events[1].event_name: this field is required',
    ],
    [
      'an event without payload',
      { events: [wireEvent(1, { payload: undefined })] },
      'events[0].payload: this field is required',
    ],
    [
      'a payload value that is a number',
      { events: [wireEvent(1, { payload: { billing_customer_id: 'c', value: 3 } })] },
      'events[0].payload.value: must be a string',
    ],
    [
      'a timestamp that is not a date-time',
      { events: [wireEvent(1, { timestamp: '1700000000' })] },
      'events[0].timestamp: must be an ISO 8601',
    ],
    [
      'an impossible date',
      { events: [wireEvent(1, { timestamp: '2026-02-30T00:00:00.000Z' })] },
      'events[0].timestamp',
    ],
    ['an empty identifier', { events: [wireEvent(1, { identifier: '' })] }, 'events[0].identifier'],
    [
      'an unknown event field',
      { events: [wireEvent(1, { customer: 'c' })] },
      'events[0]: Received unknown parameter: customer',
    ],
  ])('answers 400 to %s and accepts nothing', async (_name, body, message) => {
    const e = emulator();
    const token = await e.session();
    const r = await e.call('POST', STREAM, {
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body }),
    });
    expect(r.status).toBe(400);
    expect(err(r).type).toBe('invalid_request_error');
    expect(err(r).message).toContain(message);
    expect(e.emu.stats?.()).toMatchObject({ received: 0, unique: 0 });
  });

  it('refuses a form-encoded body', async () => {
    const e = emulator();
    const r = await e.stream(await e.session(), [wireEvent(1)], {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(400);
  });

  it('answers 429 with Retry-After past the requests-per-second limit', async () => {
    const e = emulator({ 'meter.rate_limit': '3' });
    const token = await e.session();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await e.stream(token, [wireEvent(i)])).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const r = await e.stream(token, [wireEvent(9)]);
    expect(r.headers?.['retry-after']).toBe('1');
    expect(err(r)).toMatchObject({ type: 'rate_limit', code: 'rate_limit' });
    e.clock.advance(1000);
    expect((await e.stream(token, [wireEvent(10)])).status).toBe(200);
    expect(e.emu.stats?.()).toMatchObject({ rate_limited: 3, rate_limit: 3 });
  });

  it('refuses a rate limit that is not a number', () => {
    expect(() => emulator({ 'meter.rate_limit': 'fast' })).toThrow(/meter.rate_limit must be a whole number/);
  });

  it('forgets everything on reset', async () => {
    const e = emulator();
    const token = await e.session();
    await e.stream(token, [wireEvent(1)]);
    e.emu.reset();
    expect(e.emu.stats?.()).toMatchObject({ received: 0, unique: 0, sessions_created: 0 });
    expect((await e.stream(token, [wireEvent(1)])).status).toBe(401);
  });

  it('names its keys and limit in the banner', () => {
    expect(emulator().emu.banner?.()).toEqual([
      'meter: API keys sk_test_sandbox_meter (test mode) and sk_live_sandbox_meter (live mode); stream limit 10000 requests/s',
    ]);
  });
});
