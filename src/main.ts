import { type Command, CommanderError } from 'commander';
import { createFactory } from './commands/factory.js';
import { ExitCode, OpsError } from './errors.js';
import { type Io, processIo } from './io.js';
import { buildProgram } from './program.js';
import { renderError } from './render-error.js';

/** Applies settings that commander copies only to subcommands made with .command(). */
function configure(cmd: Command, io: Io): void {
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => io.stdout.write(s),
    writeErr: (s) => io.stderr.write(s),
    outputError: () => undefined,
  });
  for (const sub of cmd.commands) configure(sub, io);
}

/**
 * Runs ops with these arguments and returns the exit code: the one exit door. Every error thrown
 * anywhere ends here and is turned into one line on stderr (or a JSON envelope) and a code.
 */
export async function main(argv: string[], io?: Io): Promise<number> {
  const controller = new AbortController();
  const realIo = io ?? processIo(controller.signal);
  const onSignal = installSignals(controller, io === undefined);
  try {
    const program = await buildProgram(createFactory(realIo), argv);
    configure(program, realIo);
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version')
        return ExitCode.ok;
      if (err.code === 'commander.help') return ExitCode.usage;
      const message = err.message.replace(/^error:\s*/, '');
      return renderError(
        new OpsError(message, { exitCode: ExitCode.usage, code: 'usage', hint: 'see --help' }),
        realIo,
        argv,
      );
    }
    if (err instanceof OpsError && err.exitCode === ExitCode.ok) return ExitCode.ok;
    if (controller.signal.aborted && !(err instanceof OpsError))
      return renderError(new OpsError('interrupted', { exitCode: ExitCode.interrupted }), realIo, argv);
    return renderError(err, realIo, argv);
  } finally {
    onSignal.dispose();
    // Idle keep-alive sockets must not hold the process open.
    if (globalThis.__opsTransportLoaded)
      await (await import('./clients/http/transport.js')).closeDispatcher();
  }
}

declare global {
  var __opsTransportLoaded: boolean | undefined;
}

/** First Ctrl-C aborts in-flight work (commands report what was done); a second one ends at once. */
function installSignals(controller: AbortController, real: boolean): { dispose(): void } {
  if (!real) return { dispose: () => undefined };
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count > 1 || (signal === 'SIGTERM' && controller.signal.aborted)) process.exit(ExitCode.interrupted);
    controller.abort(new Error(signal));
  };
  // A reader that went away (`ops hosts list | head`) ends the run quietly, as with other CLIs.
  const onPipeError = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(ExitCode.ok);
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
