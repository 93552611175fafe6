import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** `ops api --cache DURATION` (gh's): a GET's answer kept in the cache folder and answered from. */
const sb = await useSandbox({ services: ['hosts', 'runs', 'tasks', 'breach', 'secrets', 'cloud', 'meter'] });
const cacheHome = () => mkdtempSync(join(tmpdir(), 'ops-cache-'));
const ops = (args: string[], home: string, env: Record<string, string> = {}) =>
  runCli(args, { env: { ...sb.env, XDG_CACHE_HOME: home, ...env } });

/** Requests the emulator of `service` has answered since the last reset. */
async function requests(service: string): Promise<number> {
  const per = (await sb.counters()).requests[service] ?? {};
  return Object.values(per).reduce((n, c) => n + c, 0);
}

/** Every file under `dir`, with its mode. */
function files(dir: string): Array<{ path: string; mode: number }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path, mode: statSync(path).mode & 0o777 };
    });
}

const HOSTS = ['api', 'hosts', 'GET', '/api/v1/hosts', '-f', 'count=2'];

describe('ops api --cache', () => {
  it('the second call is answered from the cache: the same output, -i included, and no request', async () => {
    const home = cacheHome();
    const first = await ops([...HOSTS, '--cache', '1h', '-i'], home);
    expect(first.code).toBe(0);
    expect(await requests('hosts')).toBe(1);
    const second = await ops([...HOSTS, '--cache', '60m', '-i'], home);
    expect([second.code, second.stdout, second.stderr]).toEqual([0, first.stdout, first.stderr]);
    expect(second.stderr).toMatch(/^HTTP 200\n/);
    expect(await requests('hosts')).toBe(1);
    const said = await ops([...HOSTS, '--cache', '3600s', '--debug'], home);
    expect(said.stderr).toMatch(/^cache: answered from [0-9a-f]{12}…, kept \d+ s ago$/m);
    expect(await requests('hosts')).toBe(1);
  });

  it('another query, another profile or no --cache asks the service again', async () => {
    const home = cacheHome();
    await ops([...HOSTS, '--cache', '1h'], home);
    await ops([...HOSTS, '-f', 'start=1', '--cache', '1h'], home);
    expect(await requests('hosts')).toBe(2);
    const config = { OPS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ops-config-')) };
    expect(
      (await ops(['-p', 'ci', 'config', 'set', 'breach.user_agent', 'ci-agent'], home, config)).code,
    ).toBe(0);
    expect((await ops([...HOSTS, '--cache', '1h', '--profile', 'ci'], home, config)).code).toBe(0);
    expect(await requests('hosts')).toBe(3);
    await ops(HOSTS, home);
    expect(await requests('hosts')).toBe(4);
    expect(readdirSync(join(home, 'ops', 'api')).sort()).toEqual(['ci', 'default']);
  });

  it('an answer older than DURATION is fetched again', async () => {
    const home = cacheHome();
    await ops([...HOSTS, '--cache', '3s'], home);
    // The answer was kept before this moment, so it is older than 3 s once 3.1 s have passed.
    const kept = Date.now();
    await ops([...HOSTS, '--cache', '3s'], home);
    expect(Date.now() - kept).toBeLessThan(3000);
    expect(await requests('hosts')).toBe(1);
    await new Promise((r) => setTimeout(r, 3100 - (Date.now() - kept)));
    await ops([...HOSTS, '--cache', '3s'], home);
    expect(await requests('hosts')).toBe(2);
  });

  it('files are 0600 in 0700 folders, and no sandbox credential is in any of them', async () => {
    const home = cacheHome();
    const calls = [
      HOSTS,
      ['api', 'runs', 'GET', '/repos/{owner}/{repo}/actions/runs', '-f', 'per_page=2'],
      ['api', 'tasks', 'GET', '/tasks/v1/users/@me/lists'],
      ['api', 'breach', 'GET', '/api/v3/subscription/status'],
      ['api', 'cloud', 'GET', '/publicCloud/v1/instanceTypes', '-f', 'region=eu-west-3'],
      // Answers with the token itself: not kept.
      ['api', 'secrets', 'GET', '/v1/auth/token/lookup-self'],
    ];
    for (const c of calls) expect([c, (await ops([...c, '--cache', '1h'], home)).code]).toEqual([c, 0]);
    const kept = files(join(home, 'ops', 'api'));
    expect(kept.length).toBe(calls.length - 1);
    for (const f of kept) expect([f.path, f.mode]).toEqual([f.path, 0o600]);
    for (const d of ['ops/api', 'ops/api/default']) expect(statSync(join(home, d)).mode & 0o777).toBe(0o700);
    const credentials = Object.entries(sb.env)
      .filter(([k]) => /_(API_KEY|APP_KEY|TOKEN|PASSWORD|CLIENT_SECRET)$/.test(k))
      .map(([, v]) => v);
    expect(credentials.length).toBeGreaterThan(8);
    for (const f of kept) {
      const text = readFileSync(f.path, 'utf8');
      for (const c of credentials) expect([f.path, text.includes(c)]).toEqual([f.path, false]);
    }
    // Asked again, the refused one goes to the service again; the kept ones do not.
    await ops([...calls.at(-1)!, '--cache', '1h'], home);
    expect(await requests('secrets')).toBe(2);
  });

  it("a secret's answer is never kept: the store's own (no-store), and one the service's rules call secret", async () => {
    const home = cacheHome();
    const value = 'cache-kv-value-9931';
    expect((await ops(['secrets', 'kv', 'put', 'secret/cache-kv', `greeting=${value}`], home)).code).toBe(0);
    const kv = ['api', 'secrets', 'GET', '/v1/secret/data/cache-kv', '--cache', '1h'];
    // A KV read without the store's `Cache-Control: no-store`: the rules of secrets say it is secret.
    const plain = 'cache-kv-plain-9932';
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/secret/data/cache-kv',
      kind: 'status',
      status: 200,
      count: 1,
      headers: { 'content-type': 'application/json' },
      body: { data: { data: { greeting: plain }, metadata: { version: 1 } } },
    });
    const faked = await ops(kv, home);
    expect([faked.code, faked.stdout.includes(plain)]).toEqual([0, true]);
    const real = await ops(kv, home);
    expect([real.code, real.stdout.includes(value)]).toEqual([0, true]);
    const again = await ops([...kv, '--debug'], home);
    expect(again.stderr).not.toContain('cache: answered from');
    expect(again.stderr).toMatch(/^> GET \S+\/v1\/secret\/data\/cache-kv$/m);
    for (const r of [faked, real, again]) {
      expect(r.stderr).not.toContain(value);
      expect(r.stderr).not.toContain(plain);
    }
    const kept = existsSync(join(home, 'ops')) ? files(join(home, 'ops')) : [];
    for (const f of kept) {
      const text = readFileSync(f.path, 'utf8');
      expect([f.path, text.includes(value) || text.includes(plain)]).toEqual([f.path, false]);
    }
  });

  it('an answer with Cache-Control: no-store is not kept; one with private is', async () => {
    const home = cacheHome();
    const answer = { host_list: [], total_returned: 0, total_matching: 0 };
    for (const [control, keptAfter] of [
      ['no-store', false],
      ['private, max-age=0', true],
    ] as const) {
      await sb.fault({
        service: 'hosts',
        method: 'GET',
        path: '/api/v1/hosts',
        kind: 'status',
        status: 200,
        count: 1,
        headers: { 'content-type': 'application/json', 'cache-control': control },
        body: answer,
      });
      const args = [...HOSTS, '-f', `start=${keptAfter ? 1 : 0}`, '--cache', '1h'];
      expect([control, (await ops(args, home)).code]).toEqual([control, 0]);
      const second = await ops([...args, '--debug'], home);
      expect([control, second.stderr.includes('cache: answered from')]).toEqual([control, keptAfter]);
    }
  });

  it('another credential is another key: a wrong one is refused by the service, not answered from the cache', async () => {
    const home = cacheHome();
    expect((await ops([...HOSTS, '--cache', '1h'], home)).code).toBe(0);
    const wrong = await ops([...HOSTS, '--cache', '1h'], home, {
      OPS_HOSTS_API_KEY: 'wrong-api-key',
      OPS_HOSTS_APP_KEY: 'wrong-app-key',
    });
    expect([wrong.code, wrong.stdout]).toEqual([4, '']);
    expect(wrong.stderr).toMatch(/^ops: hosts: Forbidden \(HTTP 403\)/);
    expect(await requests('hosts')).toBe(2);
    // The right one is still answered from its own.
    expect((await ops([...HOSTS, '--cache', '1h'], home)).code).toBe(0);
    expect(await requests('hosts')).toBe(2);
    for (const f of files(join(home, 'ops', 'api'))) {
      const text = readFileSync(f.path, 'utf8');
      for (const c of [sb.env.OPS_HOSTS_API_KEY!, 'wrong-api-key']) expect(text).not.toContain(c);
    }
  });

  it('a method other than GET, with --paginate, or a bad duration is exit 2 before any request', async () => {
    const home = cacheHome();
    const cases: Array<[string[], string]> = [
      [
        ['api', 'meter', 'POST', '/v2/billing/meter_event_session', '--cache', '1h'],
        "ops: --cache keeps only a GET's answer, not a POST's",
      ],
      [[...HOSTS, '--paginate', '--cache', '1h'], "ops: --cache keeps one answer, not --paginate's pages"],
      [[...HOSTS, '--cache', '1 hour'], 'ops: invalid --cache "1 hour"'],
      [[...HOSTS, '--cache', '0s'], 'ops: invalid --cache "0s"'],
    ];
    for (const [args, message] of cases) {
      const r = await ops(args, home);
      expect([args, r.code, r.stderr.split('\n')[0]]).toEqual([args, 2, message]);
    }
    expect(await requests('hosts')).toBe(0);
    expect(await requests('meter')).toBe(0);
  });
});
