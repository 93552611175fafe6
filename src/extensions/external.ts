import { type ChildProcess, spawn } from 'node:child_process';
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
 * 128 + the signal's number (as a shell reports it). While it runs, SIGINT and SIGTERM sent to ops
 * are passed on to it and end nothing here: the program decides when it is done, as under kubectl.
 */
export async function runExternal(
  x: External,
  io: Io,
  own: boolean,
  /** Called once this process's signals are passed on: the handlers they replace may go. */
  handOver: () => void = () => undefined,
): Promise<number> {
  // Passed on from before the program starts: a signal that came with no handler would end ops and
  // leave the program running on its terminal.
  let child: ChildProcess | undefined;
  let early: NodeJS.Signals | undefined;
  // Ctrl-C at a terminal reaches the program already (the terminal signals the whole foreground
  // group): passed on too, it would come twice, and a program that cleans up on the first may die
  // of the second. Off a terminal, a SIGINT was sent to ops alone and is passed on like SIGTERM.
  const terminal = io.stdinIsTty || io.stdoutIsTty || io.stderrIsTty;
  const forward = (signal: NodeJS.Signals) => {
    if (signal === 'SIGINT' && terminal) return;
    if (child) child.kill(signal);
    else early = signal;
  };
  if (own) for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, forward);
  handOver();
  try {
    const running = spawn(x.viaCmd ? cmdLine(x.command, x.args) : x.command, x.viaCmd ? [] : [...x.args], {
      env: x.env as NodeJS.ProcessEnv,
      stdio: own ? 'inherit' : 'pipe',
      ...(x.viaCmd ? { shell: true, windowsVerbatimArguments: true } : {}),
    });
    child = running;
    if (early) running.kill(early);
    if (!own) {
      running.stdout?.on('data', (d: Buffer) => io.stdout.write(d.toString()));
      running.stderr?.on('data', (d: Buffer) => io.stderr.write(d.toString()));
      running.stdin?.on('error', () => undefined);
      if (running.stdin) io.stdin.pipe(running.stdin);
    }
    return await new Promise<number>((resolve, reject) => {
      running.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          new OpsError(`cannot run ${x.what}: ${err.code === 'ENOENT' ? 'not found' : err.message}`, {
            code: 'external',
          }),
        ),
      );
      running.on('close', (code, signal) =>
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
