import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { OpsError } from '../errors.js';
import type { Io } from '../io.js';

export interface External {
  /** The program and its arguments. */
  command: string;
  args: readonly string[];
  env: Record<string, string | undefined>;
  /** What it is, for an error: `the plugin /usr/local/bin/ops-foo`. */
  what: string;
  /** A `.cmd` or `.bat` plugin on Windows, which only cmd.exe runs. */
  viaCmd?: boolean;
}

/**
 * Runs a plugin or a shell alias as the command itself: the process's own terminal and streams (an
 * in-process run's streams are copied instead), its exit code passed through, a death by signal as
 * 128 + the signal's number (as a shell reports it). While it runs, SIGINT and SIGTERM are passed on
 * to it and end nothing here: the program decides when it is done, as under kubectl.
 */
export async function runExternal(x: External, io: Io, own: boolean): Promise<number> {
  const child = spawn(x.viaCmd ? cmdLine(x.command, x.args) : x.command, x.viaCmd ? [] : [...x.args], {
    env: x.env as NodeJS.ProcessEnv,
    stdio: own ? 'inherit' : 'pipe',
    ...(x.viaCmd ? { shell: true, windowsVerbatimArguments: true } : {}),
  });
  if (!own) {
    child.stdout?.on('data', (d: Buffer) => io.stdout.write(d.toString()));
    child.stderr?.on('data', (d: Buffer) => io.stderr.write(d.toString()));
    child.stdin?.on('error', () => undefined);
    if (child.stdin) io.stdin.pipe(child.stdin);
  }
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  if (own) for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          new OpsError(`cannot run ${x.what}: ${err.code === 'ENOENT' ? 'not found' : err.message}`, {
            code: 'external',
          }),
        ),
      );
      child.on('close', (code, signal) =>
        resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)),
      );
    });
  } finally {
    if (own) for (const s of ['SIGINT', 'SIGTERM'] as const) process.off(s, forward);
  }
}

/** A command line for cmd.exe: each word in double quotes, its own quotes doubled. */
function cmdLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');
}
