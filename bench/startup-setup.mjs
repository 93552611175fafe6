// What the start-up benches share (bench/startup.mjs times, bench/startup-instructions.mjs counts): the
// environment of a user's machine and the sandbox's hosts emulator for the one command that sends.
import { spawn } from 'node:child_process';
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
