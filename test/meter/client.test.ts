import type { AuthScheme } from '../../src/clients/http/auth.js';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  StreamBodyBuilder,
  createMeterClient,
  eventsOfBody,
  isSessionExpired,
} from '../../src/clients/meter/client.js';
import { DEFAULT_BILLING_VERSION, descriptor } from '../../src/clients/meter/index.js';
import { MeterEventSender } from '../../src/clients/meter/sender.js';
import type { MeterEventWire } from '../../src/clients/meter/types.js';
import { createHttpClient } from '../../src/clients/http/client.js';
import { Redactor } from '../../src/clients/http/redact.js';
import { ApiError } from '../../src/errors.js';

const ORIGIN = 'http://meter.test';
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

const values: Record<string, string> = { api_key: 'sk_test_secret_42' };
const settings = { get: (k: string) => values[k], require: (k: string) => values[k]! };

function http(retries = 2) {
  const auth = descriptor.auth(settings) as AuthScheme | undefined;
  return createHttpClient({
    service: 'meter',
    baseUrl: `${ORIGIN}/meter`,
    auth,
    defaultHeaders: descriptor.defaultHeaders?.(settings, 'ops/test'),
    retries,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    dispatcher: agent,
    redactor: new Redactor(auth?.secrets ?? []),
    sleep: async (ms) => void sleeps.push(ms),
    hintFor: descriptor.hintFor,
  });
}
const pool = () => agent.get(ORIGIN);
const session = (
  token: string,
  created = '2026-03-01T12:00:00.000Z',
  expires = '2026-03-01T12:15:00.000Z',
) => ({
  id: 'mtrses_1',
  object: 'v2.billing.meter_event_session',
  authentication_token: token,
  created,
  expires_at: expires,
  livemode: false,
});
const EXPIRED = {
  error: {
    type: 'temporary_session_expired',
    code: 'billing_meter_event_session_expired',
    message: 'expired',
    doc_url: 'https://x',
  },
};
const event = (i: number): MeterEventWire => ({
  identifier: `evt_${i}`,
  event_name: 'api',
  payload: { billing_customer_id: 'c', value: '1' },
});

describe('createMeterEventSession', () => {
  it('posts with the API key as bearer and the Billing-Version header, and no body', async () => {
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_session',
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_secret_42', 'billing-version': DEFAULT_BILLING_VERSION },
        body: (b) => b === '' || b === undefined,
      })
      .reply(200, session('tok_1'), { headers: { 'content-type': 'application/json' } });
    const s = await createMeterClient(http()).createMeterEventSession();
    expect(s).toMatchObject({ id: 'mtrses_1', authentication_token: 'tok_1', livemode: false });
  });

  it('reads livemode given as a string (a vendor doc sample does so) as a boolean', async () => {
    pool()
      .intercept({ path: '/meter/v2/billing/meter_event_session', method: 'POST' })
      .reply(200, { ...session('t'), livemode: 'true' }, { headers: { 'content-type': 'application/json' } });
    expect((await createMeterClient(http()).createMeterEventSession()).livemode).toBe(true);
  });

  it('sends --api-version instead of the profile value', async () => {
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_session',
        method: 'POST',
        headers: { 'billing-version': '2026-03-25.dahlia' },
      })
      .reply(200, session('t'), { headers: { 'content-type': 'application/json' } });
    // Only the interceptor that requires this header could answer (the network is off).
    const created = await createMeterClient(http(), {
      apiVersion: '2026-03-25.dahlia',
    }).createMeterEventSession();
    expect(created.authentication_token).toBe('t');
  });

  it('maps a bad key to an auth error with a hint', async () => {
    pool()
      .intercept({ path: '/meter/v2/billing/meter_event_session', method: 'POST' })
      .reply(
        401,
        {
          error: { type: 'invalid_request_error', code: 'unauthorized', message: 'Invalid API Key provided' },
        },
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    const err = await createMeterClient(http())
      .createMeterEventSession()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 401,
      exitCode: 4,
      code: 'unauthorized',
      message: 'Invalid API Key provided',
    });
    expect((err as ApiError).hint).toMatch(/OPS_METER_API_KEY/);
  });
});

describe('createMeterEventStream', () => {
  it('posts {events} as JSON with the session token, not the API key', async () => {
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_stream',
        method: 'POST',
        headers: {
          authorization: 'Bearer tok_9',
          'content-type': 'application/json',
          'billing-version': DEFAULT_BILLING_VERSION,
        },
        body: (b) => JSON.stringify(JSON.parse(b)) === JSON.stringify({ events: [event(1), event(2)] }),
      })
      .reply(200, {}, { headers: { 'content-type': 'application/json' } });
    expect(await createMeterClient(http()).createMeterEventStream('tok_9', [event(1), event(2)])).toEqual({
      attempts: 1,
    });
  });

  it('sends a body built by StreamBodyBuilder as it is', async () => {
    const b = new StreamBodyBuilder();
    for (let i = 0; i < 20; i++) b.add(event(i));
    const body = b.finish();
    expect(eventsOfBody(body)).toHaveLength(20);
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_stream',
        method: 'POST',
        body: (b) => Buffer.from(b as unknown as Uint8Array).equals(body),
      })
      .reply(200, {}, { headers: { 'content-type': 'application/json' } });
    await createMeterClient(http()).createMeterEventStream('t', body);
  });

  it('retries a 500 and a 503 (identifiers make resending safe)', async () => {
    const p = pool();
    p.intercept({ path: '/meter/v2/billing/meter_event_stream', method: 'POST' }).reply(500, {
      error: { code: 'api_error', message: 'boom' },
    });
    p.intercept({ path: '/meter/v2/billing/meter_event_stream', method: 'POST' }).reply(503, 'unavailable');
    p.intercept({ path: '/meter/v2/billing/meter_event_stream', method: 'POST' }).reply(200, {});
    expect(await createMeterClient(http(4)).createMeterEventStream('t', [event(1)])).toEqual({ attempts: 3 });
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry the session-expired 401 itself, and says what it is', async () => {
    pool()
      .intercept({ path: '/meter/v2/billing/meter_event_stream', method: 'POST' })
      .reply(401, EXPIRED, {
        headers: { 'content-type': 'application/json' },
      });
    const err = await createMeterClient(http())
      .createMeterEventStream('t', [event(1)])
      .catch((e: unknown) => e);
    expect(isSessionExpired(err)).toBe(true);
    expect((err as ApiError).hint).toMatch(/ops meter session create/);
    expect(
      isSessionExpired(new ApiError({ status: 401, service: 'meter', message: 'x', code: 'unauthorized' })),
    ).toBe(false);
  });
});

describe('StreamBodyBuilder', () => {
  it('writes UTF-8 and empties itself', () => {
    const b = new StreamBodyBuilder();
    b.add({ ...event(1), event_name: 'dé"jà' });
    b.add(event(2));
    const body = b.finish();
    expect(JSON.parse(body.toString('utf8'))).toEqual({
      events: [{ ...event(1), event_name: 'dé"jà' }, event(2)],
    });
    expect(b.count).toBe(0);
    b.add(event(3));
    expect(eventsOfBody(b.finish())).toEqual([event(3)]);
  });
});

describe('MeterEventSender', () => {
  const stream = () => pool().intercept({ path: '/meter/v2/billing/meter_event_stream', method: 'POST' });
  const sessionReply = (token: string, created?: string, expires?: string) =>
    pool()
      .intercept({ path: '/meter/v2/billing/meter_event_session', method: 'POST' })
      .reply(200, session(token, created, expires), { headers: { 'content-type': 'application/json' } });

  it('creates one session for concurrent batches and reuses it', async () => {
    sessionReply('tok_1');
    for (let i = 0; i < 3; i++) {
      pool()
        .intercept({
          path: '/meter/v2/billing/meter_event_stream',
          method: 'POST',
          headers: { authorization: 'Bearer tok_1' },
        })
        .reply(200, {});
    }
    const sender = new MeterEventSender(createMeterClient(http()));
    await Promise.all([sender.send([event(1)]), sender.send([event(2)]), sender.send([event(3)])]);
    expect(sender.sessions).toBe(1);
    expect(sender.retried).toBe(0);
  });

  it("renews the session a minute before expires_at, by the service's own life span", async () => {
    let now = 1_000_000;
    sessionReply('tok_1');
    stream().reply(200, {});
    sessionReply('tok_2');
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_stream',
        method: 'POST',
        headers: { authorization: 'Bearer tok_2' },
      })
      .reply(200, {});
    const sender = new MeterEventSender(createMeterClient(http()), { now: () => now });
    await sender.send([event(1)]);
    now += 14 * 60 * 1000 + 1;
    await sender.send([event(2)]);
    expect(sender.sessions).toBe(2);
  });

  it('sends a batch again with the same identifiers under a new session after billing_meter_event_session_expired', async () => {
    const bodies: string[] = [];
    sessionReply('tok_old');
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_stream',
        method: 'POST',
        headers: { authorization: 'Bearer tok_old' },
      })
      .reply(
        401,
        (o) => {
          bodies.push(String(o.body));
          return EXPIRED;
        },
        { headers: { 'content-type': 'application/json' } },
      );
    sessionReply('tok_new');
    pool()
      .intercept({
        path: '/meter/v2/billing/meter_event_stream',
        method: 'POST',
        headers: { authorization: 'Bearer tok_new' },
      })
      .reply(200, (o) => {
        bodies.push(String(o.body));
        return {};
      });
    const sender = new MeterEventSender(createMeterClient(http()));
    await sender.send([event(1), event(2)]);
    expect(sender.sessions).toBe(2);
    expect(sender.retried).toBe(1);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('gives up after a few sessions that expire at once', async () => {
    for (let i = 0; i < 3; i++) {
      sessionReply(`tok_${i}`);
      stream().reply(401, EXPIRED, { headers: { 'content-type': 'application/json' } });
    }
    const sender = new MeterEventSender(createMeterClient(http()), { maxSessionResends: 2 });
    const err = await sender.send([event(1)]).catch((e: unknown) => e);
    expect(isSessionExpired(err)).toBe(true);
    expect(sender.sessions).toBe(3);
  });
});
