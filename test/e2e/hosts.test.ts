import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { NO_HOSTS_READ_APP_KEY } from '../../src/sandbox/hosts/seed.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { useSandbox } from '../helpers/sandbox.js';

interface Host {
  name: string;
  is_muted: boolean;
  mute_timeout?: number | null;
  meta?: Record<string, unknown>;
  metrics: { cpu?: number };
  last_reported_time: number;
  tags_by_source: Record<string, string[]>;
}

const sb = await useSandbox({ services: ['hosts'] });
// A second sandbox whose rate limit trips after 3 requests a second, for 429s in the middle of --all.
const limited = await useSandbox({
  services: ['hosts'],
  settings: { 'hosts.rate_limit': '3', 'hosts.rate_period': '1' },
});
const conformance = await useConformance('hosts', `${sb.url}/hosts`);

const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; on?: typeof sb } = {},
) => runMain(args, { env: { ...(o.on ?? sb).env, ...o.env }, input: o.input });
const json = <T = Host[]>(s: string) => JSON.parse(s) as T;
const ndjson = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Host);
const requests = async (on = sb) => (await on.counters()).requests.hosts ?? {};
const listRequests = async (on = sb) => (await requests(on))['GET /api/v1/hosts'] ?? 0;

describe('ops hosts list', () => {
  it('--all -o ndjson (hosts written as the service sent them) gives exactly the hosts --all --json gives', async () => {
    const lines = await ops(['hosts', 'list', '--all', '--count', '7', '-o', 'ndjson', '--include-metadata']);
    const array = await ops(['hosts', 'list', '--all', '--count', '7', '--json', '--include-metadata']);
    expect(lines.code).toBe(0);
    // The two walks may straddle a second of the emulator's clock, which moves last_reported_time.
    const steady = (hosts: Host[]) => hosts.map(({ last_reported_time: _t, ...rest }) => rest);
    expect(steady(ndjson(lines.stdout))).toEqual(steady(json(array.stdout)));
    expect(ndjson(lines.stdout).length).toBeGreaterThan(7);
  });

  it('prints a table of the first 30 hosts by name (the one default --limit)', async () => {
    const r = await ops(['hosts', 'list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^NAME\s+ID\s+UP\s+MUTED\s+APPS\s+SOURCES\s+CPU\s+IOWAIT\s+LOAD\s+LAST REPORTED$/,
    );
    expect(lines).toHaveLength(31);
    expect(lines[1]).toMatch(/^api-001\s+3000000000\s+(UP|\?\?\?)\s/);
    expect(r.stdout).toContain('???');
    expect(await listRequests()).toBe(1);
  });

  it('every query flag reaches the API', async () => {
    const r = await ops([
      'hosts',
      'list',
      '--filter',
      'role:db',
      '--sort-field',
      'cpu',
      '--sort-dir',
      'desc',
      '--since',
      '-7d',
      '--include-muted',
      '--include-metadata',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const hosts = json(r.stdout);
    expect(hosts.length).toBeGreaterThan(5);
    expect(hosts.every((h) => h.tags_by_source.Datadog?.includes('role:db'))).toBe(true);
    expect(hosts.every((h) => h.meta && 'mute_timeout' in h)).toBe(true);
    const cpu = hosts.map((h) => h.metrics.cpu ?? -1);
    expect(cpu).toEqual([...cpu].sort((a, b) => b - a));
    const muted = hosts.find((h) => h.name === 'db-001')!;
    expect(muted).toMatchObject({ is_muted: true, mute_timeout: expect.any(Number) });
  });

  it('--since reaches hosts that stopped reporting more than 3 hours ago', async () => {
    const recent = json((await ops(['hosts', 'list', '--all', '--json'])).stdout);
    const week = json((await ops(['hosts', 'list', '--all', '--since', '-7d', '--json'])).stdout);
    const now = Date.now() / 1000;
    expect(recent.every((h) => h.last_reported_time >= now - 3 * 3600 - 5)).toBe(true);
    expect(week.length).toBeGreaterThan(recent.length);
    expect(week.some((h) => h.last_reported_time < now - 3 * 3600)).toBe(true);
    const iso = json(
      (
        await ops([
          'hosts',
          'list',
          '--all',
          '--since',
          new Date(Date.now() + 60_000).toISOString(),
          '--json',
        ])
      ).stdout,
    );
    expect(iso).toEqual([]);
  });

  it('--start is a 0-based offset and --count alone prints one page of that size', async () => {
    const all = json((await ops(['hosts', 'list', '--all', '--json'])).stdout).map((h) => h.name);
    const r = await ops(['hosts', 'list', '--start', '10', '--count', '5', '--json']);
    expect(json(r.stdout).map((h) => h.name)).toEqual(all.slice(10, 15));
  });

  it('--all walks every page by start/count until total_matching and streams NDJSON', async () => {
    const total = json<{ total_matching: number }>(
      (await ops(['api', 'hosts', 'GET', '/api/v1/hosts', '-f', 'count=1'])).stdout,
    ).total_matching;
    await sb.control('POST', 'reset');
    const r = await ops(['hosts', 'list', '--all', '--count', '25', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    const names = ndjson(r.stdout).map((h) => h.name);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    expect(await listRequests()).toBe(Math.ceil(total / 25));
  });

  it('--limit caps the hosts and the pages asked for', async () => {
    const r = await ops(['hosts', 'list', '--limit', '60', '--count', '25', '-o', 'csv']);
    expect(r.stdout.trim().split('\n')).toHaveLength(61);
    expect(await listRequests()).toBe(3);
  });

  it('an empty result is success: nothing in a table, [] in JSON', async () => {
    const table = await ops(['hosts', 'list', '--filter', 'no-such-host']);
    expect(table).toMatchObject({ code: 0, stdout: '' });
    const j = await ops(['hosts', 'list', '--filter', 'no-such-host', '--json']);
    expect(j).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('a 429 in the middle of --all is waited out (the emulator’s own limit), and every host arrives', async () => {
    const r = await ops(['hosts', 'list', '--all', '--count', '15', '-o', 'ndjson'], { on: limited });
    expect(r.code).toBe(0);
    const names = ndjson(r.stdout).map((h) => h.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(100);
    const stats = (await limited.counters()).emulators.hosts as { rateLimited: number };
    expect(stats.rateLimited).toBeGreaterThan(0);
  });

  it('429 with the retry budget spent: exit 5 after the hosts already received', async () => {
    const r = await ops(['hosts', 'list', '--all', '--count', '10', '-o', 'ndjson', '--retries', '0'], {
      on: limited,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^ops: hosts: Too many requests \(HTTP 429\)$/m);
    expect(ndjson(r.stdout).length).toBeGreaterThanOrEqual(30);
  });

  it('429 with Retry-After on the first page is retried', async () => {
    await sb.fault({
      service: 'hosts',
      path: '/api/v1/hosts',
      kind: 'status',
      status: 429,
      retryAfter: 0,
      count: 1,
      body: { errors: ['Too many requests'] },
    });
    const r = await ops(['hosts', 'list', '--limit', '3', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toHaveLength(3);
    expect(await listRequests()).toBe(2);
  });
});

describe('ops hosts totals, mute, unmute', () => {
  it('totals, and --since widens the window', async () => {
    const now = json<{ total_active: number; total_up: number }>(
      (await ops(['hosts', 'totals', '--json'])).stdout,
    );
    expect(now.total_active).toBeGreaterThan(90);
    const day = await ops(['hosts', 'totals', '--since', '-1d', '--field', 'total_active']);
    expect(Number(day.stdout)).toBeGreaterThan(now.total_active);
    const table = await ops(['hosts', 'totals']);
    expect(table.stdout).toMatch(/^active\s+\d+\nup\s+\d+\n$/);
  });

  it('mute with an end, see it in the list, let it lapse on the sandbox clock', async () => {
    const m = await ops(['hosts', 'mute', 'web-001', '--end', '1h', '--message', 'deploy', '--json']);
    expect(m.code).toBe(0);
    const muted = json<{ action: string; end: number; hostname: string; message: string }>(m.stdout);
    expect(muted).toMatchObject({ action: 'Muted', hostname: 'web-001', message: 'deploy' });
    expect(muted.end).toBeGreaterThan(Date.now() / 1000 + 3500);
    const listed = await ops(['hosts', 'list', '--filter', 'web-001', '--include-muted']);
    expect(listed.stdout).toContain(
      `until ${new Date(muted.end * 1000).toISOString().replace('.000Z', 'Z')}`,
    );
    await sb.advance(3601);
    const after = json(
      (await ops(['hosts', 'list', '--filter', 'web-001', '--include-muted', '--json'])).stdout,
    );
    expect(after[0]).toMatchObject({ is_muted: false, mute_timeout: null });
  });

  it('muting a muted host needs --override; unmute twice fails the second time with the server reason', async () => {
    expect((await ops(['hosts', 'mute', 'web-002'])).code).toBe(0);
    const again = await ops(['hosts', 'mute', 'web-002', '--message', 'again']);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      'ops: hosts: Host web-002 is already muted. To replace the existing mute, set override to true. (HTTP 400)\n',
    );
    expect((await ops(['hosts', 'mute', 'web-002', '--override', '--end', '30m'])).code).toBe(0);
    const un = await ops(['hosts', 'unmute', 'web-002']);
    expect(un.stdout).toMatch(/^action\s+Unmuted\nhostname\s+web-002\n$/);
    const twice = await ops(['hosts', 'unmute', 'web-002']);
    expect(twice).toMatchObject({ code: 1, stderr: 'ops: hosts: Host web-002 is not muted (HTTP 400)\n' });
  });

  it('an unknown host is an invalid parameter', async () => {
    const r = await ops(['hosts', 'mute', 'nosuch-001']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no host named "nosuch-001"');
  });
});

describe('keys and permissions', () => {
  it('the key pair without hosts_read gets 403: exit 4 with the permission hint', async () => {
    for (const args of [
      ['hosts', 'list'],
      ['hosts', 'totals'],
      ['hosts', 'mute', 'web-001'],
    ]) {
      const r = await ops(args, { env: { OPS_HOSTS_APP_KEY: NO_HOSTS_READ_APP_KEY } });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('does not have the hosts_read permission (HTTP 403)');
      expect(r.stderr).toMatch(/^hint: .*hosts_read permission/m);
      expect(r.stdout).toBe('');
    }
  });

  it('a wrong key: 403, and the key is never printed', async () => {
    const r = await ops(['hosts', 'totals', '--debug'], { env: { OPS_HOSTS_API_KEY: 'wrong-api-key-123' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('ops: hosts: Forbidden (HTTP 403)');
    expect(r.stderr).not.toContain('wrong-api-key-123');
    expect(r.stderr).not.toContain(SANDBOX_CREDENTIALS.hosts!.app_key!);
  });

  it('the API key from --token-stdin when the environment has none; keys never on the command line', async () => {
    const env = { OPS_HOSTS_API_KEY: undefined };
    const r = await ops(['hosts', 'totals', '--token-stdin', '--json'], {
      env,
      input: `${SANDBOX_CREDENTIALS.hosts!.api_key}\n`,
    });
    expect(r.code).toBe(0);
    expect(json<{ total_up: number }>(r.stdout).total_up).toBeGreaterThan(0);
    const argv = await ops(['hosts', 'totals', '--api-key', SANDBOX_CREDENTIALS.hosts!.api_key!], { env });
    expect(argv.code).toBe(2);
    expect(argv.stderr).toContain("unknown option '--api-key'");
  });

  it('a missing key is an error naming the variable, before any request', async () => {
    const r = await ops(['hosts', 'list'], { env: { OPS_HOSTS_APP_KEY: undefined } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'ops: hosts: no app key is set\nhint: set OPS_HOSTS_APP_KEY, or run: ops config set hosts.app_key -   (reads the value from stdin)\n',
    );
    expect(await requests()).toEqual({});
  });

  it('--dry-run prints the request with the keys masked and sends nothing', async () => {
    const r = await ops(['hosts', 'mute', 'web-001', '--message', 'deploy', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^curl -X POST http:\/\/127\.0\.0\.1:\d+\/hosts\/api\/v1\/host\/web-001\/mute .*-H 'X-Monitor-Api-Key: '"\$\(ops auth token hosts\)" -H 'X-Monitor-Application-Key: '"\$\(ops auth token hosts --key app_key\)"/,
    );
    expect(r.stdout).toContain(`--data-binary '{"message":"deploy"}'`);
    expect(r.stdout).not.toContain(SANDBOX_CREDENTIALS.hosts!.api_key!);
    expect(await requests()).toEqual({});
  });
});

describe('failures', () => {
  it.each([
    [
      '--count over 1000',
      ['hosts', 'list', '--count', '5000'],
      'ops: --count must be at most 1000 (got 5000)',
    ],
    ['--sort-dir', ['hosts', 'list', '--sort-dir', 'up'], 'ops: invalid --sort-dir "up"'],
    ['--sort-field', ['hosts', 'list', '--sort-field', 'colour'], 'ops: invalid --sort-field "colour"'],
    ['--since', ['hosts', 'list', '--since', 'last tuesday'], 'ops: invalid --since "last tuesday"'],
    ['--end in the past', ['hosts', 'mute', 'web-001', '--end', '-5m'], 'ops: --end "-5m" is in the past'],
    ['unknown flag', ['hosts', 'list', '--colour'], "ops: unknown option '--colour'"],
    ['path traversal', ['hosts', 'unmute', '..'], 'ops: path parameter ".." would leave the intended path'],
  ])('bad input (%s): exit 2, one line, no request', async (_what, args, line) => {
    const r = await ops(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(line);
    expect(r.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(await requests()).toEqual({});
  });

  it('400 shows the server reasons: exit 1', async () => {
    const r = await ops(['api', 'hosts', 'GET', '/api/v1/hosts', '-f', 'sort_field=colour']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^ops: hosts: Invalid sort_field: "colour"; use one of name, .* \(HTTP 400\)\n$/,
    );
  });

  it('500: exit 7, not retried', async () => {
    await sb.fault({ service: 'hosts', kind: 'status', status: 500, count: 1 });
    const r = await ops(['hosts', 'totals']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe('ops: hosts: injected fault (HTTP 500)\n');
    expect((await requests())['GET /api/v1/hosts/totals']).toBe(1);
  });

  it('503 then success: retried', async () => {
    await sb.fault({ service: 'hosts', kind: 'status', status: 503, retryAfter: 0, count: 1 });
    const r = await ops(['hosts', 'totals', '--json']);
    expect(r.code).toBe(0);
    expect((await requests())['GET /api/v1/hosts/totals']).toBe(2);
  });

  it('a timeout: exit 6', async () => {
    await sb.fault({ service: 'hosts', kind: 'delay', delayMs: 1500, count: 1 });
    const r = await ops(['hosts', 'list', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /^ops: hosts: no answer from 127\.0\.0\.1:\d+ within 0\.3 s\nhint: raise --timeout/,
    );
  });

  it('a dropped connection is retried for a list, and ends in exit 7 when it keeps dropping', async () => {
    await sb.fault({ service: 'hosts', kind: 'drop', count: 1 });
    expect((await ops(['hosts', 'list', '--limit', '2', '--json'])).code).toBe(0);
    await sb.fault({ service: 'hosts', kind: 'drop', count: 5 });
    const r = await ops(['hosts', 'list', '--retries', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('dropped before a complete answer');
  });

  it('a malformed body: exit 7 naming what came back', async () => {
    await sb.fault({ service: 'hosts', kind: 'malformed', count: 1 });
    const r = await ops(['hosts', 'totals']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('a body that is not valid JSON');
  });

  it('a mute is not resent after a 503 (not idempotent without --override)', async () => {
    await sb.fault({ service: 'hosts', kind: 'status', status: 503, count: 1 });
    const r = await ops(['hosts', 'mute', 'web-003']);
    expect(r.code).toBe(7);
    expect((await requests())['POST /api/v1/host/web-003/mute']).toBe(1);
  });
});

describe('the built CLI', () => {
  it('streams every host as NDJSON and exits 0', async () => {
    const r = await runCli(['hosts', 'list', '--all', '-o', 'ndjson'], { env: sb.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const hosts = ndjson(r.stdout);
    expect(hosts.length).toBeGreaterThan(100);
    expect(hosts[0]!.name).toBe('api-001');
  });

  it('maps a 403 to exit 4', async () => {
    const r = await runCli(['hosts', 'totals'], {
      env: { ...sb.env, OPS_HOSTS_APP_KEY: NO_HOSTS_READ_APP_KEY },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('hosts_read');
  });
});

describe('conformance with specs/hosts.openapi.json', () => {
  it.skipIf(conformance.skipped)('requests and responses of every operation match the spec', async () => {
    if (conformance.skipped) return;
    const env = { OPS_HOSTS_BASE_URL: conformance.baseUrl };
    const steps: Array<[string[], number, string?]> = [
      [['hosts', 'list', '--all', '--count', '50', '--include-muted', '--include-metadata', '--json'], 0],
      [
        [
          'hosts',
          'list',
          '--filter',
          'role:db',
          '--sort-field',
          'load',
          '--sort-dir',
          'asc',
          '--since',
          '-1d',
          '--start',
          '1',
          '--count',
          '3',
        ],
        0,
      ],
      [['hosts', 'totals', '--since', '-2h'], 0],
      [['hosts', 'mute', 'web-001', '--end', '2h', '--message', 'conformance'], 0],
      [['hosts', 'mute', 'web-001', '--override'], 0],
      [['hosts', 'unmute', 'web-001'], 0],
      [['hosts', 'unmute', 'web-001'], 1],
      [['api', 'hosts', 'GET', '/api/v1/hosts', '-f', 'sort_field=colour'], 1],
      [['hosts', 'totals'], 4, NO_HOSTS_READ_APP_KEY],
    ];
    for (const [args, code, appKey] of steps) {
      const r = await ops([...args, '--retries', '0'], {
        env: appKey ? { ...env, OPS_HOSTS_APP_KEY: appKey } : env,
      });
      expect(`${args.join(' ')} → ${r.code} ${r.stderr}`).toBe(`${args.join(' ')} → ${code} ${r.stderr}`);
    }
    expect(conformance.seen()).toBeGreaterThanOrEqual(steps.length + 2);
    expect(conformance.violations()).toEqual([]);
  });
});
