#!/usr/bin/env node
// Benchmark: three reads (`hosts totals`, `hosts list`, and `runs list` over two pages) as warm MCP
// tool calls, beside the same requests made raw over `node:http`. The MCP side is one `ops mcp`
// process under the SDK's stdio client, timed per call after 50 unmeasured calls (its connections to
// the sandbox kept alive across calls); the raw side is the same GETs in this process over one
// kept-alive socket, bodies read and parsed, warmed alike; the two are timed in turn, call after
// requests. Also `ops hosts totals -o json` one-shot, timed from spawn to exit. Medians of --runs.
// Beside them, the floor (bench/floor/mcp-server.mjs): a server on the same SDK and transport whose one
// tool makes the same requests over `node:http` and answers the bodies as compact JSON, timed in the same
// rounds, for the two small reads; what ops adds beyond it is its own work, what the floor adds beyond
// the raw requests is the protocol's (the SDKs' checks of each message, two more processes woken).
// And the bare floor (bench/floor/mcp-bare-server.mjs): the same tool answered by hand, with no SDK on
// the server's side at all, which leaves the round trip and the client's checks: what any MCP server
// over stdio adds, at the least, beside the budget.
// And `hosts list` called 3,000 times back to back: the mean, median and 99th percentile, where the
// server's garbage collections show.
//
// What a call adds is given twice, each beside the budget (PRODUCT.md §8: 0.5 ms): in time, the
// median of each round's call minus its raw requests; and in CPU, which a busy machine (other
// processes on its cores) does not stretch: the server's CPU for the call (every thread of the
// `ops mcp` process, from Linux's /proc/PID/task/*/schedstat, nanoseconds) plus this process's for
// the client's side of it (sending, reading and checking the answer), minus this process's for the raw
// requests. The sandbox's CPU, the same for both, is in neither.
//
// It also prints the size of tools/list in tokens (bytes / 4), read-only (the default) and with
// everything allowed, for every service.
//
//   npm run build && node bench/mcp.mjs [--runs 50]
const { spawn } = process.getBuiltinModule('node:child_process');
const { fileURLToPath } = process.getBuiltinModule('node:url');
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { rawGetter } from './floor/http-get.mjs';
import { startSandbox } from './sandbox.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/ops.cjs`;
const NODE = process.execPath;
/** The node flags of bin/ops.cjs's shebang: the server runs as `ops mcp` starts it for a host (its heap's sizes). */
const FLAGS = launcherFlags(BIN);
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 50;
/** Unmeasured calls first: a warm read is one whose code the server has already run and optimised. */
const WARM = 50;
/** Calls of the sustained run: enough for a dozen young-generation collections of the server. */
const SUSTAINED = 3000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** PRODUCT.md §8: a warm read adds at most this to its raw requests. */
const BUDGET_MS = 0.5;
const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');

/** CPU milliseconds of every thread of a process so far (Linux), or undefined where it cannot be read. */
function processCpuMs(pid) {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** This process's CPU milliseconds (user and system) since `from`. */
const cpuSince = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1000;
};

function output(argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')}: exit ${code}`)),
    );
  });
}

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

// The host monitor's rate window raised: the sustained run makes thousands of calls in a minute.
const sandbox = await startSandbox(NODE, BIN, ['--set', 'hosts.rate_limit=1000000']);
try {
  const port = new URL(sandbox.url).port;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  const exports = await output([NODE, BIN, 'sandbox', 'env', '--port', port], env);
  for (const m of exports.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]] = m[2];

  const client = new Client({ name: 'bench', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: NODE,
    args: [...FLAGS, BIN, 'mcp', '--services', 'hosts,runs'],
    env,
  });
  await client.connect(transport);
  const serverCpu = () => processCpuMs(transport.pid);
  const floor = new Client({ name: 'bench', version: '1.0.0' });
  const floorTransport = new StdioClientTransport({
    command: NODE,
    args: [...FLAGS, `${ROOT}bench/floor/mcp-server.mjs`],
    env,
  });
  await floor.connect(floorTransport);
  const floorCpu = () => processCpuMs(floorTransport.pid);
  const bare = new Client({ name: 'bench', version: '1.0.0' });
  await bare.connect(
    new StdioClientTransport({
      command: NODE,
      args: [...FLAGS, `${ROOT}bench/floor/mcp-bare-server.mjs`],
      env,
    }),
  );
  const { agent, get } = rawGetter();
  const hostsHeaders = {
    accept: 'application/json',
    'X-Monitor-Api-Key': env.OPS_HOSTS_API_KEY,
    'X-Monitor-Application-Key': env.OPS_HOSTS_APP_KEY,
  };
  const runsHeaders = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${env.OPS_RUNS_TOKEN}`,
    'user-agent': 'ops-bench',
    'x-github-api-version': '2022-11-28',
  };
  const runs = `${env.OPS_RUNS_BASE_URL}/repos/${env.OPS_RUNS_REPO ?? 'octo-org/hello-world'}/actions/runs`;
  /**
   * Each read as a tool call, and the requests `ops` makes for it (as `--debug` shows them), made raw:
   * a list asks for one item more than `limit` (whether there are more); a paged list makes two.
   */
  const CASES = [
    {
      name: 'hosts totals',
      args: { name: 'hosts', arguments: { command: 'totals' } },
      raw: [[`${env.OPS_HOSTS_BASE_URL}/api/v1/hosts/totals`, hostsHeaders]],
    },
    {
      name: 'hosts list (limit 10)',
      args: { name: 'hosts', arguments: { command: 'list' } },
      raw: [[`${env.OPS_HOSTS_BASE_URL}/api/v1/hosts?count=11`, hostsHeaders]],
    },
    {
      name: 'runs list (limit 150, 2 pages, query)',
      // The floor would write both pages whole (1.76 MB), where ops writes what its query keeps. The
      // query makes ops read the whole list: without one, four runs fill the byte cap and the list
      // ends on its first page (one request, not these two).
      noFloor: true,
      args: { name: 'runs', arguments: { command: 'list', limit: 150, query: '[].id' } },
      raw: [
        [`${runs}?per_page=100`, runsHeaders],
        [`${runs}?per_page=100&page=2`, runsHeaders],
      ],
    },
  ];
  const results = [];
  for (const c of CASES) {
    const call = async () => {
      const r = await client.callTool(c.args);
      if (r.isError) throw new Error(r.content[0].text);
    };
    const floorCall = async () => {
      const r = await floor.callTool({ name: 'get', arguments: { requests: c.raw } });
      if (r.isError) throw new Error(r.content[0].text);
    };
    const bareCall = async () => {
      const r = await bare.callTool({ name: 'get', arguments: { requests: c.raw } });
      if (r.isError) throw new Error(r.content[0].text);
    };
    const raw = async () => {
      for (const [url, headers] of c.raw) await get(url, headers);
    };
    // Warm: every side's code compiled and optimised, their connections open.
    for (let n = 0; n < WARM; n++) {
      await call();
      if (!c.noFloor) await floorCall();
      if (!c.noFloor) await bareCall();
      await raw();
    }
    // Interleaved, so that a busy machine slows every side alike.
    const mcp = [];
    const atFloor = [];
    const atBare = [];
    const direct = [];
    const cpu = { server: [], client: [], raw: [], floor: [], floorClient: [] };
    for (let n = 0; n < RUNS; n++) {
      const server = serverCpu();
      let from = process.cpuUsage();
      mcp.push(await timed(call));
      cpu.client.push(cpuSince(from));
      const floorServer = c.noFloor ? undefined : floorCpu();
      if (!c.noFloor) {
        from = process.cpuUsage();
        atFloor.push(await timed(floorCall));
        cpu.floorClient.push(cpuSince(from));
        atBare.push(await timed(bareCall));
      }
      from = process.cpuUsage();
      direct.push(await timed(raw));
      cpu.raw.push(cpuSince(from));
      // Read after the raw requests too: what a server does once it has answered is the call's.
      if (server !== undefined) cpu.server.push(serverCpu() - server);
      if (floorServer !== undefined) cpu.floor.push(floorCpu() - floorServer);
    }
    results.push({ name: c.name, mcp, atFloor, atBare, direct, cpu });
  }
  const ping = [];
  const pingCpu = [];
  for (let n = 0; n < WARM; n++) await client.ping();
  for (let n = 0; n < RUNS; n++) {
    const server = serverCpu();
    const from = process.cpuUsage();
    ping.push(await timed(() => client.ping()));
    if (server !== undefined) pingCpu.push(serverCpu() - server + cpuSince(from));
  }
  // Sustained: calls back to back for a while, as an agent's busy session makes them. Here the garbage a
  // call leaves is collected too (about every 200 calls), which the medians above rarely meet: the mean
  // and the 99th percentile show it.
  const sustained = [];
  for (let n = 0; n < SUSTAINED; n++) sustained.push(await timed(() => client.callTool(CASES[1].args)));
  const sorted = [...sustained].sort((a, b) => a - b);
  const mean = sustained.reduce((a, b) => a + b, 0) / SUSTAINED;
  agent.destroy();
  await client.close();
  await floor.close();
  await bare.close();

  const oneShot = [];
  await output([NODE, ...FLAGS, BIN, 'hosts', 'totals', '-o', 'json'], env);
  for (let n = 0; n < RUNS; n++)
    oneShot.push(await timed(() => output([NODE, ...FLAGS, BIN, 'hosts', 'totals', '-o', 'json'], env)));

  const ms = (x) => `${x.toFixed(2).padStart(8)} ms`;
  const within = (x) => `${x <= BUDGET_MS ? 'within' : 'over'} the ${BUDGET_MS} ms budget`;
  /** The median of each round's difference. */
  const added = (a, b) => median(a.map((x, n) => x - b[n]));
  console.log(
    `warm reads, median of ${RUNS} rounds: a tool call of ops mcp, the same requests raw (node:http, kept-alive)`,
  );
  console.log(`${'time'.padEnd(32)} ${'ops mcp'.padStart(11)} ${'raw'.padStart(11)} ${'added'.padStart(11)}`);
  for (const r of results) {
    const plus = added(r.mcp, r.direct);
    console.log(
      `${r.name.padEnd(32)} ${ms(median(r.mcp))} ${ms(median(r.direct))} ${ms(plus)}  ${within(plus)}`,
    );
  }
  console.log(
    `${'beside the SDK floor, time'.padEnd(32)} ${'floor'.padStart(11)} ${'floor added'.padStart(11)} ${'ops beyond'.padStart(11)}`,
  );
  for (const r of results.filter((x) => x.atFloor.length)) {
    console.log(
      `${r.name.padEnd(32)} ${ms(median(r.atFloor))} ${ms(added(r.atFloor, r.direct))} ${ms(added(r.mcp, r.atFloor))}`,
    );
  }
  console.log(
    `${'beside the bare floor (no SDK)'.padEnd(32)} ${'bare'.padStart(11)} ${'bare added'.padStart(11)}`,
  );
  for (const r of results.filter((x) => x.atBare.length)) {
    const plus = added(r.atBare, r.direct);
    console.log(`${r.name.padEnd(32)} ${ms(median(r.atBare))} ${ms(plus)}  ${within(plus)}`);
  }
  if (results.every((r) => r.cpu.server.length === RUNS)) {
    console.log(
      `${'CPU'.padEnd(32)} ${'server'.padStart(11)} ${'client'.padStart(11)} ${'raw'.padStart(11)} ${'added'.padStart(11)}`,
    );
    for (const r of results) {
      const mcp = r.cpu.server.map((x, n) => x + r.cpu.client[n]);
      const plus = added(mcp, r.cpu.raw);
      console.log(
        `${r.name.padEnd(32)} ${ms(median(r.cpu.server))} ${ms(median(r.cpu.client))} ${ms(median(r.cpu.raw))} ${ms(plus)}  ${within(plus)}`,
      );
    }
    console.log(
      `${'beside the SDK floor, CPU'.padEnd(32)} ${'server'.padStart(11)} ${'client'.padStart(11)} ${'floor added'.padStart(11)} ${'ops beyond'.padStart(11)}`,
    );
    for (const r of results.filter((x) => x.cpu.floor.length === RUNS)) {
      const mcp = r.cpu.server.map((x, n) => x + r.cpu.client[n]);
      const atFloor = r.cpu.floor.map((x, n) => x + r.cpu.floorClient[n]);
      console.log(
        `${r.name.padEnd(32)} ${ms(median(r.cpu.floor))} ${ms(median(r.cpu.floorClient))} ${ms(added(atFloor, r.cpu.raw))} ${ms(added(mcp, atFloor))}`,
      );
    }
  } else console.log('CPU: not measured (no /proc/PID/task/*/schedstat here)');
  console.log(
    `${'MCP round trip alone (ping)'.padEnd(32)} ${ms(median(ping))}${pingCpu.length ? `  (CPU, server and client: ${median(pingCpu).toFixed(2)} ms)` : ''}`,
  );
  console.log(`${'ops hosts totals, one-shot'.padEnd(32)} ${ms(median(oneShot))}  (a process per call)`);
  console.log(
    `${`hosts list, ${SUSTAINED} back to back`.padEnd(32)} ${ms(mean)} mean, ${ms(sorted[Math.floor(SUSTAINED * 0.5)]).trim()} median, ${ms(sorted[Math.floor(SUSTAINED * 0.99)]).trim()} p99`,
  );

  console.log('\ntools/list, every service (tokens = bytes / 4)');
  for (const [name, flags] of [
    ['default (read-only)', []],
    ['everything allowed', ['--allow-writes', '--allow-destructive', '--allow-secrets']],
  ]) {
    const lister = new Client({ name: 'bench', version: '1.0.0' });
    await lister.connect(
      new StdioClientTransport({ command: NODE, args: [...FLAGS, BIN, 'mcp', ...flags], env }),
    );
    const { tools } = await lister.listTools();
    await lister.close();
    const tokens = Math.round(JSON.stringify(tools).length / 4);
    console.log(`${name.padEnd(34)} ${String(tokens).padStart(8)} tokens  (${tools.length} tools)`);
  }
} finally {
  await sandbox.stop();
}
