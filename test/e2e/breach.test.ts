import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { runCli, runMain, tempConfigDir } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';

// The sandbox as users get it (the sandbox key is on the fifth tier, 1000 requests a minute) ...
const sb = await useSandbox({ services: ['breach'] });
// ... and one whose key allows 120 a minute, to meet a 429 in the middle of a bulk run.
const slow = await useSandbox({ services: ['breach'], settings: { 'breach.rate_per_minute': '120' } });

const ops = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
  runMain(args, { env: { ...sb.env, ...extra }, input });
const TIER1 = 'sandbox-breach-key-tier1';

async function breachRequests(box = sb): Promise<Record<string, number>> {
  return (await box.counters()).requests.breach ?? {};
}
async function statuses(box = sb): Promise<Record<string, number>> {
  return ((await box.counters()).emulators.breach as { byStatus: Record<string, number> }).byStatus;
}
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ops breach account', () => {
  it('prints the names, sorted by title; sensitive and retired breaches never appear', async () => {
    const r = await ops(['breach', 'account', 'test@example.com']);
    expect(r).toEqual({
      code: 0,
      stdout: 'NAME\nZuluGames\nAdobe\nFreeLunch\nMailBlast2019\nNimbusForum\n',
      stderr: '',
    });
  });

  it('--full --no-unverified --json: the full model, unverified left out, API field names kept', async () => {
    const r = await ops(['breach', 'account', ' TEST@example.com ', '--full', '--no-unverified', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(list.map((b) => b.Name)).toEqual(['ZuluGames', 'Adobe', 'FreeLunch', 'MailBlast2019']);
    expect(list[1]).toMatchObject({
      Title: 'Adobe',
      IsVerified: true,
      DataClasses: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
    });
    expect(String(list[1]!.Description)).toContain('<em>encrypted</em>');
    expect(await breachRequests()).toEqual({ 'GET /api/v3/breachedaccount/TEST%40example.com': 1 });
  });

  it('--domain keeps the breaches of one site', async () => {
    const r = await ops(['breach', 'account', 'test@example.com', '--domain', 'adobe.com', '-o', 'ndjson']);
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([{ Name: 'Adobe' }]);
  });

  it('nothing found (404) is an empty result and exit 0; a sensitive-only account is not found', async () => {
    for (const account of ['clean@example.com', 'secret@example.com', 'gone@example.com']) {
      const r = await ops(['breach', 'account', account, '--json']);
      expect(r).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    }
    expect((await ops(['breach', 'account', 'clean@example.com'])).stdout).toBe('');
  });

  it('--exit-status: 8 when found, 0 when not', async () => {
    const found = await ops(['breach', 'account', 'fabio', '--exit-status']);
    expect(found.code).toBe(8);
    expect(found.stdout).toBe('NAME\nFakeBank\n');
    expect(found.stderr).toBe('ops: fabio was found in 1 breach\n');
    expect((await ops(['breach', 'account', 'clean@example.com', '--exit-status'])).code).toBe(0);
  });

  it('without a key: exit 4 before anything is sent, saying how to set it', async () => {
    const r = await ops(['breach', 'account', 'test@example.com'], { OPS_BREACH_API_KEY: undefined });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('`ops breach account` needs an API key');
    expect(r.stderr).toContain('OPS_BREACH_API_KEY');
    expect(await breachRequests()).toEqual({});
  });

  it('a bad key: 401 with the server reason, exit 4, the key never printed', async () => {
    const bad = 'not-the-right-key-at-all';
    const r = await ops(['breach', 'account', 'test@example.com', '--debug'], { OPS_BREACH_API_KEY: bad });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('ops: breach: Access denied due to invalid breach-api-key. (HTTP 401)');
    expect(r.stderr).toContain('hint: set the key with OPS_BREACH_API_KEY');
    expect(r.stderr).not.toContain(bad);
    const malformed = await ops(['breach', 'account', 'test@example.com'], {
      OPS_BREACH_API_KEY: 'bad key!',
    });
    expect(malformed.stderr).toContain('Access denied due to improperly formed breach-api-key.');
  });

  it('an account the service does not accept: 400, exit 1', async () => {
    const r = await ops(['breach', 'account', 'x'.repeat(300)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('ops: breach: the account does not comply with an acceptable format (HTTP 400)\n');
  });

  it('bad input is exit 2 before any request', async () => {
    for (const args of [
      ['breach', 'account', '   '],
      ['breach', 'account'],
      ['breach', 'account', 'a@example.com', '--domain', 'not a domain'],
      ['breach', 'domain', 'https://example.com/'],
      ['breach', 'stealer-logs'],
      ['breach', 'stealer-logs', '--email', 'nobody'],
      ['breach', 'latest', '--watch', 'soon'],
      ['breach', 'list', '--limit', '-1'],
      ['breach', 'account', '--file', '/nonexistent/accounts.txt'],
    ]) {
      const r = await ops(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(/^ops: /);
      expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect(await breachRequests()).toEqual({});
  });

  it('the user agent is ops/<version>, or the configured one; --dry-run masks the key and sends nothing', async () => {
    const dry = await ops(['breach', 'account', 'test@example.com', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^curl -X GET .*\/api\/v3\/breachedaccount\/test%40example\.com -H 'accept: application\/json' -H 'user-agent: ops\/[^']+' -H 'breach-api-key: '"\$\(ops auth token breach\)"\n$/,
    );
    expect(dry.stdout).not.toContain('sandbox-breach-key');
    const custom = await ops(['breach', 'latest', '--dry-run'], { OPS_BREACH_USER_AGENT: 'acme-audit/2.1' });
    expect(custom.stdout).toContain("-H 'user-agent: acme-audit/2.1'");
    expect(custom.stdout).not.toContain('breach-api-key');
    expect(await breachRequests()).toEqual({});
  });
});

describe('ops breach account --file', () => {
  it('paces requests to the rate and prints one NDJSON line per account in file order (stdin)', async () => {
    const input = 'test@example.com\n\nclean@example.com\nTest@Example.com\njane@example.com\n';
    const started = Date.now();
    const r = await ops(
      ['breach', 'account', '--file', '-', '-o', 'ndjson'],
      { OPS_BREACH_RATE_PER_MINUTE: '120' },
      input,
    );
    const elapsed = Date.now() - started;
    expect(r.code).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([
      {
        account: 'test@example.com',
        breaches: ['ZuluGames', 'Adobe', 'FreeLunch', 'MailBlast2019', 'NimbusForum'].map((Name) => ({
          Name,
        })),
      },
      { account: 'clean@example.com', breaches: [] },
      {
        account: 'jane@example.com',
        breaches: [{ Name: 'Adobe' }, { Name: 'KeyHarvest' }, { Name: 'StealerLogs2025' }],
      },
    ]);
    // 120 a minute: starts 0.5 s apart, so three searches take at least a second; the duplicate is not sent.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(Object.values(await breachRequests()).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('a table of account, count and names; --json is one array; --exit-status is 8', async () => {
    const input = 'fabio\nclean@example.com\n';
    const env = { OPS_BREACH_RATE_PER_MINUTE: '6000' };
    const table = await ops(['breach', 'account', '--file', '-'], env, input);
    expect(table.stdout).toBe(
      'ACCOUNT            COUNT  BREACHES\nfabio              1      FakeBank\nclean@example.com  0\n',
    );
    const json = await ops(['breach', 'account', '--file', '-', '--json', '--exit-status'], env, input);
    expect(json.code).toBe(8);
    expect(JSON.parse(json.stdout)).toEqual([
      { account: 'fabio', breaches: [{ Name: 'FakeBank' }] },
      { account: 'clean@example.com', breaches: [] },
    ]);
  });

  it('meets 429 in the middle (the key allows 120 a minute), waits retry-after and answers every account', async () => {
    const accounts = [
      'test@example.com',
      ...Array.from({ length: 124 }, (_, i) => `user${i}@example.com`),
      'jane@example.com',
    ];
    const r = await runMain(['breach', 'account', '--file', '-', '-o', 'ndjson'], {
      env: { ...slow.env, OPS_BREACH_RATE_PER_MINUTE: '1000000' },
      input: accounts.join('\n'),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.stdout).map((l) => JSON.parse(l) as { account: string; breaches: unknown[] });
    expect(out.map((o) => o.account)).toEqual(accounts);
    expect(out[0]!.breaches).toHaveLength(5);
    expect(out.at(-1)!.breaches).toEqual([
      { Name: 'Adobe' },
      { Name: 'KeyHarvest' },
      { Name: 'StealerLogs2025' },
    ]);
    const seen = await statuses(slow);
    expect(seen['429']).toBeGreaterThan(0);
    expect((seen['200'] ?? 0) + (seen['404'] ?? 0)).toBe(accounts.length);
  });

  it('with no retries left, a 429 stops the run: exit 5, what was done is printed', async () => {
    await sb.fault({
      service: 'breach',
      path: '/api/v3/breachedaccount/b',
      kind: 'status',
      status: 429,
      retryAfter: 1,
      body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' },
    });
    const r = await ops(
      ['breach', 'account', '--file', '-', '--json', '--retries', '0'],
      { OPS_BREACH_RATE_PER_MINUTE: '6000' },
      'a@example.com\nb@example.com\nc@example.com\n',
    );
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stderr).error).toMatchObject({
      status: 429,
      retryAfter: 1,
      message: 'Rate limit is exceeded. Try again in 1 seconds.',
    });
    expect(JSON.parse(r.stdout)).toEqual([{ account: 'a@example.com', breaches: [] }]);
  });

  it('Ctrl-C stops a paced run with exit 130 after printing what was done', async () => {
    const ctl = new AbortController();
    const io = memoryIo({
      env: { OPS_CONFIG_DIR: tempConfigDir(), ...sb.env, OPS_BREACH_RATE_PER_MINUTE: '2' },
      input: 'fabio\ntest@example.com\n',
      signal: ctl.signal,
    });
    const run = main(['node', 'ops', 'breach', 'account', '--file', '-', '-o', 'ndjson'], io);
    await until(() => io.out().includes('FakeBank'));
    ctl.abort(new Error('SIGINT'));
    expect(await run).toBe(130);
    expect(io.out()).toBe('{"account":"fabio","breaches":[{"Name":"FakeBank"}]}\n');
    expect(io.err()).toBe('ops: interrupted after 1 of 2 accounts\n');
  });
});

describe('ops breach domain, domains', () => {
  it('domain: every address with its breaches, sensitive included, retired never', async () => {
    const r = await ops(['breach', 'domain', 'example.com']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'EMAIL               COUNT  BREACHES',
        'jane@example.com    3      Adobe, KeyHarvest, StealerLogs2025',
        'secret@example.com  1      LoveBirds',
        'test@example.com    6      ZuluGames, Adobe, FreeLunch, LoveBirds, MailBlast2019, NimbusForum',
        '',
      ].join('\n'),
    );
    const json = await ops(['breach', 'domain', 'example.com', '--json']);
    expect(JSON.parse(json.stdout).secret).toEqual(['LoveBirds']);
  });

  it('domains: counts appear after the first search', async () => {
    const before = JSON.parse((await ops(['breach', 'domains', '--json'])).stdout) as Array<
      Record<string, unknown>
    >;
    expect(before[0]).toMatchObject({ DomainName: 'example.com', PwnCount: null });
    await ops(['breach', 'domain', 'example.com']);
    const after = await ops(['breach', 'domains']);
    expect(after.stdout.split('\n')[0]).toMatch(
      /^DOMAIN\s+BREACHED\s+EXCL\. SPAM LISTS\s+AT LAST RENEWAL\s+NEXT RENEWAL$/,
    );
    expect(after.stdout).toMatch(/\nexample\.com\s+3\s+3\s+3\s+\d{4}-/);
  });

  it('an unverified domain: 403 with the reason and a hint, exit 4', async () => {
    const r = await ops(['breach', 'domain', 'example.net']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('has not been verified for this subscription');
    expect(r.stderr).toContain(
      'hint: only the verified domains of the subscription can be searched; `ops breach domains` lists them',
    );
  });

  it('a verified domain with nothing found: {} and exit 0; --exit-status 8 when found', async () => {
    expect(await ops(['breach', 'domain', 'quiet.example', '--json', '--exit-status'])).toEqual({
      code: 0,
      stdout: '{}\n',
      stderr: '',
    });
    expect((await ops(['breach', 'domain', 'example.com', '--exit-status'])).code).toBe(8);
  });

  it('a subscription too small for the domain sees only subscription-free breaches', async () => {
    const r = await ops(['breach', 'domain', 'example.net', '--json'], { OPS_BREACH_API_KEY: TIER1 });
    expect(JSON.parse(r.stdout)).toEqual({ ceo: ['FreeLunch'], cfo: ['FreeLunch'] });
  });
});

describe('ops breach list, show, latest, dataclasses, subscription (no key needed for the catalogue)', () => {
  const noKey = { OPS_BREACH_API_KEY: undefined };

  it('list: sorted by title with flags; --spam-list; --no-spam-list; --domain', async () => {
    const r = await ops(['breach', 'list'], noKey);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n');
    expect(rows[0]).toMatch(/^NAME\s+TITLE\s+DOMAIN\s+BREACHED\s+ADDED\s+ACCOUNTS\s+FLAGS$/);
    expect(rows[1]).toMatch(/^ZuluGames\s+Aardvark Games/);
    expect(r.stdout).toMatch(/\nFakeBank .* unverified, fabricated\n/);
    expect(r.stdout).toMatch(/\nLoveBirds .* sensitive\n/);
    expect(r.stdout).not.toContain('OldArcade');
    const spam = JSON.parse((await ops(['breach', 'list', '--spam-list', '--json'], noKey)).stdout) as Array<{
      Name: string;
    }>;
    expect(spam.map((b) => b.Name)).toEqual(['MailBlast2019']);
    const noSpam = JSON.parse(
      (await ops(['breach', 'list', '--no-spam-list', '--json'], noKey)).stdout,
    ) as Array<{ Name: string }>;
    expect(noSpam.map((b) => b.Name)).not.toContain('MailBlast2019');
    expect((await ops(['breach', 'list', '--domain', 'adobe.com', '--field', 'Name'], noKey)).stdout).toBe(
      'Adobe\n',
    );
    expect(
      (await ops(['breach', 'list', '--limit', '2', '-o', 'ndjson'], noKey)).stdout.trim().split('\n'),
    ).toHaveLength(2);
    // --all, as on every list (the service sends the whole list at once).
    const all = await ops(['breach', 'list', '--all', '-o', 'ndjson'], noKey);
    expect(all.code).toBe(0);
    expect(lines(all.stdout).length).toBeGreaterThan(2);
    expect((await ops(['breach', 'list', '--all', '--limit', '2'], noKey)).code).toBe(2);
  });

  it('show: the HTML description as text in the table, as HTML in JSON', async () => {
    const r = await ops(['breach', 'show', 'Adobe'], noKey);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /description\s+In October 2013, 153 million Adobe accounts .* encrypted password .* many were quickly resolved back to plain text\./,
    );
    expect(r.stdout).not.toContain('<a ');
    const json = JSON.parse((await ops(['breach', 'show', 'Adobe', '--json'], noKey)).stdout);
    expect(json.Description).toContain('<a href="https://breach-lookup.example/adobe"');
  });

  it('show: an unknown or retired breach is exit 3', async () => {
    for (const name of ['Nope', 'OldArcade']) {
      const r = await ops(['breach', 'show', name], noKey);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(`breach ${name} not found in the breaches the service lists`);
    }
  });

  it('latest and dataclasses', async () => {
    expect((await ops(['breach', 'latest', '--field', 'Name'], noKey)).stdout).toBe('StealerLogs2025\n');
    const classes = JSON.parse((await ops(['breach', 'dataclasses', '--json'], noKey)).stdout) as string[];
    expect(classes).toEqual([...classes].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await ops(['breach', 'dataclasses'], noKey)).stdout.split('\n')[0]).toBe('Account balances');
  });

  it('subscription: the tier and its rate', async () => {
    expect((await ops(['breach', 'subscription', '--field', 'Rpm'])).stdout).toBe('1000\n');
    expect(
      (await ops(['breach', 'subscription', '--field', 'SubscriptionName'], { OPS_BREACH_API_KEY: TIER1 }))
        .stdout,
    ).toBe('Pwned 1\n');
  });

  it('latest --watch prints the latest, then the next one the sandbox adds, and stops after --count', async () => {
    const io = memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...sb.env } });
    const run = main(['node', 'ops', 'breach', 'latest', '--watch', '1s', '--count', '1'], io);
    await until(() => io.out().includes('StealerLogs2025'));
    await sb.advance(180);
    expect(await run).toBe(0);
    expect(io.out()).toMatch(
      /^2025-02-03T09:00Z {2}StealerLogs2025 {2}Stealer Logs, January 2025 \(no domain, 23000000 accounts\)\n\d{4}-\d\d-\d\dT\d\d:\d\dZ {2}NewsletterHub {2}Newsletter Hub \(newsletterhub\.example, 64000 accounts\)\n$/,
    );
  });

  it('latest --watch: Ctrl-C ends it with exit 130', async () => {
    const ctl = new AbortController();
    const io = memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...sb.env }, signal: ctl.signal });
    const run = main(['node', 'ops', 'breach', 'latest', '--watch', '1m', '-o', 'ndjson'], io);
    await until(() => io.out().includes('StealerLogs2025'));
    ctl.abort(new Error('SIGINT'));
    expect(await run).toBe(130);
    expect(JSON.parse(io.out()).Name).toBe('StealerLogs2025');
    expect(io.err()).toBe('ops: stopped watching after 0 changes\n');
  });
});

describe('ops breach stealer-logs', () => {
  it('by email, by website, by email domain', async () => {
    expect((await ops(['breach', 'stealer-logs', '--email', 'jane@example.com'])).stdout).toBe(
      'example.org\nstreamflix.example\n',
    );
    expect(
      JSON.parse((await ops(['breach', 'stealer-logs', '--website', 'example.org', '--json'])).stdout),
    ).toEqual(['bob@other.example', 'jane@example.com']);
    expect((await ops(['breach', 'stealer-logs', '--email-domain', 'example.com'])).stdout).toBe(
      'EMAIL             COUNT  WEBSITES\nandy@example.com  1      streamflix.example\njane@example.com  2      example.org, streamflix.example\n',
    );
  });

  it('nothing found: [] and exit 0; --exit-status 8 when found', async () => {
    expect(
      await ops(['breach', 'stealer-logs', '--email', 'carol@example.com', '--json', '--exit-status']),
    ).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    expect((await ops(['breach', 'stealer-logs', '--email', 'jane@example.com', '--exit-status'])).code).toBe(
      8,
    );
  });

  it('below the fifth tier, or for an unverified domain: 403 with a hint, exit 4', async () => {
    const tier = await ops(['breach', 'stealer-logs', '--email', 'dave@example.net'], {
      OPS_BREACH_API_KEY: TIER1,
    });
    expect(tier.code).toBe(4);
    expect(tier.stderr).toContain('hint: stealer logs need the fifth subscription tier or higher');
    const domain = await ops(['breach', 'stealer-logs', '--website', 'streamflix.example']);
    expect(domain.code).toBe(4);
    expect(domain.stderr).toContain('has not been verified');
  });
});

describe('ops breach: failures of the service and the network', () => {
  it('403 without a reason explains the user agent', async () => {
    await sb.fault({ service: 'breach', kind: 'status', status: 403, body: '' });
    const r = await ops(['breach', 'latest']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('(HTTP 403)');
    expect(r.stderr).toContain(
      'hint: the service refuses requests without a user agent naming the application',
    );
  });

  it('503 is retried; with no retries left it is exit 7', async () => {
    await sb.fault({ service: 'breach', kind: 'status', status: 503 });
    expect((await ops(['breach', 'latest', '--field', 'Name'])).stdout).toBe('StealerLogs2025\n');
    await sb.fault({ service: 'breach', kind: 'status', status: 503 });
    const r = await ops(['breach', 'latest', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('(HTTP 503)');
  });

  it('429 with retry-after is waited out and retried; with no retries, exit 5 and the wait in the JSON error', async () => {
    await sb.fault({ service: 'breach', kind: 'status', status: 429, retryAfter: 1 });
    const retried = await ops(['breach', 'account', 'fabio', '--json']);
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toEqual([{ Name: 'FakeBank' }]);
    await sb.fault({ service: 'breach', kind: 'status', status: 429, retryAfter: 7 });
    const spent = await ops(['breach', 'account', 'fabio', '--json', '--retries', '0']);
    expect(spent.code).toBe(5);
    expect(JSON.parse(spent.stderr).error).toMatchObject({ status: 429, retryAfter: 7, service: 'breach' });
  });

  it('a timeout is exit 6', async () => {
    await sb.fault({ service: 'breach', kind: 'delay', delayMs: 1500 });
    const r = await ops(['breach', 'dataclasses', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('within 0.3 s');
  });

  it('a dropped connection is exit 7', async () => {
    await sb.fault({ service: 'breach', kind: 'drop' });
    const r = await ops(['breach', 'account', 'fabio', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^ops: breach: /);
  });

  it('a malformed body is exit 7 and says what came back', async () => {
    await sb.fault({ service: 'breach', kind: 'malformed' });
    const r = await ops(['breach', 'latest', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('not valid JSON');
  });
});

describe('the built CLI', () => {
  it('help lists every verb with examples', async () => {
    const r = await runCli(['breach', '--help']);
    expect(r.code).toBe(0);
    for (const verb of [
      'account',
      'domain',
      'domains',
      'list',
      'show',
      'latest',
      'dataclasses',
      'stealer-logs',
      'subscription',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`\\n\\s+${verb}\\b`));
    }
    const account = await runCli(['breach', 'account', '--help']);
    expect(account.stdout).toContain('Examples:\n  ops breach account test@example.com');
    expect(account.stdout).toContain('--exit-status');
  });

  it('a bulk search from stdin against the sandbox, as a script runs it', async () => {
    const r = await runCli(['breach', 'account', '--file', '-', '-o', 'ndjson'], {
      env: { ...sb.env, OPS_BREACH_RATE_PER_MINUTE: '6000' },
      input: 'fabio\nclean@example.com\n',
    });
    expect(r).toEqual({
      code: 0,
      stdout:
        '{"account":"fabio","breaches":[{"Name":"FakeBank"}]}\n{"account":"clean@example.com","breaches":[]}\n',
      stderr: '',
    });
  });

  it('no key: exit 4 from the real process', async () => {
    const env = { ...sb.env };
    delete (env as Record<string, string | undefined>).OPS_BREACH_API_KEY;
    const r = await runCli(['breach', 'domains'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[0]).toBe(
      'ops: breach: `ops breach domains` needs an API key (breach-api-key) and none is set',
    );
  });
});

describe('conformance', () => {
  it('has no vendor spec to check against for breach (the vendor publishes none): skipped, and says so', async () => {
    const c = await useConformance('breach', `${sb.url}/breach`);
    expect(c.skipped).toBe(true);
    expect(c.skipped && c.reason).toMatch(/no spec/);
  });
});
