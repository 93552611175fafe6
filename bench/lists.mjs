#!/usr/bin/env node
// Benchmark: every paginated list with `--all -o ndjson`, through the built bundle against the sandbox,
// beside the same pages fetched raw and sequentially over one kept-alive connection (node:http, a
// keep-alive agent with one socket, bodies read and parsed, nothing printed), with the same headers and
// page parameters as ops sends (as `--debug` shows them). Each side is its own process, timed from spawn
// to exit; the median of --runs runs counts, after one unmeasured run of each. Budget (PRODUCT.md §8):
// ops <= 1.1x raw. A second raw walk that also prints each item as an NDJSON line, as ops does, is
// timed beside them and reported (`_raw_printing_`, and last in each ratio): not the floor, a measure
// of what the printing that only ops does costs.
//
//   npm run bench:lists [-- --runs 9] [-- --only hosts,runs] [-- --pages 20]
//   node bench/lists.mjs --serve [--only …]   (start and seed the sandbox, print its export lines, serve: to profile)
//
// Lists without pages are left out: `secrets kv list` (one LIST answer), breach (unpaged answers),
// meter (no list), and db (`role-assignment list` is one page, reference C.4, and the emulator never
// gives a nextLink). The sandbox runs in its own process with every rate limit raised; lists whose
// emulator has a count setting are seeded with it (`hosts.count`, `docgen.count`, `dataapi.keywords`),
// the others through their API before the timing (runs dispatched, tasks added, contexts created,
// instances launched), so that each list is about --pages pages.
// Built-ins are read with process.getBuiltinModule, not imported: this file is also the raw walk, the
// floor, and an ES import of a built-in reads all its exports (node:http's WebSocket getter loads
// Node's bundled undici, about 35 ms), which would slow the floor and flatter ops.
const { spawn } = process.getBuiltinModule('node:child_process');
const { once } = process.getBuiltinModule('node:events');
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');
const http = process.getBuiltinModule('node:http');
const { fileURLToPath } = process.getBuiltinModule('node:url');
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { startSandbox } from './sandbox.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/ops.cjs`;
const NODE = process.execPath;
const SELF = fileURLToPath(import.meta.url);
const USER_AGENT = `ops/${JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).version}`;

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const PAGES = Number(arg('--pages', '20'));

/**
 * Each list: the ops command, the sandbox settings that size it, how to seed it through the API, and
 * the raw walk (first request, items of a page, next request) as ops makes it.
 */
const LISTS = [
  {
    name: 'hosts',
    page: 1000,
    ops: ['hosts', 'list', '--all', '-o', 'ndjson'],
    set: [`hosts.count=${PAGES * 1000}`, 'hosts.rate_limit=100000000'],
    headers: (e) => ({
      accept: 'application/json',
      'X-Monitor-Api-Key': e.OPS_HOSTS_API_KEY,
      'X-Monitor-Application-Key': e.OPS_HOSTS_APP_KEY,
    }),
    first: (e) => ({ url: `${e.OPS_HOSTS_BASE_URL}/api/v1/hosts?count=1000` }),
    items: (body) => body.host_list,
    next: (_req, body, _res, e, seen) =>
      seen < body.total_matching
        ? { url: `${e.OPS_HOSTS_BASE_URL}/api/v1/hosts?count=1000&start=${seen}` }
        : undefined,
  },
  {
    name: 'runs',
    page: 100,
    ops: ['runs', 'list', '--all', '-o', 'ndjson'],
    set: ['runs.rate_limit=100000000', 'runs.secondary_limit=100000000'],
    // 127 runs in the seed; each dispatch adds one.
    seed: (e) =>
      post(e, PAGES * 100 - 127, () => ({
        url: `${e.OPS_RUNS_BASE_URL}/repos/${e.OPS_RUNS_REPO}/actions/workflows/release.yml/dispatches`,
        headers: {
          accept: 'application/vnd.github.v3+json, application/json',
          authorization: `token ${e.OPS_RUNS_TOKEN}`,
        },
        body: { ref: 'main', inputs: { version: '1.0.0' } },
      })),
    headers: (e) => ({
      accept: 'application/vnd.github.v3+json, application/json',
      authorization: `token ${e.OPS_RUNS_TOKEN}`,
    }),
    first: (e) => ({ url: `${e.OPS_RUNS_BASE_URL}/repos/${e.OPS_RUNS_REPO}/actions/runs?per_page=100` }),
    items: (body) => body.workflow_runs,
    next: (_req, _body, res) => {
      const m = /<([^>]*)>\s*;\s*rel="next"/.exec(res.headers.link ?? '');
      return m ? { url: m[1] } : undefined;
    },
  },
  {
    name: 'tasks',
    page: 100,
    ops: ['tasks', 'list', '--all', '-o', 'ndjson'],
    set: ['tasks.rate_limit=100000000'],
    seed: (e) =>
      post(e, PAGES * 100 - 10, (i) => ({
        url: `${e.OPS_TASKS_BASE_URL}/tasks/v1/lists/%40default/tasks`,
        headers: { accept: 'application/json', authorization: `Bearer ${e.OPS_TASKS_TOKEN}` },
        body: { title: `Bench task ${i}`, notes: 'added by bench/lists.mjs' },
      })),
    headers: (e) => ({ accept: 'application/json', authorization: `Bearer ${e.OPS_TASKS_TOKEN}` }),
    first: (e) => ({ url: `${e.OPS_TASKS_BASE_URL}/tasks/v1/lists/%40default/tasks?maxResults=100` }),
    items: (body) => body.items ?? [],
    next: (_req, body, _res, e) =>
      body.nextPageToken
        ? {
            url: `${e.OPS_TASKS_BASE_URL}/tasks/v1/lists/%40default/tasks?maxResults=100&pageToken=${encodeURIComponent(body.nextPageToken)}`,
          }
        : undefined,
  },
  {
    name: 'pipelines',
    page: 10,
    ops: ['pipelines', 'context', 'list', '--all', '-o', 'ndjson'],
    set: ['pipelines.rate_limit=100000000'],
    // 12 contexts in the seed, 10 a page.
    seed: (e) =>
      post(e, PAGES * 10 - 12, (i) => ({
        url: `${e.OPS_PIPELINES_BASE_URL}/api/v2/context`,
        headers: { accept: 'application/json', 'Pipeline-Token': e.OPS_PIPELINES_TOKEN },
        body: { name: `bench-${i}`, owner: { id: e.OPS_PIPELINES_ORG } },
      })),
    headers: (e) => ({ accept: 'application/json', 'Pipeline-Token': e.OPS_PIPELINES_TOKEN }),
    first: (e) => ({
      url: `${e.OPS_PIPELINES_BASE_URL}/api/v2/context?owner-id=${e.OPS_PIPELINES_ORG}`,
    }),
    items: (body) => body.items,
    next: (_req, body, _res, e) =>
      body.next_page_token
        ? {
            url: `${e.OPS_PIPELINES_BASE_URL}/api/v2/context?owner-id=${e.OPS_PIPELINES_ORG}&page-token=${encodeURIComponent(body.next_page_token)}`,
          }
        : undefined,
  },
  {
    name: 'docgen',
    page: 1000,
    ops: ['docgen', 'jobs', 'list', '--all', '-o', 'ndjson'],
    set: [`docgen.count=${PAGES * 1000}`, 'docgen.rate_limit=100000000'],
    headers: (e) => ({
      accept: 'application/json',
      'content-version': '2025.0',
      authorization: `Bearer ${e.OPS_DOCGEN_TOKEN}`,
    }),
    first: (e) => ({ url: `${e.OPS_DOCGEN_BASE_URL}/2.0/docgen_jobs?usemarker=true&limit=1000` }),
    items: (body) => body.entries,
    next: (_req, body, _res, e) =>
      body.next_marker
        ? {
            url: `${e.OPS_DOCGEN_BASE_URL}/2.0/docgen_jobs?usemarker=true&limit=1000&marker=${encodeURIComponent(body.next_marker)}`,
          }
        : undefined,
  },
  {
    name: 'dataapi',
    page: 1000,
    ops: ['dataapi', 'errors', 'keywords', '--all', '-o', 'ndjson'],
    // Within the service's 7 days, so every generated error is in the report.
    set: [`dataapi.keywords=${PAGES * 1000}`, 'dataapi.rate_limit=100000000'],
    headers: (e) => ({
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${e.OPS_DATAAPI_LOGIN}:${e.OPS_DATAAPI_PASSWORD}`).toString('base64')}`,
    }),
    first: (e) => ({ url: `${e.OPS_DATAAPI_BASE_URL}/v3/keywords_data/errors`, body: [{ limit: 1000 }] }),
    items: (body) => body.tasks?.[0]?.result ?? [],
    // No total: a page shorter than the limit is the last.
    next: (req, body, _res, _e, seen) =>
      (body.tasks?.[0]?.result ?? []).length < 1000
        ? undefined
        : { url: req.url, body: [{ limit: 1000, offset: seen }] },
  },
  {
    name: 'cloud',
    page: 50,
    ops: ['cloud', 'instance', 'list', '--all', '-o', 'ndjson'],
    set: [],
    // 7 instances in the seed, 50 a page.
    seed: (e) =>
      post(e, PAGES * 50 - 7, (i) => ({
        url: `${e.OPS_CLOUD_BASE_URL}/publicCloud/v1/instances`,
        headers: { accept: 'application/json', 'X-Cloud-Auth': e.OPS_CLOUD_API_KEY },
        body: {
          region: 'eu-west-3',
          type: 'cld.m5.large',
          imageId: 'UBUNTU_24_04_64BIT',
          contractType: 'HOURLY',
          rootDiskStorageType: 'CENTRAL',
          reference: `bench-${i}`,
        },
      })),
    headers: (e) => ({ accept: 'application/json', 'X-Cloud-Auth': e.OPS_CLOUD_API_KEY }),
    first: (e) => ({ url: `${e.OPS_CLOUD_BASE_URL}/publicCloud/v1/instances?limit=50` }),
    items: (body) => body.instances,
    next: (_req, body, _res, e, seen) =>
      seen < body._metadata.totalCount
        ? { url: `${e.OPS_CLOUD_BASE_URL}/publicCloud/v1/instances?limit=50&offset=${seen}` }
        : undefined,
  },
];

/** One request over `agent`; resolves with the status, headers and the body's text. */
function send(agent, { url, body }, headers) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          'user-agent': USER_AGENT,
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The reference walk: page after page on one kept-alive socket, each body parsed. Prints the item count.
 * With `print`, it also writes each item as an NDJSON line (64 KiB at a time), as ops does: not the
 * floor of the budget, a second reference that shows what printing costs.
 */
async function rawWalk(name, firstOnly, print) {
  const list = LISTS.find((l) => l.name === name);
  const env = process.env;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = list.headers(env);
  let req = list.first(env);
  let seen = 0;
  let pages = 0;
  while (req) {
    pages++;
    const res = await send(agent, req, headers);
    if (res.status !== 200) throw new Error(`raw ${name}: HTTP ${res.status}: ${res.text.slice(0, 300)}`);
    const body = JSON.parse(res.text);
    const items = list.items(body);
    seen += items.length;
    if (print) {
      let out = '';
      for (const item of items) {
        out += `${JSON.stringify(item)}\n`;
        if (out.length >= 65536) {
          if (!process.stdout.write(out)) await once(process.stdout, 'drain');
          out = '';
        }
      }
      if (out && !process.stdout.write(out)) await once(process.stdout, 'drain');
    }
    req = items.length === 0 || firstOnly ? undefined : list.next(req, body, res, env, seen);
  }
  agent.destroy();
  process.stdout.write(`${seen} ${pages}\n`);
}

/** Seeds with `count` POSTs (8 in flight), each made by `make(i)`. */
async function post(_env, count, make) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let i = 0;
  const worker = async () => {
    while (i < count) {
      const req = make(i++);
      const res = await send(agent, req, req.headers);
      if (res.status >= 300)
        throw new Error(`seeding ${req.url}: HTTP ${res.status}: ${res.text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  agent.destroy();
}

if (process.argv[2] === '--raw') {
  await rawWalk(process.argv[3], process.argv[4] === '--first', process.argv[4] === '--print');
  // Everything written reaches the pipe before the exit (a pipe's writes may be queued).
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(0);
}

const TIME = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'cpu %U %S'] : [];

/** Runs a command to completion; returns wall ms, CPU ms (user + system, with /usr/bin/time) and stdout's line count. */
function measure(argv, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const command = [...TIME, ...argv];
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let last = Buffer.alloc(0);
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
      last = d;
    });
    child.stderr.on('data', (d) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.slice(-800)}`));
      const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(stderr);
      const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN;
      resolve({ ms, cpuMs, lines, last: last.subarray(-32).toString().trim() });
    });
  });
}

async function startListsSandbox(lists) {
  const args = ['--services', lists.map((l) => l.name).join(',')];
  for (const l of lists) for (const s of l.set) args.push('--set', s);
  const { url, stop } = await startSandbox(NODE, BIN, args);
  const port = new URL(url).port;
  const exports = await measureText([NODE, BIN, 'sandbox', 'env', '--port', port]);
  const env = {};
  for (const m of exports.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]] = m[2];
  return { env, stop };
}

function measureText(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')} exited ${code}`)),
    );
  });
}

if (!existsSync(`${ROOT}dist/ops.cjs`)) {
  console.error('dist/ops.cjs is missing: run `npm run build` first');
  process.exit(2);
}
const runs = Number(arg('--runs', '9'));
const only = arg('--only', '');
const lists = only ? LISTS.filter((l) => only.split(',').includes(l.name)) : LISTS;
const opsFlags = launcherFlags(BIN);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (name, value, unit) => console.log(`${name} ${value} ${unit}`);

const sandbox = await startListsSandbox(lists);
if (process.argv.includes('--serve')) {
  // For profiling: the seeded sandbox's export lines, then serve until Ctrl-C.
  for (const list of lists) await list.seed?.(sandbox.env);
  for (const [k, v] of Object.entries(sandbox.env)) console.log(`export ${k}='${v}'`);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => sandbox.stop().then(() => process.exit(0)));
  await new Promise(() => undefined);
}
const ratios = [];
try {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    OPS_CONFIG_DIR: '/nonexistent-ops-bench',
    ...sandbox.env,
  };
  for (const list of lists) await list.seed?.(sandbox.env);
  for (const list of lists) {
    const opsAll = [NODE, ...opsFlags, BIN, ...list.ops];
    // The first page alone: the same first request (`--limit` of one page sizes it as `--all` does).
    const opsFirst = [
      NODE,
      ...opsFlags,
      BIN,
      ...list.ops.map((a) => (a === '--all' ? `--limit=${list.page}` : a)),
    ];
    const rawAll = [NODE, SELF, '--raw', list.name];
    const rawFirst = [...rawAll, '--first'];
    const rawPrint = [...rawAll, '--print'];
    const sides = [rawAll, opsAll, rawFirst, opsFirst, rawPrint];
    // One unmeasured pass each warms the server's code paths and the compile cache.
    for (const argv of sides) await measure(argv, env);
    const times = sides.map(() => []);
    const cpus = sides.map(() => []);
    const results = [];
    for (let r = 0; r < runs; r++)
      for (const [i, argv] of sides.entries()) {
        const m = await measure(argv, env);
        times[i].push(m.ms);
        cpus[i].push(m.cpuMs);
        results[i] = m;
      }
    const [items, pages] = results[0].last.split(' ').map(Number);
    if (results[1].lines !== items)
      throw new Error(`${list.name}: ops printed ${results[1].lines} items, raw saw ${items}`);
    if (results[4].lines !== items + 1)
      throw new Error(
        `${list.name}: the printing raw walk wrote ${results[4].lines - 1} items, not ${items}`,
      );
    const [rawMs, opsMs, rawFirstMs, opsFirstMs, rawPrintMs] = times.map(median);
    const [rawCpu, opsCpu, rawFirstCpu, opsFirstCpu, rawPrintCpu] = cpus.map(median);
    line(`${list.name}_items`, items, 'items');
    line(`${list.name}_pages`, pages, 'pages');
    line(`${list.name}_ops_time`, opsMs.toFixed(0), 'ms');
    line(`${list.name}_raw_time`, rawMs.toFixed(0), 'ms');
    line(`${list.name}_ops_cpu`, opsCpu.toFixed(0), 'ms');
    line(`${list.name}_raw_cpu`, rawCpu.toFixed(0), 'ms');
    line(`${list.name}_ops_first_page_time`, opsFirstMs.toFixed(0), 'ms');
    line(`${list.name}_raw_first_page_time`, rawFirstMs.toFixed(0), 'ms');
    line(`${list.name}_ops_first_page_cpu`, opsFirstCpu.toFixed(0), 'ms');
    line(`${list.name}_raw_first_page_cpu`, rawFirstCpu.toFixed(0), 'ms');
    line(`${list.name}_raw_printing_time`, rawPrintMs.toFixed(0), 'ms');
    line(`${list.name}_raw_printing_cpu`, rawPrintCpu.toFixed(0), 'ms');
    // /usr/bin/time counts CPU in 10 ms steps: a difference of two such figures may be 0 (no ratio).
    const x = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
    ratios.push(
      `${list.name}=${x(opsMs, rawMs)} (cpu ${x(opsCpu, rawCpu)}; after the first page: time ${x(opsMs - opsFirstMs, rawMs - rawFirstMs)}, cpu ${x(opsCpu - opsFirstCpu, rawCpu - rawFirstCpu)}; against a raw walk that prints too: ${x(opsMs, rawPrintMs)})`,
    );
  }
} finally {
  await sandbox.stop();
}
console.log(`ratios ops/raw ${ratios.join(', ')}; budget <=1.10x (median of ${runs} runs)`);
