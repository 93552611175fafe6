// Builds dist/ops-linux-x64: the CLI's CommonJS bundles (scripts/bundles.mjs) with their V8 code caches
// in a single-executable-application blob made by the pinned Node 24, injected with postject into a
// stripped copy of that node binary. Strip before injecting: stripping after removes the blob's note and breaks it.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildMain, buildRuntime } from './bundles.mjs';
import { launcherFlags } from './launcher-flags.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const { createLoader } = require('./sea-loader.cjs');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const seaDir = join(root, 'dist', 'sea');
mkdirSync(seaDir, { recursive: true });

// The node that runs this script is the pinned one (npm scripts put node_modules/.bin first).
const node = process.execPath;
if (!process.versions.node.startsWith('24.')) {
  console.error(`build:binary needs the pinned Node 24 (this is ${process.version}); run it through npm`);
  process.exit(1);
}

// The SEA main script is main.ts alone (version, help pages, signals) with the loader of
// scripts/sea-loader.cjs; the rest of the CLI (dist/run.cjs) and each large package it loads lazily
// (dist/lib/NAME.cjs), the bundles the npm package ships (scripts/bundles.mjs), are assets, compiled
// only when a command needs them, so that `ops --version` and `ops <command> --help` parse neither.
const define = { __OPS_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': 'undefined' };
const { files: assetFiles } = await buildRuntime(root, seaDir, define);

// V8 code caches, made here by the same Node binary the executable is made from (a cache from another
// V8 would be rejected, silently, and the code compiled as usual). The runtime's is made after a few
// commands have run against the hosts emulator, so it holds the functions every command runs
// (parsing, config, the HTTP core, the printer) and the hosts part's compiled, not only the
// bundles' top level; every other package's and part's after its top level has run.
{
  const scripts = new Map();
  const read = (file) =>
    existsSync(join(seaDir, file)) && file.endsWith('.cjs') ? readFileSync(join(seaDir, file)) : undefined;
  const loader = createLoader(read, (name, script) => scripts.set(name, script));
  const run = loader.load('run');
  await warmUp(run.run);
  for (const file of Object.keys(assetFiles).filter((f) => f.startsWith('lib/')))
    if (!scripts.has(file.slice(0, -'.cjs'.length))) loader.load(file.slice(0, -'.cjs'.length));
  for (const [name, script] of scripts) {
    writeFileSync(join(seaDir, `${name}.cache`), script.createCachedData());
    assetFiles[`${name}.cache`] = join(seaDir, `${name}.cache`);
  }
}

/** Runs the commands whose compiled code the cache keeps, against the hosts emulator of `npm run build`. */
async function warmUp(run) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { PassThrough } = await import('node:stream');
  const configDir = mkdtempSync(join(tmpdir(), 'ops-warm-'));
  const sandbox = spawn(
    node,
    [join(root, 'bin', 'ops.cjs'), 'sandbox', 'start', '--port', '0', '--services', 'hosts'],
    {
      env: { ...process.env, OPS_CONFIG_DIR: configDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const url = await new Promise((resolve, reject) => {
      sandbox.once('exit', (code) => reject(new Error(`the sandbox for the warm-up exited ${code}`)));
      sandbox.stdout.once('data', (d) => resolve(String(d).trim().replace('listening on ', '')));
    });
    const env = {
      OPS_CONFIG_DIR: configDir,
      OPS_HOSTS_BASE_URL: `${url}/hosts`,
      OPS_HOSTS_API_KEY: 'sandbox-hosts-api-key',
      OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
    };
    for (const args of [
      ['hosts', 'totals'],
      ['hosts', 'list', '--count', '3', '-o', 'json'],
    ]) {
      let err = '';
      const io = {
        stdout: { write: () => true },
        stderr: {
          write: (s) => {
            err += s;
            return true;
          },
        },
        stdin: new PassThrough(),
        env,
        stdoutIsTty: false,
        stderrIsTty: false,
        stdinIsTty: false,
        columns: 0,
        signal: new AbortController().signal,
      };
      const code = await run(['node', 'ops', ...args], io, new AbortController(), { dispose() {} });
      if (code !== 0) throw new Error(`warm-up \`ops ${args.join(' ')}\` exited ${code}: ${err}`);
    }
  } finally {
    sandbox.kill();
    rmSync(configDir, { recursive: true, force: true });
  }
}
const bundle = join(seaDir, 'ops.cjs');
await buildMain(root, bundle, {
  define,
  entry:
    "import { main } from './src/main.ts';\nmain(process.argv).then((code) => { process.exitCode = code; });\n",
  runLoader: `
    const { createLoader } = require('./scripts/sea-loader.cjs');
    const sea = require('node:sea');
    const read = (file) => { try { return sea.getRawAsset(file); } catch { return undefined; } };
    module.exports = createLoader(read).load('run');`,
});

// The help pages `npm run build` wrote, as assets named like the files.
const helpDir = join(root, 'dist', 'help');
if (!existsSync(helpDir)) throw new Error('dist/help is missing: run `npm run build` first');
// The OS keyring's native module (linux-x64-gnu, the binary's platform): a binary cannot load a
// module from inside itself, so src/config/keyring-native.ts writes it once to the cache folder.
const keyringModule = join(
  dirname(require.resolve('@napi-rs/keyring-linux-x64-gnu/package.json')),
  'keyring.linux-x64-gnu.node',
);
const assets = {
  ...assetFiles,
  ...Object.fromEntries(readdirSync(helpDir).map((f) => [`help/${f}`, join(helpDir, f)])),
  'native/keyring.node': keyringModule,
};

const blob = join(seaDir, 'sea-prep.blob');
const config = join(seaDir, 'sea-config.json');
writeFileSync(
  config,
  JSON.stringify({
    main: bundle,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    useSnapshot: false,
    // bin/ops.cjs's shebang flags: the heap's limits that keep long streams' memory flat.
    execArgv: launcherFlags(join(root, 'bin', 'ops.cjs')),
    assets,
  }),
);
execFileSync(node, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });

const out = join(root, 'dist', 'ops-linux-x64');
copyFileSync(node, out);
chmodSync(out, 0o755);
execFileSync('strip', ['--strip-all', out]);
const postject = require.resolve('postject/dist/cli.js');
execFileSync(
  node,
  [postject, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const mb = (statSync(out).size / 1024 / 1024).toFixed(1);
console.log(
  `dist/ops-linux-x64 ${mb} MiB (main ${(statSync(bundle).size / 1024).toFixed(0)} KiB, run ${(statSync(assetFiles['run.cjs']).size / 1024).toFixed(0)} KiB, node ${process.version})`,
);
