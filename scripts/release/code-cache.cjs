// Makes the V8 code caches of the single binary's bundles: run by the Node binary the executable is
// made from (a cache from another V8, or another CPU's, is rejected, silently, and the code compiled
// as usual), natively or under qemu-user. The runtime's cache is made after a few commands have run
// against the hosts emulator (its address is the second argument), so it holds the functions every
// command runs (parsing, config, the HTTP core, the printer) and the hosts part's compiled, not only
// the bundles' top level; every other package's and part's after its top level has run.
//   node code-cache.cjs <dir of the bundles> <hosts emulator's base URL>
const { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { PassThrough } = require('node:stream');
const { createLoader } = require('../sea-loader.cjs');

const [dir, hostsUrl] = process.argv.slice(2);

async function main() {
  const scripts = new Map();
  const read = (file) =>
    file.endsWith('.cjs') && existsSync(join(dir, file)) ? readFileSync(join(dir, file)) : undefined;
  const loader = createLoader(read, (name, script) => scripts.set(name, script));
  const run = loader.load('run');
  await warmUp(run.run);
  const libs = JSON.parse(readFileSync(join(dir, 'assets.json'), 'utf8')).filter(
    (f) => f.startsWith('lib/') && f.endsWith('.cjs'),
  );
  for (const file of libs) {
    const name = file.slice(0, -'.cjs'.length);
    if (!scripts.has(name)) loader.load(name);
  }
  for (const [name, script] of scripts) writeFileSync(join(dir, `${name}.cache`), script.createCachedData());
}

/** Runs the commands whose compiled code the cache keeps, in this process, against the emulator. */
async function warmUp(run) {
  const configDir = mkdtempSync(join(tmpdir(), 'ops-warm-'));
  const env = {
    OPS_CONFIG_DIR: configDir,
    OPS_HOSTS_BASE_URL: `${hostsUrl}/hosts`,
    OPS_HOSTS_API_KEY: 'sandbox-hosts-api-key',
    OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
  };
  try {
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
    rmSync(configDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`code cache: ${e.stack ?? e}\n`);
    process.exit(1);
  },
);
