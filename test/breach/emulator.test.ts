import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/sandbox/breach/index.js';
import { websiteDomain } from '../../src/sandbox/breach/rules.js';
import { Clock, type Emulator, type SandboxRequest } from '../../src/sandbox/core/framework.js';
import { SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';
import { useSandbox } from '../helpers/sandbox.js';

const KEY = 'sandbox-breach-key';
const TIER1 = 'sandbox-breach-key-tier1';
const UA = 'emulator-test/1.0';

/** The emulator on a clock the test moves, asked directly (the seed's rules, no network). */
function emulator(settings: Record<string, string> = {}): { e: Emulator; clock: Clock } {
  const clock = new Clock();
  return {
    e: createEmulator({
      clock,
      options: { credentials: { breach: { api_key: KEY } }, settings, rules: SANDBOX_SETTINGS },
    }),
    clock,
  };
}

async function get(
  e: Emulator,
  path: string,
  headers: Record<string, string> = { 'user-agent': UA, 'breach-api-key': KEY },
  method = 'GET',
) {
  const u = new URL(path, 'http://sandbox');
  const req: SandboxRequest = {
    method,
    path: u.pathname,
    query: u.searchParams,
    headers,
    body: Buffer.alloc(0),
    params: {},
  };
  const reply = await e.handle(req);
  return { status: reply.status, body: reply.body, headers: reply.headers ?? {} };
}

const names = (body: unknown) => (body as Array<{ Name: string }>).map((b) => b.Name);
const ATTRIBUTES = [
  'Name',
  'Title',
  'Domain',
  'BreachDate',
  'AddedDate',
  'ModifiedDate',
  'PwnCount',
  'Description',
  'LogoPath',
  'DataClasses',
  'IsVerified',
  'IsFabricated',
  'IsSensitive',
  'IsRetired',
  'IsSpamList',
  'IsMalware',
  'IsSubscriptionFree',
  'IsStealerLog',
];

const sb = await useSandbox({ services: ['breach'] });

describe('breach emulator: user agent and keys', () => {
  function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      // node:http sends no user-agent unless told to, unlike undici.
      const r = httpRequest(`${sb.url}/breach${path}`, { headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      r.on('error', reject);
      r.end();
    });
  }

  it('answers 403 to a request without a user agent, keyed or not, over the network', async () => {
    const keyed = await raw('/api/v3/breachedaccount/test%40example.com', { 'breach-api-key': KEY });
    expect(keyed.status).toBe(403);
    expect(JSON.parse(keyed.body)).toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/user agent/),
    });
    expect((await raw('/api/v3/latestbreach', {})).status).toBe(403);
    expect((await raw('/api/v3/latestbreach', { 'user-agent': UA })).status).toBe(200);
  });

  it('a blank user agent is no user agent', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/breaches', { 'user-agent': '  ' })).status).toBe(403);
  });

  it('401 with the seed texts: missing, improperly formed, invalid key', async () => {
    const { e } = emulator();
    const path = '/api/v3/breachedaccount/test%40example.com';
    expect(await get(e, path, { 'user-agent': UA })).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: 'Access denied due to missing breach-api-key.' },
    });
    expect((await get(e, path, { 'user-agent': UA, 'breach-api-key': 'short!' })).body).toEqual({
      statusCode: 401,
      message: 'Access denied due to improperly formed breach-api-key.',
    });
    expect(
      (await get(e, path, { 'user-agent': UA, 'breach-api-key': 'well-formed-but-unknown-key' })).body,
    ).toEqual({
      statusCode: 401,
      message: 'Access denied due to invalid breach-api-key.',
    });
  });

  it('the catalogue needs no key; every search, subscribed domains and stealer logs do', async () => {
    const { e } = emulator();
    for (const p of [
      '/api/v3/breaches',
      '/api/v3/breach/Adobe',
      '/api/v3/latestbreach',
      '/api/v3/dataclasses',
    ]) {
      expect((await get(e, p, { 'user-agent': UA })).status).toBe(200);
    }
    for (const p of [
      '/api/v3/breachedaccount/a%40example.com',
      '/api/v3/breacheddomain/example.com',
      '/api/v3/subscribeddomains',
      '/api/v3/subscription/status',
      '/api/v3/stealerlogsbyemail/jane%40example.com',
      '/api/v3/stealerlogsbywebsitedomain/example.org',
      '/api/v3/stealerlogsbyemaildomain/example.com',
    ]) {
      expect((await get(e, p, { 'user-agent': UA })).status).toBe(401);
    }
  });

  it('unknown paths are 404, other methods 405', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/pasteaccount/a%40example.com')).status).toBe(404);
    expect((await get(e, '/api/v2/breaches')).status).toBe(404);
    expect((await get(e, '/api/v3/breaches', undefined, 'POST')).status).toBe(405);
  });
});

describe('breach emulator: account search', () => {
  it('never returns sensitive or retired breaches; sorts by Title; names only by default', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/breachedaccount/test%40example.com');
    expect(r.status).toBe(200);
    // ZuluGames has the Title "Aardvark Games": sorted by Title, not Name.
    expect(r.body).toEqual([
      { Name: 'ZuluGames' },
      { Name: 'Adobe' },
      { Name: 'FreeLunch' },
      { Name: 'MailBlast2019' },
      { Name: 'NimbusForum' },
    ]);
  });

  it('the account is trimmed and matched case-insensitively', async () => {
    const { e } = emulator();
    expect(names((await get(e, '/api/v3/breachedaccount/%20%20TEST%40Example.COM%20')).body)).toContain(
      'Adobe',
    );
  });

  it('IncludeUnverified=false drops unverified breaches; Domain filters by site; query names in any case', async () => {
    const { e } = emulator();
    expect(
      names((await get(e, '/api/v3/breachedaccount/test%40example.com?IncludeUnverified=false')).body),
    ).not.toContain('NimbusForum');
    expect(
      names((await get(e, '/api/v3/breachedaccount/test%40example.com?includeunverified=FALSE')).body),
    ).not.toContain('NimbusForum');
    expect((await get(e, '/api/v3/breachedaccount/test%40example.com?Domain=adobe.com')).body).toEqual([
      { Name: 'Adobe' },
    ]);
    expect((await get(e, '/api/v3/breachedaccount/test%40example.com?domain=ADOBE.com')).body).toEqual([
      { Name: 'Adobe' },
    ]);
    // A fabricated breach is also unverified.
    expect((await get(e, '/api/v3/breachedaccount/fabio?IncludeUnverified=false')).status).toBe(404);
  });

  it('truncateResponse=false returns the full model with every attribute', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/breachedaccount/jane%40example.com?truncateResponse=false');
    const list = r.body as Array<Record<string, unknown>>;
    expect(list.map((b) => b.Name)).toEqual(['Adobe', 'KeyHarvest', 'StealerLogs2025']);
    for (const b of list) expect(Object.keys(b).sort()).toEqual([...ATTRIBUTES].sort());
    expect(list[2]).toMatchObject({ IsMalware: true, IsStealerLog: true, AddedDate: '2025-02-03T09:00Z' });
  });

  it('404 with no body when nothing is found: sensitive-only, retired-only, unknown accounts', async () => {
    const { e } = emulator();
    for (const a of ['secret%40example.com', 'gone%40example.com', 'clean%40example.com']) {
      const r = await get(e, `/api/v3/breachedaccount/${a}`);
      expect(r.status).toBe(404);
      expect(r.body).toBeUndefined();
    }
  });

  it('400 for an account it cannot accept or a bad boolean', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/breachedaccount/%20%20')).status).toBe(400);
    expect((await get(e, `/api/v3/breachedaccount/${'a'.repeat(257)}`)).status).toBe(400);
    expect((await get(e, '/api/v3/breachedaccount/a?truncateResponse=maybe')).status).toBe(400);
  });
});

describe('breach emulator: domain search and subscribed domains', () => {
  it('includes sensitive breaches, never retired ones, aliases alphabetical, breaches by Title', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/breacheddomain/example.com');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      jane: ['Adobe', 'KeyHarvest', 'StealerLogs2025'],
      secret: ['LoveBirds'],
      test: ['ZuluGames', 'Adobe', 'FreeLunch', 'LoveBirds', 'MailBlast2019', 'NimbusForum'],
    });
    expect(Object.keys(r.body as object)).toEqual(['jane', 'secret', 'test']);
  });

  it('only verified domains of the key can be searched (403); a verified domain with nothing is 404', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/breacheddomain/example.net');
    expect(r.status).toBe(403);
    expect((r.body as { message: string }).message).toMatch(/not been verified/);
    expect((await get(e, '/api/v3/breacheddomain/quiet.example')).status).toBe(404);
  });

  it('a subscription too small for the domain sees only subscription-free breaches', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/breacheddomain/example.net', {
      'user-agent': UA,
      'breach-api-key': TIER1,
    });
    expect(r.body).toEqual({ ceo: ['FreeLunch'], cfo: ['FreeLunch'] });
  });

  it('subscribed domains: counts are null before the first search and set by it', async () => {
    const { e } = emulator();
    const before = (await get(e, '/api/v3/subscribeddomains')).body as Array<Record<string, unknown>>;
    expect(before.map((d) => d.DomainName)).toEqual(['example.com', 'example.org', 'quiet.example']);
    expect(before[0]).toMatchObject({
      PwnCount: null,
      PwnCountExcludingSpamLists: null,
      PwnCountExcludingSpamListsAtLastSubscriptionRenewal: null,
    });
    expect(before[1]).toMatchObject({
      PwnCount: 2,
      PwnCountExcludingSpamLists: 1,
      PwnCountExcludingSpamListsAtLastSubscriptionRenewal: 1,
    });
    expect(String(before[0]!.NextSubscriptionRenewal)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await get(e, '/api/v3/breacheddomain/example.com');
    const after = (await get(e, '/api/v3/subscribeddomains')).body as Array<Record<string, unknown>>;
    expect(after[0]).toMatchObject({
      PwnCount: 3,
      PwnCountExcludingSpamLists: 3,
      PwnCountExcludingSpamListsAtLastSubscriptionRenewal: 3,
    });
    const other = (await get(e, '/api/v3/subscribeddomains', { 'user-agent': UA, 'breach-api-key': TIER1 }))
      .body;
    expect(other).toEqual([expect.objectContaining({ DomainName: 'example.net', PwnCount: null })]);
  });

  it('searching one domain more than practically necessary is answered 429', async () => {
    const { e } = emulator({ 'breach.domain_searches_per_minute': '2' });
    expect((await get(e, '/api/v3/breacheddomain/example.com')).status).toBe(200);
    expect((await get(e, '/api/v3/breacheddomain/example.com')).status).toBe(200);
    const r = await get(e, '/api/v3/breacheddomain/example.com');
    expect(r.status).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await get(e, '/api/v3/breacheddomain/example.org')).status).toBe(200);
  });
});

describe('breach emulator: the catalogue', () => {
  it('breaches: sorted by Title, retired left out, sensitive kept, spam-list and domain filters', async () => {
    const { e } = emulator();
    const all = (await get(e, '/api/v3/breaches', { 'user-agent': UA })).body as Array<{
      Name: string;
      Title: string;
    }>;
    const titles = all.map((b) => b.Title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    expect(titles[0]).toBe('Aardvark Games');
    expect(names(all)).not.toContain('OldArcade');
    expect(names(all)).toContain('LoveBirds');
    expect(names((await get(e, '/api/v3/breaches?IsSpamList=true')).body)).toEqual(['MailBlast2019']);
    expect(names((await get(e, '/api/v3/breaches?IsSpamList=false')).body)).not.toContain('MailBlast2019');
    expect(names((await get(e, '/api/v3/breaches?Domain=adobe.com')).body)).toEqual(['Adobe']);
  });

  it('every attribute of the model occurs in the seed data', async () => {
    const { e } = emulator();
    const all = (await get(e, '/api/v3/breaches')).body as Array<Record<string, unknown>>;
    for (const flag of [
      'IsFabricated',
      'IsSensitive',
      'IsSpamList',
      'IsMalware',
      'IsSubscriptionFree',
      'IsStealerLog',
    ]) {
      expect(
        all.some((b) => b[flag] === true),
        flag,
      ).toBe(true);
    }
    expect(all.some((b) => b.IsVerified === false)).toBe(true);
    for (const b of all) {
      expect(b.DataClasses).toEqual(
        [...(b.DataClasses as string[])].sort((x, y) => x.localeCompare(y, 'en')),
      );
      expect(String(b.AddedDate)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
      expect(String(b.ModifiedDate) >= String(b.AddedDate)).toBe(true);
    }
  });

  it('breach by name (any case); retired and unknown names are 404', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/breach/adobe')).body).toMatchObject({ Name: 'Adobe', PwnCount: 152445165 });
    expect((await get(e, '/api/v3/breach/OldArcade')).status).toBe(404);
    expect((await get(e, '/api/v3/breach/Nope')).status).toBe(404);
  });

  it('dataclasses: unique and alphabetical', async () => {
    const { e } = emulator();
    const list = (await get(e, '/api/v3/dataclasses')).body as string[];
    expect(list).toEqual([...new Set(list)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list).toContain('Password hints');
  });

  it('latest breach: the most recent AddedDate; new breaches appear as the sandbox clock passes', async () => {
    const { e, clock } = emulator();
    expect((await get(e, '/api/v3/latestbreach')).body).toMatchObject({ Name: 'StealerLogs2025' });
    expect((await get(e, '/api/v3/breachedaccount/news%40example.com')).status).toBe(404);
    clock.advance(121_000);
    const latest = (await get(e, '/api/v3/latestbreach')).body as Record<string, unknown>;
    expect(latest.Name).toBe('NewsletterHub');
    expect(Object.keys(latest).slice(0, 6)).toEqual([
      'Name',
      'Title',
      'Domain',
      'BreachDate',
      'AddedDate',
      'ModifiedDate',
    ]);
    expect(String(latest.AddedDate)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    expect(names((await get(e, '/api/v3/breaches')).body)).toContain('NewsletterHub');
    expect((await get(e, '/api/v3/breachedaccount/news%40example.com')).body).toEqual([
      { Name: 'NewsletterHub' },
    ]);
    clock.advance(3600_000);
    expect((await get(e, '/api/v3/latestbreach')).body).toMatchObject({ Name: 'ParcelTrack' });
    // A reset (the sandbox resets its clock too) starts the schedule again.
    clock.reset();
    e.reset();
    expect((await get(e, '/api/v3/latestbreach')).body).toMatchObject({ Name: 'StealerLogs2025' });
  });
});

describe('breach emulator: stealer logs', () => {
  it('need the fifth tier', async () => {
    const { e } = emulator();
    const r = await get(e, '/api/v3/stealerlogsbyemail/dave%40example.net', {
      'user-agent': UA,
      'breach-api-key': TIER1,
    });
    expect(r.status).toBe(403);
    expect((r.body as { message: string }).message).toMatch(/fifth subscription tier/);
  });

  it('by email: website domains, alphabetical; the email domain must be verified; no parseable site is no record', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/stealerlogsbyemail/Jane%40Example.com')).body).toEqual([
      'example.org',
      'streamflix.example',
    ]);
    expect((await get(e, '/api/v3/stealerlogsbyemail/bob%40other.example')).status).toBe(403);
    expect((await get(e, '/api/v3/stealerlogsbyemail/carol%40example.com')).status).toBe(404);
  });

  it('by website domain: email addresses, alphabetical; the website domain must be verified', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/stealerlogsbywebsitedomain/example.org')).body).toEqual([
      'bob@other.example',
      'jane@example.com',
    ]);
    expect((await get(e, '/api/v3/stealerlogsbywebsitedomain/streamflix.example')).status).toBe(403);
    expect((await get(e, '/api/v3/stealerlogsbywebsitedomain/quiet.example')).status).toBe(404);
  });

  it('by email domain: alias → website domains', async () => {
    const { e } = emulator();
    expect((await get(e, '/api/v3/stealerlogsbyemaildomain/example.com')).body).toEqual({
      andy: ['streamflix.example'],
      jane: ['example.org', 'streamflix.example'],
    });
    expect((await get(e, '/api/v3/stealerlogsbyemaildomain/example.org')).status).toBe(404);
  });

  it('stealer-log domain searches have their own, lower limit', async () => {
    const { e } = emulator({ 'breach.stealer_rate_per_minute': '2' });
    expect((await get(e, '/api/v3/stealerlogsbywebsitedomain/example.org')).status).toBe(200);
    expect((await get(e, '/api/v3/stealerlogsbyemaildomain/example.com')).status).toBe(200);
    const r = await get(e, '/api/v3/stealerlogsbywebsitedomain/example.org');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('30');
    // Searches by email address are not domain searches.
    expect((await get(e, '/api/v3/stealerlogsbyemail/jane%40example.com')).status).toBe(200);
  });

  it('a website domain is parsed from the captured URL', () => {
    expect(websiteDomain('https://www.streamflix.example/login')).toBe('streamflix.example');
    expect(websiteDomain('android://abc@com.example.app/')).toBeUndefined();
    expect(websiteDomain('http://192.168.1.1/admin')).toBeUndefined();
    expect(websiteDomain('http://localhost:8080/')).toBeUndefined();
    expect(websiteDomain('not a url')).toBeUndefined();
  });
});

describe('breach emulator: rate limit per key', () => {
  it('a key gets its requests per minute, then 429 with retry-after and the seed body; the bucket refills', async () => {
    const { e, clock } = emulator({ 'breach.rate_per_minute': '3' });
    for (let i = 0; i < 3; i++)
      expect((await get(e, '/api/v3/breachedaccount/test%40example.com')).status).toBe(200);
    const r = await get(e, '/api/v3/breachedaccount/test%40example.com');
    expect(r).toMatchObject({
      status: 429,
      headers: { 'retry-after': '20' },
      body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 20 seconds.' },
    });
    // The other key has its own bucket; the catalogue is not limited.
    expect(
      (
        await get(e, '/api/v3/breachedaccount/test%40example.com', {
          'user-agent': UA,
          'breach-api-key': TIER1,
        })
      ).status,
    ).toBe(200);
    expect((await get(e, '/api/v3/latestbreach')).status).toBe(200);
    clock.advance(20_000);
    expect((await get(e, '/api/v3/breachedaccount/test%40example.com')).status).toBe(200);
    expect((e.stats!() as { byStatus: Record<string, number> }).byStatus['429']).toBe(1);
  });

  it('the first tier gets 10 a minute; the subscription status says so', async () => {
    const { e } = emulator();
    const tier1 = { 'user-agent': UA, 'breach-api-key': TIER1 };
    expect((await get(e, '/api/v3/subscription/status', tier1)).body).toMatchObject({
      SubscriptionName: 'Pwned 1',
      Rpm: 10,
      IncludesStealerLogs: false,
    });
    for (let i = 0; i < 9; i++)
      expect((await get(e, '/api/v3/breachedaccount/fabio', tier1)).status).toBe(200);
    const r = await get(e, '/api/v3/breachedaccount/fabio', tier1);
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('6');
    expect((await get(e, '/api/v3/subscription/status')).body).toMatchObject({
      SubscriptionName: 'Pwned 5',
      Rpm: 1000,
      IncludesStealerLogs: true,
    });
  });
});
