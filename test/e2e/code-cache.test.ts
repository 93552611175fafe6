import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandNames } from '../../src/program.js';
import { builtRuntime, runCli } from '../helpers/cli.js';

/**
 * The npm package's code caches (scripts/disk-loader.cjs): the built CLI writes one per bundle it
 * loads into OPS_CACHE_DIR when none is there or V8 rejects the one there, and never fails a command
 * over its cache.
 */
const DIST = join(import.meta.dirname, '..', '..', 'dist');

function cacheDir(): string {
  return mkdtempSync(join(tmpdir(), 'ops-code-cache-'));
}
const files = (dir: string) => readdirSync(join(dir, 'code')).sort();
/** The commands that have added their code to a group's caches (config's, unless named). */
const commands = (dir: string, group = 'config') => {
  const file = files(dir).find((f) => f.endsWith(`-${group}-commands`));
  return file
    ? readFileSync(join(dir, 'code', file), 'utf8')
        .split('\n')
        .filter(Boolean)
    : [];
};
const contents = (dir: string) => new Map(files(dir).map((f) => [f, readFileSync(join(dir, 'code', f))]));
const cli = (args: string[], dir: string, env: Record<string, string> = {}) =>
  runCli(args, { env: { OPS_CACHE_DIR: dir, ...env } });

/** A long-running command (the sandbox) started now; the function it returns ends it and waits for its exit. */
async function longRunning(dir: string): Promise<() => Promise<unknown>> {
  const sandbox = spawn(
    process.execPath,
    [join(import.meta.dirname, '../../bin/ops.cjs'), 'sandbox', 'start', '--port', '0'],
    {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CACHE_DIR: dir, OPS_CONFIG_DIR: cacheDir() },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise((resolve) => sandbox.stdout.once('data', resolve));
  return () => {
    const closed = new Promise((resolve) => sandbox.on('close', resolve));
    sandbox.kill('SIGTERM');
    return closed;
  };
}

describe('the code cache of the npm package', () => {
  it('the first command writes its bundles’ caches, mode 0600 in a 0700 folder; the next reads them', async () => {
    const dir = cacheDir();
    const first = await cli(['config', 'get', 'output'], dir);
    expect(first).toMatchObject({ code: 0, stdout: 'table\n', stderr: '' });
    // The runtime's, and one for each service part that `ops config` reads the settings of, each named
    // by the command's group (main's, which every command reads, by none).
    const written = files(dir);
    expect(written.filter((f) => f.endsWith('-config-run.cache'))).toHaveLength(1);
    expect(written.filter((f) => f.endsWith('-config-lib_service-hosts.cache'))).toHaveLength(1);
    for (const f of written)
      expect(f).toMatch(
        /^[0-9a-f]{16}-.+-(config-(run|lib_[\w-]+)\.cache|main-[0-9a-f]{16}\.cache|config-commands)$/,
      );
    // The command whose code they hold: its words, its output format when one is named, its exit code.
    expect(commands(dir)).toEqual(['config get 0']);
    expect(statSync(join(dir, 'code')).mode & 0o777).toBe(0o700);
    const before = new Map(written.map((f) => [f, readFileSync(join(dir, 'code', f))]));
    for (const f of written) expect(statSync(join(dir, 'code', f)).mode & 0o777).toBe(0o600);

    const second = await cli(['config', 'get', 'output'], dir);
    expect(second).toEqual(first);
    expect(files(dir)).toEqual(written);
    for (const f of written) expect(readFileSync(join(dir, 'code', f)).equals(before.get(f)!)).toBe(true);
  });

  it('a service’s command loads the runtime and that service’s part, nothing else', async () => {
    const dir = cacheDir();
    const r = await cli(['hosts', 'totals', '--no-such-flag'], dir);
    expect(r.code).toBe(2);
    expect(
      files(dir).map((f) => f.replace(/^.*-(hosts-run|hosts-lib_[\w-]+|main)-?[0-9a-f]*\.cache$/, '$1')),
    ).toEqual(['hosts-lib_service-hosts', 'hosts-run', 'main']);
  });

  it('a command new to the caches adds the code it compiled to them, once', async () => {
    const dir = cacheDir();
    expect((await cli(['config', 'get', 'output'], dir)).code).toBe(0);
    const run = files(dir).find((f) => f.endsWith('-run.cache'))!;
    const first = contents(dir);
    // `config list` runs functions `config get` did not: the runtime's cache is made again, with them.
    expect((await cli(['config', 'list'], dir)).code).toBe(0);
    expect(commands(dir)).toEqual(['config get 0', 'config list 0']);
    const grown = contents(dir);
    expect(grown.get(run)!.length).toBeGreaterThan(first.get(run)!.length);
    // Known commands, help and usage errors (no command ran) write nothing.
    for (const args of [
      ['config', 'list'],
      ['config', 'get', 'output'],
      ['config', '--help'],
      ['config', 'lsit'],
    ])
      await cli(args, dir);
    expect(contents(dir)).toEqual(grown);
    // Another output format or exit code is another command.
    expect((await cli(['config', 'list', '-o', 'json'], dir)).code).toBe(0);
    // A value that is no format is never written down.
    expect((await cli(['config', 'list', '-o', 's3cr3t'], dir)).code).toBe(2);
    expect((await cli(['config', 'get', 'no.such'], dir)).code).not.toBe(0);
    expect(commands(dir).slice(2)).toEqual([
      'config list json 0',
      'config list other 2',
      expect.stringMatching(/^config get [1-9]\d*$/),
    ]);
  });

  it('a package loaded lazily gets its own cache', async () => {
    const dir = cacheDir();
    const yaml = await cli(['config', 'list', '-o', 'yaml'], dir);
    expect(yaml.code).toBe(0);
    expect(files(dir).some((f) => f.endsWith('-lib_yaml.cache'))).toBe(true);
  });

  it('the bundles and caches of a start are read into one buffer, not one each', async () => {
    const dir = cacheDir();
    // Which buffer each file was read into: readSync's target, by the descriptor openSync gave.
    const preload = join(dir, 'reads.cjs');
    writeFileSync(
      preload,
      `const fs = require('node:fs');
      const { openSync, readSync, readFileSync } = fs;
      const paths = new Map(), ids = new WeakMap(), seen = [];
      let next = 0;
      fs.openSync = (...a) => { const fd = openSync(...a); paths.set(fd, String(a[0])); return fd; };
      fs.readSync = (fd, buf, ...a) => {
        if (!ids.has(buf.buffer)) ids.set(buf.buffer, next++);
        seen.push([paths.get(fd), ids.get(buf.buffer)]);
        return readSync(fd, buf, ...a);
      };
      fs.readFileSync = (f, ...a) => { seen.push([String(f), 'own']); return readFileSync(f, ...a); };
      process.on('exit', () => fs.writeSync(2, 'READS ' + JSON.stringify(seen) + '\\n'));`,
    );
    const bin = [process.execPath, '--require', preload, join(import.meta.dirname, '../../bin/ops.cjs')];
    expect((await cli(['config', 'list', '-o', 'yaml'], dir)).code).toBe(0);
    const r = await runCli(['config', 'list', '-o', 'yaml'], { env: { OPS_CACHE_DIR: dir }, bin });
    expect(r.code).toBe(0);
    const reads = JSON.parse(/^READS (.*)$/m.exec(r.stderr)![1]!) as [string, number | 'own'][];
    const bundles = reads.filter(([f]) => /(\/builds\/[0-9a-f]+\/.*\.cjs|-(run|lib_[\w-]+)\.cache)$/.test(f));
    // The runtime, the yaml package and their caches at least, all into the same buffer.
    for (const file of [/\/run\.cjs$/, /-run\.cache$/, /\/lib\/yaml\.cjs$/, /-lib_yaml\.cache$/])
      expect([file, bundles.some(([f]) => file.test(f))]).toEqual([file, true]);
    const buffers = new Set(bundles.map(([, buffer]) => buffer));
    expect([buffers.size, buffers.has('own')]).toEqual([1, false]);
  });

  it('a long-running command lets that buffer go once the event loop has turned', async () => {
    const dir = cacheDir();
    // The buffers of 1 MiB and more made, and how many of them a full collection at exit leaves.
    const preload = join(dir, 'scratch.cjs');
    writeFileSync(
      preload,
      `const refs = [], slow = Buffer.allocUnsafeSlow;
      Buffer.allocUnsafeSlow = (n) => { const b = slow(n); if (n >= 1 << 20) refs.push(new WeakRef(b.buffer)); return b; };
      process.on('exit', () => { globalThis.gc(); require('node:fs').writeSync(2, 'SCRATCH ' + refs.length + ' ' + refs.filter((r) => r.deref()).length + '\\n'); });`,
    );
    const sandbox = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--require',
        preload,
        join(import.meta.dirname, '../../bin/ops.cjs'),
        'sandbox',
        'start',
        '--port',
        '0',
      ],
      {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CACHE_DIR: dir, OPS_CONFIG_DIR: cacheDir() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    sandbox.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise((resolve) => sandbox.stdout.once('data', resolve));
    const closed = new Promise((resolve) => sandbox.on('close', resolve));
    sandbox.kill('SIGTERM');
    await closed;
    expect(/^SCRATCH (\d+) (\d+)$/m.exec(err)?.slice(1)).toEqual(['1', '0']);
  });

  it('a cache V8 rejects (corrupt, or from another Node) is written again, and the command works', async () => {
    const dir = cacheDir();
    await cli(['config', 'get', 'output'], dir);
    const file = join(dir, 'code', files(dir).find((f) => f.endsWith('-run.cache'))!);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const r = await cli(['config', 'get', 'output'], dir);
    expect(r).toMatchObject({ code: 0, stdout: 'table\n', stderr: '' });
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(statSync(file).size).toBeGreaterThan(100_000);
  });

  // bin/ops.cjs runs dist/ops.cjs (main) from a code cache of its own in the same folder, made once a
  // command has run (Node's compile cache held only what was compiled before anything ran), named by
  // main's first line, and grown by a new command as the runtime's is.
  it('dist/ops.cjs runs from its own code cache, made after a command ran, named by its build and hash', async () => {
    const dir = cacheDir();
    const [, build, hash] = /^\/\/ ops main ([0-9a-f]{16}) ([0-9a-f]{16}) /.exec(
      readFileSync(join(DIST, 'ops.cjs'), 'latin1'),
    )!;
    // A command that never loads the runtime writes main's alone (`--version --json`: `--version` alone
    // and a built help page are printed by bin/ops.cjs without main, test/e2e/version-launcher.test.ts).
    expect((await cli(['--version', '--json'], dir)).code).toBe(0);
    const name = files(dir).find((f) => f.endsWith(`-main-${hash}.cache`));
    expect(files(dir)).toEqual([name]);
    expect(name!.startsWith(`${build}-`)).toBe(true);
    const file = join(dir, 'code', name!);
    const alone = statSync(file).size;
    // V8 reads it (node's --profile-deserialization names each code cache read, by its size).
    const read = spawnSync(
      process.execPath,
      ['--profile-deserialization', join(import.meta.dirname, '../../bin/ops.cjs'), '--version', '--json'],
      { env: { ...process.env, OPS_CACHE_DIR: dir }, encoding: 'utf8' },
    );
    expect(read.status).toBe(0);
    expect(read.stdout).toContain(`[Deserializing from ${alone} bytes`);
    // A command new to the caches adds its code to main's too.
    expect((await cli(['config', 'get', 'output'], dir)).code).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(alone);
    // One V8 refuses is written again, and costs the command nothing.
    writeFileSync(file, Buffer.alloc(4096, 7));
    expect(await cli(['--version', '--json'], dir)).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('NODE_DISABLE_COMPILE_CACHE writes nothing; a cache folder that cannot be made costs nothing but speed', async () => {
    const off = cacheDir();
    expect((await cli(['config', 'get', 'output'], off, { NODE_DISABLE_COMPILE_CACHE: '1' })).code).toBe(0);
    expect(readdirSync(off)).toEqual([]);

    const blocker = join(cacheDir(), 'a-file');
    writeFileSync(blocker, '');
    const r = await cli(['config', 'get', 'output'], blocker);
    expect(r).toMatchObject({ code: 0, stdout: 'table\n', stderr: '' });
    // Main's cache alone (a command that never loads the runtime: bin/ops.cjs writes it).
    expect(await cli(['--version', '--json'], blocker)).toMatchObject({ code: 0, stderr: '' });
    expect((await cli(['--version', '--json'], off, { NODE_DISABLE_COMPILE_CACHE: '1' })).code).toBe(0);
    expect(readdirSync(off)).toEqual([]);
  });

  it('each top-level command has its caches apart: another command adds nothing to them', async () => {
    const dir = cacheDir();
    expect((await cli(['config', 'get', 'output'], dir)).code).toBe(0);
    const config = contents(dir);
    // Each new to the caches: in one folder for all, each would have added its code to the runtime's
    // cache `config get` reads, and what it ran hot (a completion script builds every command).
    expect((await cli(['completion', 'bash'], dir)).code).toBe(0);
    expect((await cli(['sandbox', 'env', '--port', '1'], dir)).code).toBe(0);
    // Its group is the command's, past the root flags (commander's help page: the runtime loads).
    expect((await cli(['--profile', 'default', 'help', 'hosts', 'totals'], dir)).code).toBe(0);
    const after = contents(dir);
    for (const [f, data] of config)
      if (!/-main-/.test(f)) expect([f, after.get(f)?.equals(data)]).toEqual([f, true]);
    const runtimes = files(dir).filter((f) => f.endsWith('-run.cache'));
    expect(runtimes.map((f) => f.replace(/^.*-(\w+)-run\.cache$/, '$1'))).toEqual([
      'completion',
      'config',
      'hosts',
      'sandbox',
    ]);
    expect(commands(dir, 'completion')).toEqual(['completion 0']);
    expect(commands(dir, 'sandbox')).toEqual(['sandbox env 0']);
  });

  it('every top-level command is a group: main finds it by the help page the build wrote', () => {
    // A word without a page (an alias, a plugin, a word naming nothing) is the group `other`.
    for (const name of commandNames().filter((n) => n !== 'help'))
      expect([name, existsSync(join(DIST, 'help', `ops ${name}.txt`))]).toEqual([name, true]);
  });

  it('an alias or a word naming nothing reads and writes the group other', async () => {
    const dir = cacheDir();
    const config = cacheDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ aliases: { cg: 'config get $1' } }), {
      mode: 0o600,
    });
    // The alias runs `config get`, and its code goes to `other`, not to config's group nor one of its own.
    expect(await cli(['cg', 'output'], dir, { OPS_CONFIG_DIR: config })).toMatchObject({
      code: 0,
      stdout: 'table\n',
    });
    expect((await cli(['nosuch'], dir)).code).toBe(2);
    expect(
      files(dir)
        .filter((f) => f.endsWith('-run.cache'))
        .map((f) => f.replace(/^.*-(\w+)-run\.cache$/, '$1')),
    ).toEqual(['other']);
    expect(commands(dir, 'other')).toEqual(['config get 0']);
  });

  it('first writer wins: a long-running command started before the cache existed leaves it as it is', async () => {
    const dir = cacheDir();
    const stop = await longRunning(dir);
    expect((await cli(['sandbox', 'env', '--port', '1'], dir)).code).toBe(0);
    const file = join(dir, 'code', files(dir).find((f) => f.endsWith('-sandbox-run.cache'))!);
    const written = readFileSync(file);
    await stop();
    expect(readFileSync(file).equals(written)).toBe(true);
  });

  it('a cache another command has added to since this one read it is left as it is', async () => {
    const dir = cacheDir();
    expect((await cli(['sandbox', 'env', '--port', '1'], dir)).code).toBe(0);
    const stop = await longRunning(dir);
    expect((await cli(['sandbox', 'env', '--port', '1', '-o', 'table'], dir)).code).toBe(0);
    const grown = contents(dir);
    await stop();
    // The sandbox's runtime cache would lack the second command's code: not written, and not
    // recorded, so its next run adds it. Its own bundle's cache, new, is written.
    const after = contents(dir);
    for (const [f, data] of grown) expect([f, after.get(f)?.equals(data)]).toEqual([f, true]);
    expect(commands(dir, 'sandbox')).toEqual(['sandbox env 0', 'sandbox env table 0']);
    expect(files(dir).some((f) => f.endsWith('-sandbox-lib_sandbox.cache'))).toBe(true);
  });

  // A V8 flag inside V8's flag hash (--heap-growing-percent, say) makes V8 reject every code cache made
  // without it: Node's own for its built-ins, the binary's, and this package's, which ops would then
  // write again at each start. The launcher's flags must stay outside it.
  it("the launcher's node flags keep code caches made without them valid", () => {
    const first = readFileSync(join(DIST, '..', 'bin', 'ops.cjs'), 'utf8').split('\n', 1)[0]!;
    const flags = /^#!.*\bnode\b(.*)$/.exec(first)![1]!.trim().split(/\s+/).filter(Boolean);
    expect(flags.length).toBeGreaterThan(0);
    const dir = cacheDir();
    const script = (mode: string) =>
      `const vm = require('node:vm'), fs = require('node:fs'), f = ${JSON.stringify(join(dir, 'probe.cache'))};
       const src = 'function probe() { return 1 } probe()';
       if (${JSON.stringify(mode)} === 'make') fs.writeFileSync(f, new vm.Script(src).createCachedData());
       else process.stdout.write(String(new vm.Script(src, { cachedData: fs.readFileSync(f) }).cachedDataRejected));`;
    expect(spawnSync(process.execPath, ['-e', script('make')]).status).toBe(0);
    const read = spawnSync(process.execPath, [...flags, '-e', script('read')], { encoding: 'utf8' });
    expect([flags, read.stdout]).toEqual([flags, 'false']);
    // The probe tells a flag inside the hash apart.
    const hashed = spawnSync(process.execPath, ['--heap-growing-percent=50', '-e', script('read')], {
      encoding: 'utf8',
    });
    expect(hashed.stdout).toBe('true');
  });

  // (A method named `import`, as selfsigned has one, is not a call.)
  it('the bundles run as scripts, so none of them may call import()', () => {
    const runtime = builtRuntime();
    const bundles = [
      join(DIST, 'ops.cjs'),
      join(runtime, 'run.cjs'),
      ...readdirSync(join(runtime, 'lib')).map((f) => join(runtime, 'lib', f)),
    ];
    for (const f of bundles)
      expect([f, /[^\w$.]import\((?![^)]*\)\s*\{)/.test(readFileSync(f, 'latin1'))]).toEqual([f, false]);
  });
});
