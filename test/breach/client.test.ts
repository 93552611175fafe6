import type { AuthScheme } from '../../src/clients/http/auth.js';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BreachClient, createBreachClient } from '../../src/clients/breach/client.js';
import { breachHint, descriptor, parseBreachError } from '../../src/clients/breach/index.js';
import { headerAuth } from '../../src/clients/http/auth.js';
import { createHttpClient } from '../../src/clients/http/client.js';
import { Redactor } from '../../src/clients/http/redact.js';
import { ApiError, UsageError } from '../../src/errors.js';
import { breachFixture } from './helpers.js';

const BASE = 'https://breach.test';
const KEY = 'client-test-key-0123';
const UA = 'ops-test/1.0';

let agent: MockAgent;
let sleeps: number[];
let client: BreachClient;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  sleeps = [];
  client = createBreachClient(
    createHttpClient({
      service: 'breach',
      baseUrl: BASE,
      auth: headerAuth('breach-api-key', KEY),
      defaultHeaders: { 'user-agent': UA },
      retries: 2,
      timeoutMs: 2000,
      maxWaitSeconds: 60,
      dispatcher: agent,
      redactor: new Redactor([KEY]),
      sleep: async (ms) => void sleeps.push(ms),
      parseError: parseBreachError,
      hintFor: breachHint,
    }),
  );
});

afterEach(async () => {
  // Every stub must have been used.
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const withKey = (h: Record<string, string>) => h['breach-api-key'] === KEY && h['user-agent'] === UA;
const withoutKey = (h: Record<string, string>) => !('breach-api-key' in h) && h['user-agent'] === UA;
const pool = () => agent.get(BASE);
const json = { headers: { 'content-type': 'application/json' } };

describe('breach client: requests', () => {
  it('breachedAccount: trims and encodes the account, sends the key and the seed query names', async () => {
    pool()
      .intercept({
        path: '/api/v3/breachedaccount/jane%2Btag%40example.com?truncateResponse=false&Domain=adobe.com&IncludeUnverified=false',
        method: 'GET',
        headers: withKey,
      })
      .reply(200, [breachFixture()], json);
    expect(
      await client.breachedAccount('  jane+tag@example.com ', {
        truncate: false,
        domain: 'adobe.com',
        includeUnverified: false,
      }),
    ).toEqual([breachFixture()]);
  });

  it('breachedAccount: defaults are left to the server (no query); 404 is an empty list', async () => {
    pool()
      .intercept({ path: '/api/v3/breachedaccount/clean%40example.com', method: 'GET', headers: withKey })
      .reply(404, '');
    expect(await client.breachedAccount('clean@example.com')).toEqual([]);
  });

  it('breachedAccount refuses a path-escaping account before sending', async () => {
    await expect(client.breachedAccount('..')).rejects.toThrow(UsageError);
  });

  it('breachedDomain and the stealer-log searches: keyed, 404 is empty', async () => {
    pool()
      .intercept({ path: '/api/v3/breacheddomain/example.com', method: 'GET', headers: withKey })
      .reply(200, { jane: ['Adobe'] }, json);
    pool()
      .intercept({ path: '/api/v3/breacheddomain/none.example', method: 'GET', headers: withKey })
      .reply(404, '');
    pool()
      .intercept({ path: '/api/v3/stealerlogsbyemail/jane%40example.com', method: 'GET', headers: withKey })
      .reply(200, ['example.org'], json);
    pool()
      .intercept({ path: '/api/v3/stealerlogsbyemail/nobody%40example.com', method: 'GET', headers: withKey })
      .reply(404, '');
    pool()
      .intercept({ path: '/api/v3/stealerlogsbywebsitedomain/example.org', method: 'GET', headers: withKey })
      .reply(200, ['a@b.example'], json);
    pool()
      .intercept({ path: '/api/v3/stealerlogsbyemaildomain/example.com', method: 'GET', headers: withKey })
      .reply(200, { jane: ['example.org'] }, json);
    pool()
      .intercept({ path: '/api/v3/stealerlogsbyemaildomain/example.net', method: 'GET', headers: withKey })
      .reply(404, '');
    expect(await client.breachedDomain('example.com')).toEqual({ jane: ['Adobe'] });
    expect(await client.breachedDomain('none.example')).toEqual({});
    expect(await client.stealerLogsByEmail('jane@example.com')).toEqual(['example.org']);
    expect(await client.stealerLogsByEmail('nobody@example.com')).toEqual([]);
    expect(await client.stealerLogsByWebsiteDomain('example.org')).toEqual(['a@b.example']);
    expect(await client.stealerLogsByEmailDomain('example.com')).toEqual({ jane: ['example.org'] });
    expect(await client.stealerLogsByEmailDomain('example.net')).toEqual({});
  });

  it('subscribedDomains and subscriptionStatus carry the key', async () => {
    pool()
      .intercept({ path: '/api/v3/subscribeddomains', method: 'GET', headers: withKey })
      .reply(200, [{ DomainName: 'example.com' }], json);
    pool()
      .intercept({ path: '/api/v3/subscription/status', method: 'GET', headers: withKey })
      .reply(200, { Rpm: 1000 }, json);
    expect(await client.subscribedDomains()).toEqual([{ DomainName: 'example.com' }]);
    expect(await client.subscriptionStatus()).toEqual({ Rpm: 1000 });
  });

  it('the catalogue (breaches, breach, latestbreach, dataclasses) is asked without the key', async () => {
    pool()
      .intercept({
        path: '/api/v3/breaches?Domain=adobe.com&IsSpamList=false',
        method: 'GET',
        headers: withoutKey,
      })
      .reply(200, [breachFixture()], json);
    pool().intercept({ path: '/api/v3/breaches', method: 'GET', headers: withoutKey }).reply(200, [], json);
    pool()
      .intercept({ path: '/api/v3/breach/Adobe', method: 'GET', headers: withoutKey })
      .reply(200, breachFixture(), json);
    pool().intercept({ path: '/api/v3/breach/Nope', method: 'GET', headers: withoutKey }).reply(404, '');
    pool()
      .intercept({ path: '/api/v3/latestbreach', method: 'GET', headers: withoutKey })
      .reply(200, breachFixture(), json);
    pool()
      .intercept({ path: '/api/v3/dataclasses', method: 'GET', headers: withoutKey })
      .reply(200, ['Email addresses'], json);
    expect(await client.breaches({ domain: 'adobe.com', spamList: false })).toHaveLength(1);
    expect(await client.breaches()).toEqual([]);
    expect((await client.breach('Adobe'))?.Name).toBe('Adobe');
    expect(await client.breach('Nope')).toBeUndefined();
    expect((await client.latestBreach()).Name).toBe('Adobe');
    expect(await client.dataClasses()).toEqual(['Email addresses']);
  });

  it('a 429 is retried after retry-after, then answers', async () => {
    pool()
      .intercept({ path: '/api/v3/breachedaccount/a%40example.com', method: 'GET' })
      .reply(
        429,
        { statusCode: 429, message: 'Rate limit is exceeded. Try again in 2 seconds.' },
        { headers: { 'retry-after': '2', 'content-type': 'application/json' } },
      );
    pool()
      .intercept({ path: '/api/v3/breachedaccount/a%40example.com', method: 'GET' })
      .reply(200, [{ Name: 'Adobe' }], json);
    expect(await client.breachedAccount('a@example.com')).toEqual([{ Name: 'Adobe' }]);
    expect(sleeps).toEqual([2000]);
  });
});

describe('breach client: errors', () => {
  async function failure(
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiError> {
    pool()
      .intercept({ path: '/api/v3/breachedaccount/x', method: 'GET' })
      .reply(status, body as string, { headers });
    const err = await client.breachedAccount('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }

  it('401 shows the server reason and how to set the key (exit 4)', async () => {
    const err = await failure(
      401,
      { statusCode: 401, message: 'Access denied due to invalid breach-api-key.' },
      { 'content-type': 'application/json' },
    );
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('Access denied due to invalid breach-api-key.');
    expect(err.hint).toMatch(/OPS_BREACH_API_KEY/);
  });

  it('401 as plain text is read as text', async () => {
    const err = await failure(401, 'Access denied due to missing breach-api-key.', {
      'content-type': 'text/plain',
    });
    expect(err.message).toBe('Access denied due to missing breach-api-key.');
  });

  it('403 without a reason explains the user agent; a CDN block names its ray ID', async () => {
    const ua = await failure(403, '');
    expect(ua.exitCode).toBe(4);
    expect(ua.hint).toMatch(/user agent/);
    const blocked = await failure(403, '', { 'cf-ray': '8a1b2c3d' });
    expect(blocked.message).toBe("request blocked at the service's edge (Ray ID 8a1b2c3d)");
  });

  it('403 for an unverified domain or a small subscription gets its own hint', async () => {
    const domain = await failure(
      403,
      { statusCode: 403, message: 'The domain x.example has not been verified for this subscription' },
      { 'content-type': 'application/json' },
    );
    expect(domain.hint).toMatch(/ops breach domains/);
    const tier = await failure(
      403,
      { statusCode: 403, message: 'Stealer log searches require the fifth subscription tier or higher' },
      { 'content-type': 'application/json' },
    );
    expect(tier.hint).toMatch(/ops breach subscription/);
  });

  it('400 without a body says the account is not acceptable (exit 1)', async () => {
    const err = await failure(400, '');
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe('the account does not comply with an acceptable format');
  });

  it('a 400 for a breach name says so, not that an account is malformed', async () => {
    const long = 'A'.repeat(300);
    pool()
      .intercept({ path: `/api/v3/breach/${long}`, method: 'GET' })
      .reply(400, '');
    const err = (await client.breach(long).catch((e: unknown) => e)) as ApiError;
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe('the breach name does not comply with an acceptable format');
    expect(err.hint).toMatch(/ops breach list/);
  });

  it('5xx after the retries is exit 7', async () => {
    pool().intercept({ path: '/api/v3/breachedaccount/x', method: 'GET' }).reply(503, '').times(3);
    const err = await client.breachedAccount('x').catch((e: unknown) => e);
    expect((err as ApiError).exitCode).toBe(7);
    expect(sleeps).toHaveLength(2);
  });
});

describe('breach descriptor', () => {
  const reader = (values: Record<string, string>) => ({
    get: (k: string) => values[k],
    require: (k: string) => values[k] ?? '',
  });

  it('sends the key only when one is set', () => {
    expect(descriptor.auth(reader({}))).toBeUndefined();
    expect((descriptor.auth(reader({ api_key: KEY })) as AuthScheme | undefined)?.headers).toEqual({
      'breach-api-key': KEY,
    });
  });

  it('sends the configured user agent, or ops/<version> when it is unset or empty', () => {
    expect(descriptor.defaultHeaders?.(reader({}), 'ops/1.2.3')).toEqual({ 'user-agent': 'ops/1.2.3' });
    expect(descriptor.defaultHeaders?.(reader({ user_agent: '' }), 'ops/1.2.3')).toEqual({
      'user-agent': 'ops/1.2.3',
    });
    expect(descriptor.defaultHeaders?.(reader({ user_agent: 'acme-audit/2' }), 'ops/1.2.3')).toEqual({
      'user-agent': 'acme-audit/2',
    });
  });

  it('defaults the rate to 10 requests a minute', () => {
    expect(descriptor.settings.find((s) => s.key === 'rate_per_minute')?.default).toBe('10');
  });
});
