import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/main.js';
import { memoryIo } from './io.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh, empty config directory so tests never read the developer's profile. */
export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'ops-test-config-'));
}

/** Runs `main` in this process with an in-memory Io (fast; for behaviour tests). */
export async function runMain(
  args: string[],
  o: {
    env?: Record<string, string | undefined>;
    input?: string;
    tty?: boolean;
    signal?: AbortSignal;
    cwd?: string;
  } = {},
): Promise<CliResult> {
  const io = memoryIo({
    env: { OPS_CONFIG_DIR: tempConfigDir(), ...o.env },
    input: o.input,
    tty: o.tty,
    signal: o.signal,
    cwd: o.cwd,
  });
  const code = await main(['node', 'ops', ...args], io);
  return { code, stdout: io.out(), stderr: io.err() };
}

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

/**
 * Runs the built CLI (`bin/ops.cjs` → `dist/`) as a subprocess, as users and scripts do. The
 * environment is minimal: PATH, HOME, a temp config dir, plus `env`.
 */
export function runCli(
  args: string[],
  o: {
    env?: Record<string, string | undefined>;
    input?: string;
    timeoutMs?: number;
    bin?: string[];
    cwd?: string;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: tmpdir(),
      // The run's own temporary folder (test/global-setup.ts), for what the CLI writes there.
      TMPDIR: tmpdir(),
      OPS_CONFIG_DIR: tempConfigDir(),
    };
    for (const [k, v] of Object.entries(o.env ?? {})) if (v !== undefined) env[k] = v;
    const command = o.bin ?? [process.execPath, BIN];
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      env,
      cwd: o.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    // A child that exits before reading stdin (the --help fast path) must not fail the test with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(o.input ?? '');
  });
}

/**
 * The one line a login or `ops config set` of a secret says on stderr when no OS keyring answered, as
 * in these tests, which run the CLI without a session bus: the keys kept in the config file instead.
 */
export function keptInFile(keys: string): RegExp {
  const escaped = keys.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^ops: no OS keyring answered \\(no D-Bus session bus\\); kept ${escaped} in \\S+ \\(0600\\)\\n`,
  );
}

/**
 * The runtime of the build in dist/ (run.cjs and lib/): the folder of dist/builds/ that dist/ops.cjs
 * names (scripts/build.mjs).
 */
export function builtRuntime(): string {
  const dist = join(import.meta.dirname, '..', '..', 'dist');
  const id = /\/builds\/([0-9a-f]+)["']/.exec(readFileSync(join(dist, 'ops.cjs'), 'utf8'))?.[1];
  if (!id) throw new Error('dist/ops.cjs names no build folder: run npm run build');
  return join(dist, 'builds', id);
}
