#!/usr/bin/env node
// Benchmark: the raw-JSON splitter (src/clients/http/raw-json.ts, `splitArrayAt`) beside JSON.parse of
// the same page, the platform's own reading of it, in the same process and rounds. The splitter earns
// its place by a list's NDJSON walk writing items as they came; this prints what cutting a page costs
// against parsing it: a page of 100 workflow runs (1.4 MB, two of them nested five deep, past the
// splitter's pattern) and one of 1,000 hosts (0.4 MB, three deep), fetched from the sandbox. Cold is the
// first cut in this process (a one-shot command's first page); warm, the median of --rounds after 30
// unmeasured ones (a long walk, `ops mcp`).
//
//   node bench/raw-split.mjs [--rounds 60]
const { spawnSync } = process.getBuiltinModule('node:child_process');
const { mkdtempSync, rmSync } = process.getBuiltinModule('node:fs');
const { tmpdir } = process.getBuiltinModule('node:os');
const { join } = process.getBuiltinModule('node:path');
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url');
import { build } from 'esbuild';
import { startSandbox } from './sandbox.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/ops.cjs`;
const i = process.argv.indexOf('--rounds');
const ROUNDS = i > 0 ? Number(process.argv[i + 1]) : 60;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'ops-raw-split-'));
const out = join(dir, 'raw-json.mjs');
await build({
  entryPoints: [`${ROOT}src/clients/http/raw-json.ts`],
  outfile: out,
  format: 'esm',
  logLevel: 'error',
});
const { splitArrayAt } = await import(pathToFileURL(out).href);

const sandbox = await startSandbox(process.execPath, BIN, [
  '--services',
  'runs,hosts',
  '--set',
  'hosts.count=1000',
]);
const port = new URL(sandbox.url).port;
const exports = spawnSync(process.execPath, [BIN, 'sandbox', 'env', '--port', port], {
  encoding: 'utf8',
}).stdout;
const env = Object.fromEntries([...exports.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
const get = async (url, headers) => {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
};
const pages = [
  {
    name: 'runs, 100 a page',
    path: ['workflow_runs'],
    text: await get(`${env.OPS_RUNS_BASE_URL}/repos/${env.OPS_RUNS_REPO}/actions/runs?per_page=100`, {
      authorization: `token ${env.OPS_RUNS_TOKEN}`,
    }),
  },
  {
    name: 'hosts, 1,000 a page',
    path: ['host_list'],
    text: await get(`${env.OPS_HOSTS_BASE_URL}/api/v1/hosts?count=1000`, {
      'X-Monitor-Api-Key': env.OPS_HOSTS_API_KEY,
      'X-Monitor-Application-Key': env.OPS_HOSTS_APP_KEY,
    }),
  },
];
await sandbox.stop();
rmSync(dir, { recursive: true, force: true });

/** Milliseconds of one call, the first (cold), then the median of ROUNDS after 30 unmeasured (warm). */
function time(f) {
  const once = () => {
    const t = performance.now();
    f();
    return performance.now() - t;
  };
  const cold = once();
  for (let k = 0; k < 30; k++) f();
  return { cold, warm: median(Array.from({ length: ROUNDS }, once)) };
}

console.log(`a page cut into its items' texts, beside JSON.parse of it (ms; warm: median of ${ROUNDS})`);
console.log(
  `${'page'.padEnd(22)}${'size'.padStart(9)}${'split cold'.padStart(12)}${'parse cold'.padStart(12)}${'split warm'.padStart(12)}${'parse warm'.padStart(12)}${'ratio'.padStart(7)}`,
);
for (const p of pages) {
  const split = time(() => {
    if (!splitArrayAt(p.text, p.path)) throw new Error(`${p.name}: not cut`);
  });
  const parse = time(() => JSON.parse(p.text));
  console.log(
    `${p.name.padEnd(22)}${`${(p.text.length / 1e6).toFixed(2)} MB`.padStart(9)}${split.cold.toFixed(2).padStart(12)}${parse.cold.toFixed(2).padStart(12)}${split.warm.toFixed(2).padStart(12)}${parse.warm.toFixed(2).padStart(12)}${`${(split.warm / parse.warm).toFixed(2)}x`.padStart(7)}`,
  );
}
