import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// The config file as the built CLI writes and shows it: what `ops config set` refuses, what `list` and
// `get` mask.
const ops = (dir: string, args: string[], o: { env?: Record<string, string>; input?: string } = {}) =>
  runCli(args, { env: { OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1', ...o.env }, input: o.input });

const WITH_PASSWORD = 'http://bob:UrlPass123@127.0.0.1:4961/hosts';

describe('a base URL with a user and password', () => {
  it('config set refuses it as a request does, exit 2, stores nothing and never echoes the password', async () => {
    const dir = tempConfigDir();
    const r = await ops(dir, ['config', 'set', 'hosts.base_url', WITH_PASSWORD]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: the base URL for hosts carries a user name or password (http://…@127.0.0.1:4961)\n' +
        "hint: remove the user:password@ part: ops sends hosts's credential from its own setting (ops config set, or its OPS_HOSTS_ variable)\n",
    );
    expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    // Another scheme is refused in the same words as a request's, the password masked there too.
    const ftp = await ops(dir, ['config', 'set', 'hosts.base_url', 'ftp://bob:UrlPass123@h.test/']);
    expect([ftp.code, ftp.stderr.split('\n')[0]]).toEqual([
      2,
      'ops: invalid base URL "ftp://bob:***@h.test/" for hosts',
    ]);
  });

  it('one already in the file (edited by hand) is masked by config list and config get', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { hosts: { base_url: WITH_PASSWORD } } } }),
    );
    const masked = 'http://bob:***@127.0.0.1:4961/hosts';
    const table = await ops(dir, ['config', 'list', 'hosts', '--show-origin']);
    expect(table.stdout).toBe(
      `KEY             VALUE                                ORIGIN\nhosts.base_url  ${masked}  profile default\n`,
    );
    const json = await ops(dir, ['config', 'list', 'hosts', '-o', 'json', '--show-origin']);
    expect(JSON.parse(json.stdout)).toEqual([
      { key: 'hosts.base_url', value: masked, origin: 'profile default' },
    ]);
    expect((await ops(dir, ['config', 'get', 'hosts.base_url'])).stdout).toBe(`${masked}\n`);
    const origin = await ops(dir, ['config', 'get', 'hosts.base_url', '--show-origin', '-o', 'json']);
    expect(JSON.parse(origin.stdout)).toEqual({
      key: 'hosts.base_url',
      value: masked,
      origin: 'profile default',
    });
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('UrlPass123');
  });
});

describe('config get in JSON', () => {
  it('--json prints one JSON document, the row config list -o json has for the key', async () => {
    const dir = tempConfigDir();
    expect((await ops(dir, ['config', 'set', 'hosts.base_url', 'http://h.test/hosts'])).code).toBe(0);
    const r = await ops(dir, ['config', 'get', 'hosts.base_url', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ key: 'hosts.base_url', value: 'http://h.test/hosts' });
    const listed = await ops(dir, ['config', 'list', 'hosts', '-o', 'json']);
    expect(JSON.parse(listed.stdout)).toEqual([JSON.parse(r.stdout)]);
  });
});

describe('config get of a secret key on a terminal', () => {
  it.skipIf(!SCRIPT)(
    'is refused as auth token refuses it (exit 2), printed with --show and to a pipe',
    async () => {
      const dir = tempConfigDir();
      const env = { OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1', HOME: dir };
      expect((await ops(dir, ['config', 'set', 'hosts.api_key', '-'], { input: 'k-Secret-7788' })).code).toBe(
        0,
      );
      const refusal =
        'ops: the hosts credential is not printed on a terminal\r\nhint: pass --show to print it here, or pipe it\r\n';
      for (const args of [
        ['config', 'get', 'hosts.api_key'],
        ['config', 'get', 'hosts.api_key', '--show-origin'],
        ['auth', 'token', 'hosts'],
      ]) {
        const t = onTerminal(args, env);
        expect(await t.exit, args.join(' ')).toBe(2);
        expect(t.screen(), args.join(' ')).toBe(refusal);
      }
      const shown = onTerminal(['config', 'get', 'hosts.api_key', '--show'], env);
      expect(await shown.exit).toBe(0);
      expect(shown.screen()).toBe('k-Secret-7788\r\n');
      expect((await ops(dir, ['config', 'get', 'hosts.api_key'])).stdout).toBe('k-Secret-7788\n');
      // A key that is no secret is printed there as before.
      const plain = onTerminal(['config', 'get', 'timeout'], env);
      expect([await plain.exit, plain.screen()]).toEqual([0, '30\r\n']);
    },
  );
});

/**
 * The CLI as a user the folder refuses: root writes anywhere, so as root it runs as nobody (util-linux
 * setpriv), in a folder of /tmp that nobody can reach (the run's own folder is root's alone).
 */
const ROOT = process.getuid?.() === 0;
const SETPRIV = spawnSync('sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' }).stdout.trim();
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const asUser = ROOT
  ? [SETPRIV, '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN]
  : undefined;

describe('a config folder the OS will not let ops write', () => {
  it.skipIf(ROOT && !SETPRIV)(
    'config set, alias set and a login storing a token are exit 1 naming the folder and EACCES',
    async () => {
      const base = mkdtempSync(ROOT ? '/tmp/ops-unwritable-' : join(tmpdir(), 'ops-unwritable-'));
      try {
        chmodSync(base, 0o755);
        const folder = join(base, 'ops');
        mkdirSync(folder, { mode: 0o555 });
        const env = { OPS_CONFIG_DIR: folder, OPS_NO_KEYRING: '1', HOME: base, TMPDIR: base };
        for (const [args, input] of [
          [['config', 'set', 'output', 'json'], ''],
          [['alias', 'set', 'hl', 'hosts list'], ''],
          [['tasks', 'login', '--token-stdin'], 'tok-from-stdin'],
        ] as const) {
          const r = await runCli([...args], { env, input, bin: asUser });
          expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([
            1,
            '',
            `ops: cannot write the config folder ${folder}: permission denied (EACCES)\n` +
              'hint: make it writable, or name another folder with OPS_CONFIG_DIR (or XDG_CONFIG_HOME)\n',
          ]);
        }
        expect(existsSync(join(folder, 'config.json'))).toBe(false);
        // Reads open nothing for writing: they list what there is (nothing) from the same folder.
        for (const args of [
          ['config', 'profiles', '-o', 'json'],
          ['config', 'list'],
        ]) {
          const r = await runCli(args, { env, bin: asUser });
          expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
        }
        expect((await runCli(['config', 'profiles', '--json', 'name'], { env, bin: asUser })).stdout).toBe(
          '[\n  {\n    "name": "default"\n  }\n]\n',
        );
      } finally {
        chmodSync(base, 0o700);
        rmSync(base, { recursive: true, force: true });
      }
    },
  );
});

describe('ops processes writing the config file at once', () => {
  it('each keeps its change: 8 at once, config set, alias set, a login and a secret set mixed', async () => {
    for (let round = 0; round < 2; round++) {
      const dir = tempConfigDir();
      const runs = [
        ...[1, 2, 3].map((i) =>
          ops(dir, ['-p', `p${i}`, 'config', 'set', 'cloud.base_url', `http://c${i}.test`]),
        ),
        ...[1, 2, 3].map((i) => ops(dir, ['alias', 'set', `a${i}`, `hosts list --limit ${i}`])),
        ops(dir, ['tasks', 'login', '--token-stdin'], { input: 'tasks-tok-1' }),
        ops(dir, ['config', 'set', 'hosts.api_key', '-'], { input: 'hosts-key-1' }),
      ];
      for (const r of await Promise.all(runs)) expect(r.code, r.stderr).toBe(0);
      const file = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
      expect(file.profiles).toMatchObject({
        p1: { cloud: { base_url: 'http://c1.test' } },
        p2: { cloud: { base_url: 'http://c2.test' } },
        p3: { cloud: { base_url: 'http://c3.test' } },
        default: { tasks: { token: 'tasks-tok-1' }, hosts: { api_key: 'hosts-key-1' } },
      });
      expect(file.aliases).toEqual({
        a1: 'hosts list --limit 1',
        a2: 'hosts list --limit 2',
        a3: 'hosts list --limit 3',
      });
      expect(readdirSync(dir)).toEqual(['config.json']);
      expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    }
  });

  it('a lock a running process holds is waited for, then exit 1 naming it and what to do, nothing written', async () => {
    const dir = tempConfigDir();
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, `${process.pid}\n`);
    const r = await ops(dir, ['config', 'set', 'output', 'json']);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      '',
      `ops: the config file is locked: ${lock} is held by process ${process.pid}\n` +
        `hint: another ops is writing it; if none is running, remove ${lock}\n`,
    ]);
    expect(readdirSync(dir)).toEqual(['config.json.lock']);
  });
});
