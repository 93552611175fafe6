import type { Command } from 'commander';
import { ExitCode, OpsError } from './errors.js';
import { type Io, processIo } from './io.js';
import { batchedIo } from './output/batch.js';
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
 * Parses and runs one command line; every error thrown anywhere ends here and is turned into one line
 * on stderr (or a JSON envelope) and an exit code, which `main` returns.
 */
export async function run(
  argv: string[],
  io: Io | undefined,
  controller: AbortController,
  onSignal: { dispose(): void },
): Promise<number> {
  const batched = batchedIo(io ?? processIo(controller.signal));
  const realIo = batched.io;
  const [{ CommanderError }, { createFactory }, { buildProgram }] = await Promise.all([
    import('commander'),
    import('./commands/factory.js'),
    import('./program.js'),
  ]);
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
    batched.flush();
    onSignal.dispose();
    // Idle keep-alive sockets must not hold the process open.
    if (globalThis.__opsTransportLoaded)
      await (await import('./clients/http/transport.js')).closeDispatcher();
  }
}

declare global {
  var __opsTransportLoaded: boolean | undefined;
}
