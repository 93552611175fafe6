// Makes one single binary: the CLI's CommonJS bundles (scripts/bundles.mjs), with V8 code caches where
// the target's Node can run here, in a single-executable-application blob, injected with postject
// into a stripped copy of that platform's Node. Strip before injecting: stripping after removes the
// blob's note and breaks it. Used by `npm run build:binary` (this machine's binary) and by
// `npm run release` (every target of targets.json that can be built here).
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildDefines, buildMain, buildRuntime } from '../bundles.mjs';
import { launcherFlags } from '../launcher-flags.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The SEA fuse every Node binary carries, and postject's flags for each executable format. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * How this machine runs a target's Node: itself, under qemu-user with Debian's arm64 libraries, or
 * not at all (null): a binary for a target it cannot run is made without code caches.
 */
export function runnerFor(target) {
  if (target.platform === hostPlatform()) return [];
  if (target.here === 'qemu' && hostPlatform() === 'linux-amd64')
    return ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'];
  return null;
}

/** This machine in the release's names (src/version.ts's platformName). */
export function hostPlatform() {
  const os = { win32: 'windows', darwin: 'macOS' }[process.platform] ?? process.platform;
  return `${os}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
}

/**
 * The bundles of one build, shared by every target (they are the same JavaScript): `dir` gets
 * run.cjs, lib/*.cjs, the main script ops.cjs and assets.json (their names).
 */
export async function buildBundles(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const define = { ...buildDefines(root), 'import.meta.url': 'undefined' };
  const { files } = await buildRuntime(root, dir, define);
  writeFileSync(join(dir, 'assets.json'), JSON.stringify(Object.keys(files)));
  // The SEA main script is main.ts alone (version, help pages, signals) with the loader of
  // scripts/sea-loader.cjs; the rest of the CLI (run.cjs) and each large package it loads lazily
  // (lib/NAME.cjs) are assets, compiled only when a command needs them, so that `ops --version` and
  // `ops <command> --help` parse neither.
  await buildMain(root, join(dir, 'ops.cjs'), {
    define,
    entry:
      "import { main } from './src/main.ts';\nmain(process.argv).then((code) => { process.exitCode = code; });\n",
    runLoader: `
    const { createLoader } = require('./scripts/sea-loader.cjs');
    const sea = require('node:sea');
    const read = (file) => { try { return sea.getRawAsset(file); } catch { return undefined; } };
    module.exports = createLoader(read).load('run');`,
  });
  return { dir, files };
}

/** Starts the hosts emulator with this machine's Node, for the warm-up of the code caches. */
async function hostsEmulator() {
  const configDir = join(root, 'dist', 'sea', 'warm-config');
  mkdirSync(configDir, { recursive: true });
  const sandbox = spawn(
    process.execPath,
    [join(root, 'bin', 'ops.cjs'), 'sandbox', 'start', '--port', '0', '--services', 'hosts'],
    { env: { ...process.env, OPS_CONFIG_DIR: configDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise((resolve, reject) => {
    sandbox.once('exit', (code) => reject(new Error(`the sandbox for the warm-up exited ${code}`)));
    sandbox.stdout.once('data', (d) => resolve(String(d).trim().replace('listening on ', '')));
  });
  return { url, stop: () => sandbox.kill() };
}

/**
 * Builds the binary of `target` at `out` from the bundles in `bundles.dir`, with `node` the path of
 * the target's Node binary. Returns what it made and whether it carries code caches.
 */
export async function buildBinary({ target, node, bundles, out, work, codeCache: wanted = true }) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const runner = runnerFor(target);
  // `codeCache: false` makes a binary without them (bench/release.mjs measures what they save).
  const codeCache = wanted && runner !== null;
  // Tools' chatter (the blob's path, strip's warnings about Node's notes) is kept unless they fail.
  const quiet = { stdio: ['ignore', 'ignore', 'pipe'] };
  const run = (args) =>
    execFileSync(runner[0] ?? node, [...runner.slice(1), ...(runner.length ? [node] : []), ...args], quiet);
  // Each target gets its own copy of the bundles: the caches are the target's.
  const names = Object.keys(bundles.files);
  for (const name of [...names, 'assets.json']) {
    mkdirSync(dirname(join(work, name)), { recursive: true });
    copyFileSync(join(bundles.dir, name), join(work, name));
  }
  const assets = Object.fromEntries(names.map((n) => [n, join(work, n)]));
  if (codeCache) {
    const emulator = await hostsEmulator();
    try {
      run([join(root, 'scripts', 'release', 'code-cache.cjs'), work, emulator.url]);
    } finally {
      emulator.stop();
    }
    for (const name of names.filter((n) => n.endsWith('.cjs'))) {
      const cache = name.replace(/\.cjs$/, '.cache');
      if (existsSync(join(work, cache))) assets[cache] = join(work, cache);
    }
  }
  // The help pages `npm run build` wrote, as assets named like the files.
  const helpDir = join(root, 'dist', 'help');
  if (!existsSync(helpDir)) throw new Error('dist/help is missing: run `npm run build` first');
  for (const f of readdirSync(helpDir)) assets[`help/${f}`] = join(helpDir, f);
  // The OS keyring's native module of the target: a binary cannot load a module from inside itself,
  // so src/config/keyring-native.ts writes it once to the cache folder.
  assets['native/keyring.node'] = target.keyringPath;

  const blob = join(work, 'sea-prep.blob');
  const config = join(work, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      main: join(bundles.dir, 'ops.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      // A blob without a code cache or snapshot is the same on every platform: this machine's Node
      // makes it for a target it cannot run.
      useCodeCache: codeCache,
      useSnapshot: false,
      // bin/ops.cjs's shebang flags: the heap's limits that keep long streams' memory flat.
      execArgv: launcherFlags(join(root, 'bin', 'ops.cjs')),
      assets,
    }),
  );
  if (codeCache) run(['--experimental-sea-config', config]);
  else execFileSync(process.execPath, ['--experimental-sea-config', config], quiet);

  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(node, out);
  chmodSync(out, 0o755);
  if (target.strip) execFileSync(target.strip, ['--strip-all', out], quiet);
  const postject = require.resolve('postject/dist/cli.js');
  const macho = target.platform.startsWith('macOS') ? ['--macho-segment-name', 'NODE_SEA'] : [];
  execFileSync(
    process.execPath,
    [postject, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE, ...macho],
    quiet,
  );
  return { out, size: statSync(out).size, codeCache };
}
