import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuthStatusRow } from '../../src/commands/auth/status.js';
import { SERVICES } from '../../src/services.js';
import { runCli, runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox();
const NAMES = SERVICES.map((s) => s.name);
const json = <T>(s: string) => JSON.parse(s) as T;
type Row = AuthStatusRow;
/** The sandbox's addresses, without any credential. */
const addresses = Object.fromEntries(Object.entries(sb.env).filter(([k]) => k.endsWith('_BASE_URL')));
const jwt = (claims: object) =>
  `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature-part`;

describe('ops auth status', () => {
  it('under `ops sandbox env`: every service from the environment, masked, and all 11 probes pass', async () => {
    const r = await runMain(['auth', 'status', '--check', '-o', 'json'], { env: sb.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = json<Row[]>(r.stdout);
    expect(rows.map((x) => x.service)).toEqual(NAMES);
    for (const row of rows) {
      expect(row.check, row.service).toBe('ok');
      expect(row.source).toMatch(/^env OPS_[A-Z]+_(TOKEN|API_KEY|PASSWORD)$/);
      expect(row.credential).toMatch(/^.{4}\*{4}$/);
    }
    expect(rows.find((x) => x.service === 'hosts')).toMatchObject({
      source: 'env OPS_HOSTS_API_KEY',
      credential: 'sand****',
      keys: { api_key: 'env OPS_HOSTS_API_KEY', app_key: 'env OPS_HOSTS_APP_KEY' },
    });
    expect(rows.find((x) => x.service === 'runs')?.context).toEqual({
      repo: 'octo-org/hello-world',
      source: 'env OPS_RUNS_REPO',
    });
    // Nothing of a credential beyond 4 characters, anywhere.
    expect(r.stdout).not.toContain('sandbox-hosts');
  });

  it.each(SERVICES.map((s) => [s.name]))(
    '%s: a wrong credential from the environment is refused by the probe: exit 4',
    async (name) => {
      const row = json<Row[]>(
        (await runMain(['auth', 'status', name, '-o', 'json'], { env: sb.env })).stdout,
      )[0]!;
      const env = {
        ...sb.env,
        [`OPS_${name.toUpperCase()}_${Object.keys(row.keys)[0]!.toUpperCase()}`]: 'wrong-credential-0123',
      };
      const r = await runMain(['auth', 'status', name, '--check'], { env });
      expect(r.code).toBe(4);
      expect(r.stdout).toMatch(
        new RegExp(
          `^SERVICE +SOURCE +CREDENTIAL +EXPIRES +(CONTEXT +)?CHECK\\n${name} +env OPS_\\S+ +wron\\*{4} +\\S`,
        ),
      );
      expect(r.stdout).not.toMatch(/ ok\n/);
      expect(r.stderr).toBe('ops: a credential is missing or refused\n');
    },
  );

  it('a named service without a credential is exit 4; unnamed, it is a row with source none', async () => {
    const named = await runMain(['auth', 'status', 'tasks'], { env: addresses });
    expect(named.code).toBe(4);
    expect(named.stdout).toBe('SERVICE  SOURCE  CREDENTIAL  EXPIRES\ntasks    none\n');
    const all = await runMain(['auth', 'status', '--check', '-o', 'json'], {
      env: {
        ...addresses,
        OPS_HOSTS_API_KEY: 'sandbox-hosts-api-key',
        OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
      },
    });
    expect(all.code).toBe(0);
    const rows = json<Row[]>(all.stdout);
    expect(rows.find((x) => x.service === 'tasks')).toMatchObject({
      source: 'none',
      credential: '',
      check: 'no credential',
    });
    expect(rows.find((x) => x.service === 'hosts')?.check).toBe('ok');
  });

  it('shows a JWT’s expiry, and a short credential not at all', async () => {
    const env = {
      ...addresses,
      OPS_DOCGEN_TOKEN: jwt({ exp: 1_900_000_000 }),
      OPS_CLOUD_API_KEY: 'short-key',
    };
    const r = await runMain(['auth', 'status', 'docgen', 'cloud', '-o', 'json'], { env });
    expect(json<Row[]>(r.stdout).map((x) => [x.credential, x.expires_at])).toEqual([
      ['eyJh****', '2030-03-17T17:46:40Z'],
      ['****', null],
    ]);
  });

  it('an unknown service is exit 2 before any request', async () => {
    const r = await runMain(['auth', 'status', 'nope'], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: unknown service "nope"\nhint: give one of: secrets, meter, hosts/);
  });

  it('keys kept in the file show source file; --check uses them', async () => {
    const dir = tempConfigDir();
    const env = { ...addresses, OPS_CONFIG_DIR: dir };
    const set = await runMain(['config', 'set', 'tasks.token', '-'], { env, input: 'sandbox-tasks-token\n' });
    expect(set.code).toBe(0);
    expect(set.stderr).toBe(
      `ops: no OS keyring answered (no D-Bus session bus); kept tasks.token in ${join(dir, 'config.json')} (0600)\n`,
    );
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const r = await runMain(['auth', 'status', 'tasks', '--check'], { env });
    expect(r.stdout).toMatch(/^tasks +file +sand\*{4} +ok$/m);
    expect(r.code).toBe(0);
  });
});

describe('ops auth token', () => {
  it('prints the credential to a pipe, from wherever it resolves', async () => {
    const r = await runMain(['auth', 'token', 'hosts'], { env: sb.env });
    expect(r).toEqual({ code: 0, stdout: 'sandbox-hosts-api-key\n', stderr: '' });
  });

  it('refuses a terminal without --show (exit 2), prints with it', async () => {
    const refused = await runMain(['auth', 'token', 'hosts'], { env: sb.env, tty: true });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/not printed on a terminal\nhint: pass --show/);
    const shown = await runMain(['auth', 'token', 'hosts', '--show'], { env: sb.env, tty: true });
    expect(shown.stdout).toBe('sandbox-hosts-api-key\n');
  });

  it('no credential is exit 4 naming how to set one', async () => {
    const r = await runMain(['auth', 'token', 'tasks'], { env: addresses });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: tasks: no token is set\nhint: set OPS_TASKS_TOKEN, or run: ops config set tasks.token -/,
    );
  });
});

describe('ops auth logout', () => {
  it('off a terminal needs --yes (exit 2), and forgets nothing without it', async () => {
    const dir = tempConfigDir();
    const env = { ...addresses, OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1' };
    await runMain(['config', 'set', 'hosts.api_key', '-'], { env, input: 'sandbox-hosts-api-key' });
    const r = await runMain(['auth', 'logout', 'hosts'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: auth logout hosts: needs confirmation/);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('sandbox-hosts-api-key');
  });

  it('--dry-run says what it would forget and forgets nothing', async () => {
    const dir = tempConfigDir();
    const env = { ...addresses, OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1' };
    await runMain(['config', 'set', 'hosts.api_key', '-'], { env, input: 'sandbox-hosts-api-key' });
    const r = await runMain(['auth', 'logout', 'hosts', '--dry-run'], { env });
    // The key the profile holds: not every key a login of hosts may leave.
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: 'dry run: would forget api_key of hosts in profile default\n',
    });
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('sandbox-hosts-api-key');
  });

  it('forgets every secret and sign-in key of the service; JSON like a delete; then nothing is stored', async () => {
    const dir = tempConfigDir();
    const env = { ...addresses, OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1' };
    await runMain(['config', 'set', 'hosts.api_key', '-'], { env, input: 'sandbox-hosts-api-key' });
    await runMain(['config', 'set', 'hosts.app_key', '-'], { env, input: 'sandbox-hosts-app-key' });
    await runMain(['config', 'set', 'db.token', '-'], { env, input: 'db-token-kept' });
    const r = await runMain(['auth', 'logout', 'hosts', '--yes', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({
      logged_out: true,
      service: 'hosts',
      profile: 'default',
      forgot: ['api_key', 'app_key'],
    });
    const file = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(file).not.toContain('sandbox-hosts');
    expect(file).toContain('db-token-kept');
    const status = await runMain(['auth', 'status', 'hosts'], { env });
    expect(status.code).toBe(4);
    const again = await runMain(['auth', 'logout', 'hosts', '--yes'], { env });
    expect(again).toEqual({
      code: 0,
      stdout: '',
      stderr: 'ops: hosts: nothing was stored in profile default\n',
    });
  });

  it('on a terminal says ✓ Logged out; a credential still in the environment is named', async () => {
    const dir = tempConfigDir();
    const env = { ...sb.env, OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1' };
    await runMain(['config', 'set', 'tasks.token', '-'], { env, input: 'sandbox-tasks-token' });
    const r = await runMain(['auth', 'logout', 'tasks', '--yes'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("ops: OPS_TASKS_TOKEN is set and still gives tasks's token: unset it too\n");
    expect(r.stderr).toContain('✓ Logged out of tasks (profile default)\n');
  });
});

describe('the built CLI', () => {
  it('config set of a secret without a keyring: the file and the one line; --insecure-storage says nothing', async () => {
    const dir = tempConfigDir();
    const env = { OPS_CONFIG_DIR: dir, ...addresses };
    const r = await runCli(['config', 'set', 'hosts.api_key', '-'], {
      env,
      input: 'sandbox-hosts-api-key\n',
    });
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: `ops: no OS keyring answered (no D-Bus session bus); kept hosts.api_key in ${join(dir, 'config.json')} (0600)\n`,
    });
    const quiet = await runCli(['config', 'set', 'hosts.api_key', '-', '-q'], {
      env,
      input: 'sandbox-hosts-api-key\n',
    });
    expect(quiet.stderr).toBe('');
    const chosen = await runCli(['config', 'set', 'hosts.app_key', '-', '--insecure-storage'], {
      env,
      input: 'sandbox-hosts-app-key\n',
    });
    expect(chosen).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(json<{ profiles: unknown }>(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).toEqual({
      default: { hosts: { api_key: 'sandbox-hosts-api-key', app_key: 'sandbox-hosts-app-key' } },
    });
    const status = await runCli(['auth', 'status', 'hosts', '--check'], { env });
    expect(status.stdout).toMatch(/^hosts +file +sand\*{4} +ok$/m);
  });
});

describe('ops auth status --token-stdin', () => {
  it('tries a credential before it is kept: source flag, checked', async () => {
    const ok = await runMain(['auth', 'status', 'tasks', '--token-stdin', '--check'], {
      env: addresses,
      input: 'sandbox-tasks-token\n',
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^tasks +flag --token-stdin +sand\*{4} +ok$/m);
    const wrong = await runMain(['auth', 'status', 'tasks', '--token-stdin', '--check'], {
      env: sb.env,
      input: 'not-the-sandbox-token\n',
    });
    expect(wrong.code).toBe(4);
    expect(wrong.stdout).toMatch(/^tasks +flag --token-stdin +not-\*{4} +Request had invalid/m);
  });

  it('gives one credential: without exactly one service it is exit 2 before any request', async () => {
    for (const args of [
      ['auth', 'status', '--token-stdin'],
      ['auth', 'status', 'hosts', 'tasks', '--token-stdin'],
    ]) {
      const r = await runMain(args, { env: sb.env, input: 'x' });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^ops: --token-stdin gives one credential\nhint: name one service/);
    }
  });
});

describe('a key the config file says the keyring holds, where no keyring answers', () => {
  it('is not read; each command says why once, and the credential is missing (exit 4)', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ keyring: { default: ['hosts.api_key'] } }));
    const env = { ...addresses, OPS_CONFIG_DIR: dir, OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key' };
    const why = 'ops: no OS keyring answered (no D-Bus session bus): hosts.api_key cannot be read\n';
    const totals = await runMain(['hosts', 'totals'], { env });
    expect(totals.code).toBe(4);
    expect(totals.stderr.startsWith(why)).toBe(true);
    const status = await runMain(['auth', 'status', 'hosts'], { env });
    expect(status.code).toBe(4);
    expect(status.stderr).toBe(`${why}ops: a credential is missing or refused\n`);
    const list = await runMain(['config', 'list', 'hosts'], { env });
    expect(list.stderr).toBe(why);
    // Another service's command never asks the keyring.
    const other = await runMain(['config', 'list', 'tasks'], { env });
    expect(other.stderr).toBe('');
  });
});

describe('ops auth status --check through the usual client', () => {
  it('--dry-run prints each probe as curl, credential masked, and sends nothing', async () => {
    const before = (await sb.counters()).requests.hosts ?? {};
    const r = await runMain(['auth', 'status', 'hosts', '--check', '--dry-run'], { env: sb.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl .*\/hosts\/api\/v1\/hosts\?count=1/m);
    expect(r.stdout).not.toContain('sandbox-hosts-api-key');
    expect(r.stdout).toMatch(/^hosts +env OPS_HOSTS_API_KEY +sand\*{4} +not sent \(--dry-run\)$/m);
    expect((await sb.counters()).requests.hosts ?? {}).toEqual(before);
  });

  it('--debug logs the probe with the credential masked', async () => {
    const r = await runMain(['auth', 'status', 'breach', '--check', '--debug'], { env: sb.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^> GET .*\/breach\/api\/v3\/subscription\/status$/m);
    expect(r.stderr).not.toContain('sandbox-breach-key');
  });
});
