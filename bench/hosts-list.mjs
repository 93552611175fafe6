#!/usr/bin/env node
// Benchmark: `ops hosts list --all -o ndjson` over 10,000 and 100,000 emulated hosts, side by side with
// the same pages fetched by a plain undici loop (one kept-alive connection). Each figure is measured on
// its own process: wall time from spawn to exit, and peak RSS (VmHWM, via /usr/bin/time -v when present,
// else sampled from /proc/<pid>/status). Budget (PRODUCT.md §8): peak RSS <= 120 MB and flat as the
// count grows; time <= 1.2x the raw fetch.
//
//   npm run build && node_modules/.bin/node bench/hosts-list.mjs [--counts 10000,100000] [--runs 3] [--bin bin/ops.cjs]
//     [--ops-node-flags "--max-semi-space-size=8"]   (V8 flags added to the launcher's own, to try other settings)
//
// The sandbox runs in a process of its own (`ops sandbox start --port 0 --set hosts.count=N`) with its
// rate limit raised, so both sides pay the same server time.
import { spawn } from 'node:child_process';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { startSandbox } from './sandbox.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN_ARG = process.argv.indexOf('--bin');
const BIN = BIN_ARG > 0 ? process.argv[BIN_ARG + 1] : `${ROOT}bin/ops.cjs`;
const NODE = process.execPath;
const API_KEY = 'sandbox-hosts-api-key';
const APP_KEY = 'sandbox-hosts-app-key';
const PAGE = 1000;

if (process.argv[2] === '--raw') {
  await rawLoop(process.argv[3]);
  process.exit(0);
}

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const counts = arg('--counts', '10000,100000').split(',').map(Number);
const runs = Number(arg('--runs', '3'));
// The launcher's flags, then any given here to try other settings.
const opsFlags = [...launcherFlags(BIN), ...arg('--ops-node-flags', '').split(' ').filter(Boolean)];
if (!existsSync(new URL('../dist/ops.cjs', `file://${BIN}`))) {
  console.error('dist/ops.cjs is missing: run `npm run build` first');
  process.exit(2);
}

/** The reference: every page by start/count until total_matching, bodies parsed, nothing printed. */
async function rawLoop(base) {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ connections: 1 });
  let start = 0;
  let total = Number.POSITIVE_INFINITY;
  let items = 0;
  while (start < total) {
    const url =
      start === 0
        ? `${base}/api/v1/hosts?count=${PAGE}`
        : `${base}/api/v1/hosts?count=${PAGE}&start=${start}`;
    const res = await request(url, {
      headers: { 'x-monitor-api-key': API_KEY, 'x-monitor-application-key': APP_KEY },
      dispatcher,
    });
    if (res.statusCode !== 200) throw new Error(`raw: HTTP ${res.statusCode}: ${await res.body.text()}`);
    const body = await res.body.json();
    total = body.total_matching;
    items += body.host_list.length;
    start += body.host_list.length;
    if (body.host_list.length === 0) break;
  }
  await dispatcher.close();
  process.stdout.write(`${items}\n`);
}

const useTime = existsSync('/usr/bin/time');

/** Runs a command to completion; returns wall ms, peak RSS in MB and the newline count of stdout. */
function measure(argv, env) {
  return new Promise((resolve, reject) => {
    const command = useTime ? ['/usr/bin/time', '-v', ...argv] : argv;
    const started = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    // Kept as bytes: decoding 50 MB of output here would take CPU from the process being measured.
    let last = Buffer.alloc(0);
    let stderr = '';
    let hwm = 0;
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
      last = d;
    });
    child.stderr.on('data', (d) => (stderr += d.toString()));
    // Without /usr/bin/time, sample the high-water mark while the process runs.
    const poll = useTime
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwm = Math.max(hwm, Number(m[1]));
          } catch {}
        }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (poll) clearInterval(poll);
      if (useTime) hwm = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
      if (code !== 0) return reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.slice(-800)}`));
      resolve({ ms, rssMb: hwm / 1024, lines, lastChunk: last.subarray(-64).toString() });
    });
  });
}

async function startHostsSandbox(count) {
  const sandbox = await startSandbox(NODE, BIN, [
    '--services',
    'hosts',
    '--set',
    `hosts.count=${count}`,
    '--set',
    'hosts.rate_limit=1000000',
  ]);
  return { ...sandbox, url: `${sandbox.url}/hosts` };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures = {};
const line = (name, value, unit) => console.log(`${name} ${value} ${unit}`);

for (const count of counts) {
  const sandbox = await startHostsSandbox(count);
  try {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      OPS_CONFIG_DIR: '/nonexistent-ops-bench',
      OPS_HOSTS_BASE_URL: sandbox.url,
      OPS_HOSTS_API_KEY: API_KEY,
      OPS_HOSTS_APP_KEY: APP_KEY,
    };
    // One unmeasured pass each warms the server's search cache path and the compile cache.
    await measure([NODE, fileURLToPath(import.meta.url), '--raw', sandbox.url], env);
    await measure([NODE, ...opsFlags, BIN, 'hosts', 'list', '--all', '-o', 'ndjson'], env);
    const ops = [];
    const raw = [];
    for (let r = 0; r < runs; r++) {
      raw.push(await measure([NODE, fileURLToPath(import.meta.url), '--raw', sandbox.url], env));
      ops.push(await measure([NODE, ...opsFlags, BIN, 'hosts', 'list', '--all', '-o', 'ndjson'], env));
    }
    const rawItems = Number(raw[0].lastChunk.trim());
    if (ops.some((o) => o.lines !== rawItems))
      throw new Error(`ops printed ${ops.map((o) => o.lines)} hosts, raw saw ${rawItems}`);
    figures[count] = {
      opsMs: median(ops.map((o) => o.ms)),
      rawMs: median(raw.map((o) => o.ms)),
      opsRss: Math.max(...ops.map((o) => o.rssMb)),
      rawRss: Math.max(...raw.map((o) => o.rssMb)),
    };
    const f = figures[count];
    line(`hosts_list_${count}_hosts`, rawItems, 'hosts');
    line(`hosts_list_${count}_ops_time`, f.opsMs.toFixed(0), 'ms');
    line(`hosts_list_${count}_raw_time`, f.rawMs.toFixed(0), 'ms');
    line(`hosts_list_${count}_ops_peak_rss`, f.opsRss.toFixed(1), 'MB');
    line(`hosts_list_${count}_raw_peak_rss`, f.rawRss.toFixed(1), 'MB');
  } finally {
    await sandbox.stop();
  }
}

const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const parts = counts.map((c) => {
  const ratio = figures[c].opsMs / figures[c].rawMs;
  return `time ops/raw @${c}=${ratio.toFixed(2)}x (${verdict(ratio <= 1.2)}), rss @${c}=${figures[c].opsRss.toFixed(1)}MB (${verdict(figures[c].opsRss <= 120)})`;
});
if (counts.length > 1) {
  // Flat as in bench/meter-send.mjs: at most 1.10x from the smallest count to the largest.
  const [lo, hi] = [counts[0], counts[counts.length - 1]];
  const flat = figures[hi].opsRss / figures[lo].opsRss;
  parts.push(`rss ops @${hi}/@${lo}=${flat.toFixed(2)}x (flat: ${verdict(flat <= 1.1)})`);
}
parts.push(
  `budget: time <=1.20x, rss <=120 MB and flat (<=1.10x)${opsFlags.length ? `; ops ran with ${opsFlags.join(' ')}` : ''}`,
);
console.log(`ratios ${parts.join(', ')}`);
