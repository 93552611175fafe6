// Start-up figures, side by side in one run: `node -e 0`, `ops --version`, `ops <service> --help`
// (bundle and single binary) and `gh --version` where gh is installed. Prints `name value unit` lines
// (medians of N runs after 3 warm-ups) and a last line with the ratios against `node -e 0`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.argv[2] ?? 30);
const node = process.execPath;
const bin = join(root, 'bin', 'ops.js');
const binary = join(root, 'dist', 'ops-linux-x64');
const env = { ...process.env, OPS_CONFIG_DIR: join(root, '.bench', 'config') };

function median(cmd, args) {
  for (let i = 0; i < 3; i++) spawnSync(cmd, args, { env, stdio: 'ignore' });
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { env, stdio: 'ignore' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const figures = [];
const measure = (name, cmd, args) => {
  const ms = median(cmd, args);
  figures.push([name, ms]);
  console.log(`${name} ${ms.toFixed(1)} ms`);
  return ms;
};

console.log(`# node ${process.version}, ${runs} runs each, medians`);
const base = measure('node-e-0', node, ['-e', '0']);
measure('ops--version', node, [bin, '--version']);
measure('ops-hosts--help', node, [bin, 'hosts', '--help']);
measure('ops-secrets--help', node, [bin, 'secrets', '--help']);
if (existsSync(binary)) {
  measure('binary--version', binary, ['--version']);
  measure('binary-hosts--help', binary, ['hosts', '--help']);
}
// One simple command against the sandbox (budget: <= 2.5x node -e 0).
const sandbox = spawn(node, [bin, 'sandbox', 'start', '--port', '0', '--services', 'hosts'], {
  env,
  stdio: ['ignore', 'pipe', 'ignore'],
});
const url = await new Promise((resolve) =>
  sandbox.stdout.once('data', (d) => resolve(String(d).trim().replace('listening on ', ''))),
);
Object.assign(env, {
  OPS_HOSTS_BASE_URL: `${url}/hosts`,
  OPS_HOSTS_API_KEY: 'sandbox-hosts-api-key',
  OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
});
const commandMs = measure('ops-hosts-totals', node, [bin, 'hosts', 'totals']);
if (existsSync(binary)) measure('binary-hosts-totals', binary, ['hosts', 'totals']);
sandbox.kill();

const gh = which('gh');
if (gh) measure('gh--version', gh, ['--version']);
else console.log('# gh not installed: no gh --version figure');
console.log(
  `ratios vs node-e-0: ${figures
    .filter(([n]) => n !== 'node-e-0')
    .map(([n, ms]) => `${n} ${(ms / base).toFixed(2)}x`)
    .join(
      ', ',
    )} (budgets: --version and --help <= 1.3x, hosts totals <= 2.5x; ${(commandMs / base).toFixed(2)}x)`,
);
