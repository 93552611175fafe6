#!/usr/bin/env node
// Benchmark: one read (`hosts totals`) as a warm MCP tool call, beside the same request made by `ops`
// one-shot and raw over `node:http`. The MCP side is one `ops mcp` process under the SDK's stdio
// client, timed per call after 50 unmeasured calls (its connections to the sandbox kept alive across
// calls); the raw side is the same GET in this process over one kept-alive socket, body read and
// parsed, warmed alike; the two are timed in turn, call after request. The one-shot side is
// `ops hosts totals -o json`, timed from spawn to exit. Medians of --runs.
//
// It also prints the size of tools/list in tokens (bytes / 4), read-only (the default) and with
// everything allowed, for all eleven services.
//
//   npm run build && node bench/mcp.mjs [--runs 50]
const { spawn } = process.getBuiltinModule('node:child_process');
const http = process.getBuiltinModule('node:http');
const { fileURLToPath } = process.getBuiltinModule('node:url');
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandbox } from './sandbox.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/ops.cjs`;
const NODE = process.execPath;
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 50;
/** Unmeasured calls first: a warm read is one whose code the server has already run and optimised. */
const WARM = 50;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

const sandbox = await startSandbox(NODE, BIN);
try {
  const port = new URL(sandbox.url).port;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  const exports = await output([NODE, BIN, 'sandbox', 'env', '--port', port], env);
  for (const m of exports.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]] = m[2];

  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: NODE, args: [BIN, 'mcp', '--services', 'hosts'], env }),
  );
  const call = async () => {
    const r = await client.callTool({ name: 'hosts', arguments: { command: 'totals' } });
    if (r.isError) throw new Error(r.content[0].text);
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${env.OPS_HOSTS_BASE_URL}/api/v1/hosts/totals`);
  const headers = {
    accept: 'application/json',
    'X-Monitor-Api-Key': env.OPS_HOSTS_API_KEY,
    'X-Monitor-Application-Key': env.OPS_HOSTS_APP_KEY,
  };
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  // Warm: both sides' code compiled and optimised, their connections open.
  for (let n = 0; n < WARM; n++) {
    await call();
    await get();
  }
  // Interleaved, so that a busy machine slows both alike.
  const mcp = [];
  const raw = [];
  const ping = [];
  for (let n = 0; n < RUNS; n++) {
    mcp.push(await timed(call));
    raw.push(await timed(get));
    ping.push(await timed(() => client.ping()));
  }
  agent.destroy();
  await client.close();

  const oneShot = [];
  await output([NODE, BIN, 'hosts', 'totals', '-o', 'json'], env);
  for (let n = 0; n < RUNS; n++)
    oneShot.push(await timed(() => output([NODE, BIN, 'hosts', 'totals', '-o', 'json'], env)));

  const row = (name, xs) => console.log(`${name.padEnd(34)} ${median(xs).toFixed(2).padStart(8)} ms`);
  console.log(`hosts totals, median of ${RUNS}`);
  row('ops mcp, warm tool call', mcp);
  row('ops hosts totals (one-shot process)', oneShot);
  row('raw node:http, kept-alive socket', raw);
  row('MCP round trip alone (ping)', ping);
  const added = median(mcp) - median(raw);
  console.log(
    `${'added by ops mcp'.padEnd(34)} ${added.toFixed(2).padStart(8)} ms  (${(median(mcp) / median(raw)).toFixed(2)}x the raw request)`,
  );
  console.log(
    `${'  of which not the round trip'.padEnd(34)} ${(added - median(ping)).toFixed(2).padStart(8)} ms  (the tool call's own work in the server and the two SDKs)`,
  );

  console.log('\ntools/list, all eleven services (tokens = bytes / 4)');
  for (const [name, flags] of [
    ['default (read-only)', []],
    ['everything allowed', ['--allow-writes', '--allow-destructive', '--allow-secrets']],
  ]) {
    const lister = new Client({ name: 'bench', version: '1.0.0' });
    await lister.connect(new StdioClientTransport({ command: NODE, args: [BIN, 'mcp', ...flags], env }));
    const { tools } = await lister.listTools();
    await lister.close();
    const tokens = Math.round(JSON.stringify(tools).length / 4);
    console.log(`${name.padEnd(34)} ${String(tokens).padStart(8)} tokens  (${tools.length} tools)`);
  }
} finally {
  await sandbox.stop();
}
