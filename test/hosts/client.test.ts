import type { AuthScheme } from '../../src/clients/http/auth.js';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostsClient } from '../../src/clients/hosts/client.js';
import { descriptor } from '../../src/clients/hosts/index.js';
import { createHttpClient } from '../../src/clients/http/client.js';
import { collect, readAhead } from '../../src/clients/http/paginate.js';
import { Redactor } from '../../src/clients/http/redact.js';
import { ApiError, UsageError } from '../../src/errors.js';
import { fixtureHost } from './helpers.js';

const ORIGIN = 'http://hosts.test';
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

const settings = {
  get: (k: string) => ({ api_key: 'api-secret-1', app_key: 'app-secret-2' })[k],
  require: (k: string) => ({ api_key: 'api-secret-1', app_key: 'app-secret-2' })[k]!,
};

function client(retries = 2) {
  const auth = descriptor.auth(settings) as AuthScheme | undefined;
  return createHostsClient(
    createHttpClient({
      service: 'hosts',
      baseUrl: `${ORIGIN}/v`,
      auth,
      retries,
      timeoutMs: 5000,
      maxWaitSeconds: 60,
      dispatcher: agent,
      redactor: new Redactor(auth?.secrets ?? []),
      sleep: async (ms) => void sleeps.push(ms),
      parseError: descriptor.parseError,
      hintFor: descriptor.hintFor,
    }),
  );
}
const pool = () => agent.get(ORIGIN);
const KEY_HEADERS = { 'x-monitor-api-key': 'api-secret-1', 'x-monitor-application-key': 'app-secret-2' };
const page = (names: string[], total: number) => ({
  host_list: names.map((name) => fixtureHost({ name })),
  total_matching: total,
  total_returned: names.length,
});

describe('listHosts', () => {
  it('sends every query parameter with the key pair, and leaves out what was not asked', async () => {
    pool()
      .intercept({
        path: '/v/api/v1/hosts?filter=role%3Adb+env%3Aprod&sort_field=cpu&sort_dir=desc&start=5&count=2&from=1700000000&include_muted_hosts_data=true&include_hosts_metadata=true',
        method: 'GET',
        headers: KEY_HEADERS,
      })
      .reply(200, page(['a', 'b'], 7));
    const hosts = await collect(
      client().listHosts(
        {
          filter: 'role:db env:prod',
          sort_field: 'cpu',
          sort_dir: 'desc',
          start: 5,
          count: 2,
          from: 1_700_000_000,
          include_muted_hosts_data: true,
          include_hosts_metadata: true,
        },
        { limit: 2 },
      ),
    );
    expect(hosts.map((h) => h.name)).toEqual(['a', 'b']);
    pool().intercept({ path: '/v/api/v1/hosts?count=10', method: 'GET' }).reply(200, page([], 0));
    expect(
      await collect(client().listHosts({ count: 10, include_hosts_metadata: false, filter: '' })),
    ).toEqual([]);
  });

  it('walks start/count pages until total_matching, 0-based', async () => {
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2', method: 'GET' })
      .reply(200, page(['a', 'b'], 5));
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2&start=2', method: 'GET' })
      .reply(200, page(['c', 'd'], 5));
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2&start=4', method: 'GET' })
      .reply(200, page(['e'], 5));
    const hosts = await collect(client().listHosts({ count: 2 }));
    expect(hosts.map((h) => h.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops at the limit without asking for another page', async () => {
    pool()
      .intercept({ path: '/v/api/v1/hosts?start=10&count=2', method: 'GET' })
      .reply(200, page(['a', 'b'], 50));
    pool()
      .intercept({ path: '/v/api/v1/hosts?start=12&count=2', method: 'GET' })
      .reply(200, page(['c', 'd'], 50));
    const hosts = await collect(client().listHosts({ start: 10, count: 2 }, { limit: 3 }));
    expect(hosts.map((h) => h.name)).toEqual(['a', 'b', 'c']);
  });

  it('a 429 in the middle waits for the rate-limit reset, then goes on', async () => {
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2', method: 'GET' })
      .reply(200, page(['a', 'b'], 4));
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2&start=2', method: 'GET' })
      .reply(
        429,
        { errors: ['Too many requests'] },
        { headers: { 'x-ratelimit-reset': '7', 'x-ratelimit-limit': '2' } },
      );
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=2&start=2', method: 'GET' })
      .reply(200, page(['c', 'd'], 4));
    expect((await collect(client().listHosts({ count: 2 }))).map((h) => h.name)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(sleeps).toEqual([7000]);
  });

  it('the page fetched ahead is requested while the current one is used, and its error comes in order', async () => {
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=1', method: 'GET' })
      .reply(200, page(['a'], 3));
    pool()
      .intercept({ path: '/v/api/v1/hosts?count=1&start=1', method: 'GET' })
      .reply(400, { errors: ['Invalid start'] });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const h of client().listHosts({ count: 1 })) {
        // By the time the first host is handled, the second page is already on its way.
        await new Promise((r) => setTimeout(r, 20));
        seen.push(h.name!);
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['a']);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Invalid start');
  });
});

describe('readAhead', () => {
  it('asks for the next item before the current one is handed over, and ends the source when the caller stops', async () => {
    const log: string[] = [];
    let finished = false;
    async function* source() {
      try {
        for (let i = 1; i <= 3; i++) {
          log.push(`fetch ${i}`);
          yield i;
        }
      } finally {
        finished = true;
      }
    }
    for await (const n of readAhead(source())) {
      log.push(`use ${n}`);
      if (n === 2) break;
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['fetch 1', 'fetch 2', 'use 1', 'fetch 3', 'use 2']);
    expect(finished).toBe(true);
  });
});

describe('getHostTotals, muteHost, unmuteHost', () => {
  it('totals with and without from', async () => {
    pool()
      .intercept({ path: '/v/api/v1/hosts/totals', method: 'GET', headers: KEY_HEADERS })
      .reply(200, { total_active: 65, total_up: 42 });
    pool()
      .intercept({ path: '/v/api/v1/hosts/totals?from=1700000000', method: 'GET' })
      .reply(200, { total_active: 70, total_up: 50 });
    expect(await client().getHostTotals()).toEqual({ total_active: 65, total_up: 42 });
    expect(await client().getHostTotals({ from: 1_700_000_000 })).toEqual({ total_active: 70, total_up: 50 });
  });

  it('mute posts the settings as JSON to the encoded host path', async () => {
    pool()
      .intercept({
        path: '/v/api/v1/host/web%2F1%20a/mute',
        method: 'POST',
        body: JSON.stringify({ end: 1_900_000_000, message: 'm', override: true }),
        headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      })
      .reply(200, { action: 'Muted', end: 1_900_000_000, hostname: 'web/1 a', message: 'm' });
    expect(await client().muteHost('web/1 a', { end: 1_900_000_000, message: 'm', override: true })).toEqual({
      action: 'Muted',
      end: 1_900_000_000,
      hostname: 'web/1 a',
      message: 'm',
    });
  });

  it('mute sends an empty object when nothing is set (the body is required)', async () => {
    pool()
      .intercept({ path: '/v/api/v1/host/web-1/mute', method: 'POST', body: '{}' })
      .reply(200, { action: 'Muted', hostname: 'web-1' });
    expect((await client().muteHost('web-1', {})).action).toBe('Muted');
  });

  it('a mute without override is not sent twice after a 503; with override it is', async () => {
    pool()
      .intercept({ path: '/v/api/v1/host/a/mute', method: 'POST' })
      .reply(503, { errors: ['busy'] });
    await expect(client().muteHost('a', {})).rejects.toMatchObject({ status: 503 });
    pool()
      .intercept({ path: '/v/api/v1/host/a/mute', method: 'POST' })
      .reply(503, { errors: ['busy'] });
    pool()
      .intercept({ path: '/v/api/v1/host/a/mute', method: 'POST' })
      .reply(200, { action: 'Muted', hostname: 'a' });
    expect((await client().muteHost('a', { override: true })).action).toBe('Muted');
  });

  it('unmute posts no body', async () => {
    pool()
      .intercept({
        path: '/v/api/v1/host/db-1/unmute',
        method: 'POST',
        body: (b) => b === undefined || b === '',
      })
      .reply(200, { action: 'Unmuted', hostname: 'db-1' });
    expect(await client().unmuteHost('db-1')).toEqual({ action: 'Unmuted', hostname: 'db-1' });
  });

  it('refuses a host name that would leave the path, before sending', async () => {
    await expect(client().unmuteHost('..')).rejects.toBeInstanceOf(UsageError);
  });

  it.each([
    [400, ['Invalid end', 'Invalid message'], 'Invalid end; Invalid message', 1, undefined],
    [403, ['Forbidden'], 'Forbidden', 4, /hosts_read/],
    [429, ['Too many requests'], 'Too many requests', 5, undefined],
    [500, ['boom'], 'boom', 7, undefined],
  ])('%i maps to its exit code with the server reasons', async (status, errs, message, exit, hint) => {
    pool().intercept({ path: '/v/api/v1/hosts/totals', method: 'GET' }).reply(status, { errors: errs });
    const err = (await client(0)
      .getHostTotals()
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(message);
    expect(err.exitCode).toBe(exit);
    if (hint) expect(err.hint).toMatch(hint);
    else expect(err.hint).toBeUndefined();
    expect(`${err.message} ${err.hint}`).not.toMatch(/secret/);
  });
});
