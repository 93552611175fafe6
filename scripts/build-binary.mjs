// Builds dist/ops-linux-x64: one CommonJS bundle of the whole CLI, a single-executable-application
// blob made by the pinned Node 24 (with its code cache), injected with postject into a stripped copy
// of that node binary. Strip before injecting: stripping after removes the blob's note and breaks it.
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
import { build } from 'esbuild';
import { lazyChildProcessForCommander } from './esbuild-plugins.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const seaDir = join(root, 'dist', 'sea');
mkdirSync(seaDir, { recursive: true });

// The node that runs this script is the pinned one (npm scripts put node_modules/.bin first).
const node = process.execPath;
if (!process.versions.node.startsWith('24.')) {
  console.error(`build:binary needs the pinned Node 24 (this is ${process.version}); run it through npm`);
  process.exit(1);
}

// Two CommonJS bundles. The SEA main script is main.ts alone (version, help pages, signals); the rest of
// the CLI (run.ts and everything below it) is an asset compiled only when a command runs, so that
// `ops --version` and `ops <command> --help` do not parse the whole 3 MB bundle at start.
const define = { __OPS_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': 'undefined' };
const runBundle = join(seaDir, 'run.cjs');
await build({
  entryPoints: [join(root, 'src', 'run.ts')],
  outfile: runBundle,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  define,
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [lazyChildProcessForCommander],
});
// The runtime is read from the executable as Latin-1, a plain copy, rather than decoded as UTF-8 (2 to
// 3 ms for 2 MB): so it must be ASCII. esbuild escapes strings but not regular expressions, where a
// \uXXXX escape means the same character.
{
  const code = readFileSync(runBundle, 'utf8').replace(
    /[^\x00-\x7f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (!/^[\x00-\x7f]*$/.test(code)) throw new Error('run.cjs is not ASCII after escaping');
  writeFileSync(runBundle, code);
}
// V8 code cache for the runtime, made here by the same Node binary the executable is made from (a
// cache from another V8 would be rejected, silently, and the code compiled as usual). It is made after
// a few commands have run against the hosts emulator, so it holds the functions every command runs
// (parsing, config, the HTTP core, the printer) compiled, not only the bundle's top level.
const WRAP_START = '(function (exports, require, module, __filename, __dirname) {';
const WRAP_END = '\n})';
const runCache = join(seaDir, 'run.cache');
{
  const { Script } = await import('node:vm');
  const { createRequire: makeRequire } = await import('node:module');
  const script = new Script(WRAP_START + readFileSync(runBundle, 'latin1') + WRAP_END, {
    filename: 'ops-run.cjs',
  });
  const m = { exports: {} };
  script.runInThisContext()(m.exports, makeRequire(runBundle), m, 'ops-run.cjs', '.');
  await warmUp(m.exports.run);
  writeFileSync(runCache, script.createCachedData());
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
    [join(root, 'bin', 'ops.js'), 'sandbox', 'start', '--port', '0', '--services', 'hosts'],
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
const loadRunFromAsset = {
  name: 'run-from-sea-asset',
  setup(b) {
    b.onResolve({ filter: /^\.\/run\.js$/ }, () => ({ path: 'run', namespace: 'sea-asset' }));
    b.onLoad({ filter: /.*/, namespace: 'sea-asset' }, () => ({
      loader: 'js',
      contents: `
        const sea = require('node:sea');
        const code = Buffer.from(sea.getRawAsset('run.cjs')).toString('latin1');
        const cachedData = Buffer.from(sea.getRawAsset('run.cache'));
        const script = new (require('node:vm').Script)(${JSON.stringify(WRAP_START)} + code + ${JSON.stringify(WRAP_END)}, { filename: 'ops-run.cjs', cachedData });
        const m = { exports: {} };
        script.runInThisContext()(m.exports, require, m, 'ops-run.cjs', '.');
        module.exports = m.exports;`,
    }));
  },
};
const bundle = join(seaDir, 'ops.cjs');
await build({
  stdin: {
    contents:
      "import { main } from './src/main.ts';\nmain(process.argv).then((code) => { process.exitCode = code; });\n",
    resolveDir: root,
    loader: 'ts',
  },
  outfile: bundle,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  define,
  plugins: [loadRunFromAsset],
  legalComments: 'none',
  logLevel: 'warning',
});

// The help pages `npm run build` wrote, as assets named like the files.
const helpDir = join(root, 'dist', 'help');
if (!existsSync(helpDir)) throw new Error('dist/help is missing: run `npm run build` first');
const assets = {
  'run.cjs': runBundle,
  'run.cache': runCache,
  ...Object.fromEntries(readdirSync(helpDir).map((f) => [`help/${f}`, join(helpDir, f)])),
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
    // As bin/ops.js's shebang: V8's young generation capped for long streams.
    execArgv: ['--max-semi-space-size=8'],
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
  `dist/ops-linux-x64 ${mb} MiB (main ${(statSync(bundle).size / 1024).toFixed(0)} KiB, run ${(statSync(runBundle).size / 1024).toFixed(0)} KiB, node ${process.version})`,
);
