// What the start-up benches share (bench/startup.mjs times, bench/startup-instructions.mjs counts): the
// environment of a user's machine and the sandbox's hosts emulator for the one command that sends.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The process environment with a config folder holding a config file, as on a user's machine (reading
 * it is part of every command's start), and an empty folder for the npm package's code caches
 * (scripts/disk-loader.cjs), which the warm-up runs make.
 */
export function startupEnv(folder) {
  const env = {
    ...process.env,
    OPS_CONFIG_DIR: join(folder, 'config'),
    OPS_CACHE_DIR: join(folder, 'code-cache'),
  };
  rmSync(env.OPS_CACHE_DIR, { recursive: true, force: true });
  mkdirSync(env.OPS_CONFIG_DIR, { recursive: true });
  writeFileSync(
    join(env.OPS_CONFIG_DIR, 'config.json'),
    JSON.stringify({ profiles: { default: { output: 'table', timeout: '30' } } }),
    { mode: 0o600 },
  );
  return env;
}

/** Starts the sandbox's hosts emulator and sets `env`'s hosts address and keys; resolves to its process. */
export async function hostsSandbox(node, bin, env) {
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
  return sandbox;
}

/**
 * The code caches as a day's use leaves them, made before the rounds: other commands have run from the
 * same cache folder, among them a completion script (it builds every command) and an MCP session (a
 * few hundred calls in one process), so that a command's start is measured as on a user's machine, not
 * with caches that only the measured commands made. `ops` runs as its launcher starts it (`flags`).
 */
export async function usedCaches(node, flags, bin, env) {
  for (const args of [
    ['completion', 'bash'],
    ['config', 'list'],
    ['hosts', 'list'],
  ]) {
    const r = spawnSync(node, [...flags, bin, ...args], { env, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`ops ${args.join(' ')} exited ${r.status}`);
  }
  await mcpSession(node, [...flags, bin, 'mcp', '--services', 'hosts'], env, 300);
}

/** An MCP session over stdio: initialize, then `calls` tool calls one after the other, then stdin ends. */
function mcpSession(node, args, env, calls) {
  const server = spawn(node, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  // Answers read so far: the first is initialize's, each next a call's.
  let answered = 0;
  let buffered = '';
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const answer = JSON.parse(buffered.slice(0, at));
      buffered = buffered.slice(at + 1);
      if (answer.error || answer.result?.isError) throw new Error(`ops mcp: ${JSON.stringify(answer)}`);
      if (++answered === 1) send({ method: 'notifications/initialized' });
      if (answered > calls) server.stdin.end();
      else {
        const command = answered % 2 ? 'totals' : 'list';
        send({ id: answered, method: 'tools/call', params: { name: 'hosts', arguments: { command } } });
      }
    }
  });
  send({
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ops mcp exited ${code}`))));
  });
}
