import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { startForwardProxy } from '../helpers/proxy.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every lazily loaded package, loaded through the built bundle (dist/), where esbuild's chunks and
 * CommonJS interop differ from the source the other tests import: a named export that the bundle
 * lacks fails only here.
 */
const sb = await useSandbox({ services: ['hosts', 'meter', 'runs', 'pipelines', 'cloud'] });
const cli = (args: string[], o: { env?: Record<string, string>; input?: string } = {}) =>
  runCli(args, { env: { ...sb.env, ...o.env }, ...(o.input === undefined ? {} : { input: o.input }) });

describe('lazily loaded packages through the bundle', () => {
  it('undici and yaml: a request printed as YAML (flag and env)', async () => {
    const flag = await cli(['hosts', 'totals', '-o', 'yaml']);
    expect(flag.stderr).toBe('');
    expect(flag.code).toBe(0);
    expect(flag.stdout).toMatch(/^total_active: \d+\ntotal_up: \d+\n$/);
    const env = await cli(['hosts', 'totals'], { env: { OPS_OUTPUT: 'yaml' } });
    expect(env.stdout).toBe(flag.stdout);
  });

  it('undici behind a proxy: the tunnel through CONNECT (its client had no connect())', async () => {
    const proxy = await startForwardProxy();
    try {
      const r = await cli(['hosts', 'totals', '--json'], { env: { HTTP_PROXY: proxy.url } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveProperty('total_up');
      expect(proxy.count()).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('JMESPath: --query', async () => {
    const r = await cli(['hosts', 'list', '--limit', '2', '--query', '[].name', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['api-001', 'api-002']);
  });

  it('table and CSV output', async () => {
    const table = await cli(['hosts', 'list', '--limit', '2']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+ID\s+UP/);
    const csv = await cli(['hosts', 'list', '--limit', '2', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toMatch(/^name,id,up,/);
  });

  it('csv-parse: meter events from a CSV file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-bundle-'));
    const file = join(dir, 'events.csv');
    writeFileSync(file, 'event_name,customer,value\napi_requests,cus_3,7\n');
    const r = await cli(['meter', 'send', file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 1 });
  });

  it('conf: a setting stored and read back', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    expect((await cli(['config', 'set', 'timeout', '12'], { env })).code).toBe(0);
    const r = await cli(['config', 'get', 'timeout'], { env });
    expect(r.stdout).toBe('12\n');
  });

  it('--debug stack traces keep the names of the source (the bundle keeps names)', async () => {
    const r = await runCli(['hosts', 'totals', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^ConfigError: hosts: no service address is set\n\s+at (ServiceClients\.)?baseUrlOf /m,
    );
  });

  it('fflate and libsodium: run logs unpacked from their zip, a secret sealed for the emulator', async () => {
    const logs = await cli(['runs', 'logs', '30433643', '--job', '399444123']);
    expect(logs.stderr).toBe('');
    expect(logs.stdout).toMatch(/^test\tSet up job\t/);
    const secret = await cli(['runs', 'secret', 'set', 'BUNDLE_CHECK'], { input: 'sealed-in-the-bundle' });
    expect(secret.stderr).toBe('');
    expect(secret.code).toBe(0);
  });

  // asciichart and ora draw only on a terminal: `script` gives the built CLI one.
  const script = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim();
  it.skipIf(!script)('asciichart and ora on a terminal (needs util-linux script)', async () => {
    const bin = join(import.meta.dirname, '../../bin/ops.cjs');
    // Asynchronous: the sandbox answering the child runs in this process.
    const onTty = (args: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(script, ['-qec', `${process.execPath} ${bin} ${args}`, '/dev/null'], {
          env: {
            ...sb.env,
            PATH: process.env.PATH ?? '',
            HOME: tmpdir(),
            OPS_CONFIG_DIR: tempConfigDir(),
            COLUMNS: '100',
            // A terminal run would otherwise check for a release in the background.
            OPS_NO_UPDATE_NOTIFIER: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(out));
      });
    const chart = await onTty(
      'pipelines insights time-series gh/acme/web-app build-and-test --window last-30-days',
    );
    expect(chart).toMatch(/[╭╮╰╯]/);
    expect(chart).not.toMatch(/unexpected error/);
    const spinner = await onTty(
      'cloud instance start 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04 --wait --wait-timeout 1',
    );
    expect(spinner).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    expect(spinner).toContain('gave up waiting for instance');
  });

  it('selfsigned: the sandbox serves HTTPS', async () => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '../../bin/ops.cjs'), 'sandbox', 'start', '--tls', '--port', '0'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const first = await new Promise<string>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('close', () => resolve(out));
    });
    child.kill('SIGTERM');
    expect(err).not.toMatch(/unexpected error/);
    expect(first).toMatch(/^listening on https:\/\/127\.0\.0\.1:\d+$/);
  });
});

/**
 * What a one-shot command loads of Node itself. An ES module `import` of a built-in lists its
 * exports, which runs their lazy getters: node:http's `WebSocket` loads Node's bundled undici (30 to
 * 40 ms), node:fs's streams bring readline and the REPL's history, node:util's brings worker_threads.
 * commander's `require` of child_process brings net, dgram and child_process's internals. And a copy
 * of the Io that called the `process.stdin` getter built a stream nobody read. None of it is needed
 * to send a request.
 */
describe('Node modules a one-shot command loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-loaded-'));
  const preload = join(dir, 'loaded.cjs');
  writeFileSync(
    preload,
    // Written with writeSync: process.stderr, a pipe here, would load node:net and the streams itself.
    "process.on('exit', () => require('node:fs').writeSync(2, '\\nLOADED ' + process.moduleLoadList.join(',') + '\\n'));\n",
  );
  // Asynchronous: the sandbox answering the child runs in this process.
  const loaded = async (
    args: string[],
    env: Record<string, string> = {},
    stdout: 'ignore' | 'pipe' = 'ignore',
  ) => {
    const child = spawn(
      process.execPath,
      ['--require', preload, join(import.meta.dirname, '../../bin/ops.cjs'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...env },
        stdio: ['ignore', stdout, 'pipe'],
      },
    );
    child.stdout?.resume();
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const list = /^LOADED (.*)$/m.exec(err)?.[1];
    if (list === undefined) throw new Error(`no module list: ${err}`);
    return { code, modules: list.split(',') };
  };

  it('hosts totals: a request and a table on a bare socket, without node:http, undici or child_process', async () => {
    const r = await loaded(['hosts', 'totals'], sb.env);
    expect(r.code).toBe(0);
    // HTTP/1.1 on node:net (src/clients/http/transport/h1-transport.ts): node:http and its parser cost about 3 ms.
    expect(r.modules).toContain('NativeModule net');
    for (const http of ['http', '_http_client', '_http_agent', 'https'])
      expect(r.modules).not.toContain(`NativeModule ${http}`);
    expect(r.modules).not.toContain('NativeModule internal/deps/undici/undici');
    expect(r.modules).not.toContain('NativeModule child_process');
    // Neither stdout nor stderr is a terminal: fstat says so, without node:tty (src/own-stdout.ts).
    expect(r.modules).not.toContain('NativeModule tty');
    // node:os only where HOME is unset (the config folder's default, src/config/paths.ts).
    // The AsyncLocalStorage modules only where a body runs under one (src/clients/http/lazy-store.ts).
    // node:process, which commander requires, is the global `process` (scripts/esbuild-plugins.mjs).
    for (const unused of [
      'process',
      'worker_threads',
      'internal/readline/interface',
      'internal/fs/streams',
      'os',
      'internal/async_local_storage/async_context_frame',
    ])
      expect(r.modules).not.toContain(`NativeModule ${unused}`);
  });

  // The runtime loaded leaves its code cache in OPS_CACHE_DIR (scripts/disk-loader.cjs): that is the
  // witness. (Main, compiled with node:vm from a cache of its own, leaves its cache too; `--version`
  // alone and a built help page are printed by bin/ops.cjs without it.)
  it('--version and a help page are read without loading the runtime', async () => {
    for (const args of [['--version', '--json'], ['--help']]) {
      const cache = mkdtempSync(join(tmpdir(), 'ops-no-runtime-'));
      const r = await loaded(args, { OPS_CACHE_DIR: cache });
      expect([args, r.code]).toEqual([args, 0]);
      const written = readdirSync(join(cache, 'code'));
      expect([args, written]).toEqual([args, [expect.stringMatching(/-main-[0-9a-f]{16}\.cache$/)]]);
    }
    // Without main either: no cache read or written.
    for (const args of [['--version'], ['hosts', '--help'], ['help', 'exit-codes']]) {
      const none = mkdtempSync(join(tmpdir(), 'ops-no-runtime-'));
      expect([args, (await loaded(args, { OPS_CACHE_DIR: none })).code]).toEqual([args, 0]);
      expect([args, readdirSync(none)]).toEqual([args, []]);
    }
    // The witness holds: a command that loads the runtime leaves its cache.
    const cache = mkdtempSync(join(tmpdir(), 'ops-no-runtime-'));
    expect((await loaded(['config', 'get', 'output'], { OPS_CACHE_DIR: cache })).code).toBe(0);
    expect(readdirSync(join(cache, 'code')).some((f) => f.endsWith('-run.cache'))).toBe(true);
  });

  // process.stdout is a stream built on first use, with Node's stream modules behind it (a socket's,
  // and node:net, for a pipe): about 9 million instructions of `ops --version`'s 83 (src/own-stdout.ts).
  it('--version and a help page write to /dev/null or a pipe without building process.stdout', async () => {
    for (const stdout of ['ignore', 'pipe'] as const)
      for (const args of [['--version'], ['hosts', '--help']]) {
        const r = await loaded(args, {}, stdout);
        expect([args, stdout, r.code]).toEqual([args, stdout, 0]);
        for (const m of ['tty', 'net', 'stream', 'internal/fs/sync_write_stream'])
          expect([args, stdout, m, r.modules.includes(`NativeModule ${m}`)]).toEqual([
            args,
            stdout,
            m,
            false,
          ]);
      }
  });

  // A command loads its service's whole subtree to build the command tree, so a built-in imported by
  // any file of it would load with every command of the service (scripts/esbuild-plugins.mjs).
  it('lists load no built-in that only other commands of their service use (crypto, fs/promises, child_process)', async () => {
    for (const args of [
      ['runs', 'list'],
      ['pipelines', 'context', 'list'],
      ['cloud', 'instance', 'list'],
      ['meter', 'catalogue'],
    ]) {
      const r = await loaded([...args, '-o', 'ndjson'], sb.env);
      expect([args, r.code]).toEqual([args, 0]);
      for (const unused of ['crypto', 'fs/promises', 'child_process', 'internal/readline/interface'])
        expect([args, r.modules.includes(`NativeModule ${unused}`)]).toEqual([args, false]);
    }
  });

  it('a db command (whose sign-in listener is an HTTP server) does not load undici', async () => {
    const r = await loaded(['db', 'role-definition', 'list', '--api-version', '2020-13-45']);
    expect(r.code).toBe(2);
    expect(r.modules).not.toContain('NativeModule internal/deps/undici/undici');
  });
});
