#!/usr/bin/env node
// Benchmark: the scripting forms side by side, through the built bundle against the sandbox (in a
// process of its own): `hosts list -o json`, gh's `--json name,id` and `--jq '.[].name'` (jq's
// WebAssembly loaded, compiled and run), each its own process timed from spawn to exit; the median of
// --runs runs after one unmeasured run of each. A command that uses none of them pays nothing for them
// (test/e2e/parts.test.ts; bench/startup.mjs holds the start-up budgets).
//
//   npm run build && node bench/scripting.mjs [--runs 9] [--hosts 1000]
const { spawn } = process.getBuiltinModule('node:child_process');
const { fileURLToPath } = process.getBuiltinModule('node:url');
import { startSandbox } from './sandbox.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/ops.cjs`;
const NODE = process.execPath;

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const RUNS = Number(arg('--runs', '9'));
const HOSTS = Number(arg('--hosts', '1000'));

const FORMS = [
  ['-o json', ['hosts', 'list', '--limit', String(HOSTS), '-o', 'json']],
  ['--json name,id', ['hosts', 'list', '--limit', String(HOSTS), '--json', 'name,id']],
  ["--jq '.[].name'", ['hosts', 'list', '--limit', String(HOSTS), '--jq', '.[].name']],
];

/** Runs the CLI once; its wall time in ms and its stdout's size. */
function timed(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(NODE, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (d) => (bytes += d.length));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, bytes })
        : reject(new Error(`${args.join(' ')}: exit ${code}`)),
    );
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { url, stop } = await startSandbox(NODE, BIN, [
  '--set',
  `hosts.count=${HOSTS}`,
  '--set',
  'hosts.rate_limit=100000000',
]);
try {
  const env = {
    ...process.env,
    OPS_CONFIG_DIR: `${ROOT}.bench/config`,
    OPS_CACHE_DIR: `${ROOT}.bench/cache`,
  };
  const sandboxEnv = await new Promise((resolve, reject) => {
    const child = spawn(NODE, [BIN, 'sandbox', 'env', '--port', new URL(url).port], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
  for (const m of sandboxEnv.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]] = m[2];
  const times = FORMS.map(() => []);
  const sizes = [];
  for (const [i, [, args]] of FORMS.entries()) sizes[i] = (await timed(args, env)).bytes;
  // Interleaved, so that a slow moment of the machine falls on every form alike.
  for (let r = 0; r < RUNS; r++)
    for (const [i, [, args]] of FORMS.entries()) times[i].push((await timed(args, env)).ms);
  const base = median(times[0]);
  console.log(`hosts list, ${HOSTS} hosts, median of ${RUNS} runs (node ${process.version})`);
  for (const [i, [name]] of FORMS.entries()) {
    const m = median(times[i]);
    console.log(
      `${name.padEnd(18)} ${m.toFixed(0).padStart(5)} ms  ${(m / base).toFixed(2)}x  ${String(sizes[i]).padStart(8)} bytes out`,
    );
  }
} finally {
  await stop();
}
