import type { Io } from './io.js';
import { VERSION } from './version.js';

const EXIT_OK = 0;
const EXIT_INTERRUPTED = 130;

/**
 * Runs ops with these arguments and returns the exit code: the one exit door. It loads nothing but
 * the version until it knows a command is asked for, so `ops --version` costs little more than Node.
 */
export async function main(argv: string[], io?: Io): Promise<number> {
  if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V')) {
    (io?.stdout ?? process.stdout).write(`${VERSION}\n`);
    return EXIT_OK;
  }
  const controller = new AbortController();
  const onSignal = installSignals(controller, io === undefined);
  const { run } = await import('./run.js');
  return run(argv, io, controller, onSignal);
}

/** First Ctrl-C aborts in-flight work (commands report what was done); a second one ends at once. */
function installSignals(controller: AbortController, real: boolean): { dispose(): void } {
  if (!real) return { dispose: () => undefined };
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count > 1 || (signal === 'SIGTERM' && controller.signal.aborted)) process.exit(EXIT_INTERRUPTED);
    controller.abort(new Error(signal));
  };
  // A reader that went away (`ops hosts list | head`) ends the run quietly, as with other CLIs.
  const onPipeError = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT_OK);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // Stays for the life of the process: the error can arrive after main has returned.
  if (!process.stdout.listeners('error').some((l) => l.name === 'onPipeError'))
    process.stdout.on('error', onPipeError);
  return {
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
