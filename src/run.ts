import { setMaxListeners } from 'node:events';
import { type Command, CommanderError } from 'commander';
import { createFactory } from './app/factory.js';
import { buildProgram } from './program.js';
import { SERVICES } from './services.js';
import { closeTransport } from './clients/http/transport.js';
import type { Factory } from './app/types.js';
import { ExitCode, OpsError } from './errors.js';
import { type Io, processIo } from './io.js';
import { batchedIo } from './output/batch.js';
import { renderError } from './render-error.js';

/** Command lines running in this process (tests and the sandbox demo run several). */
let running = 0;

/** Applies settings that commander copies only to subcommands made with .command(). */
function configure(cmd: Command, io: Io): void {
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => io.stdout.write(s),
    writeErr: (s) => io.stderr.write(s),
    outputError: () => undefined,
  });
  // Every page lists the root's flags too (a leaf page alone would hide --json, --query, --dry-run…).
  if (cmd.parent) cmd.configureHelp({ ...cmd.configureHelp(), showGlobalOptions: true });
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
  // Every request in flight (and every retry wait) listens to Ctrl-C: `meter send --concurrency 64`
  // holds over a hundred listeners at once, which is by design, not a leak to warn about.
  setMaxListeners(1024, controller.signal);
  const batched = batchedIo(io ?? processIo(controller.signal));
  const realIo = batched.io;
  const factory = await makeFactory(realIo);
  running++;
  try {
    const program = await buildProgram(factory, argv);
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
    // Idle keep-alive sockets must not hold the process open; the transport is the process's, so the
    // last command line running in it (the sandbox demo runs others inside its own) closes it.
    if (--running === 0) await closeTransport();
  }
}

/** The composition root: the factory every command builder gets, with the service table handed in. */
async function makeFactory(io: Io): Promise<Factory> {
  return createFactory(io, {
    services: SERVICES,
    // Another command line in this process (the sandbox demo), with its own error handling.
    runArgv: (args, runIo) => run(args, runIo, new AbortController(), { dispose: () => undefined }),
    tree: (f) => buildProgram(f, ['node', 'ops'], true),
  });
}

/** Every command path of the whole tree, as word lists: the help-page build writes one page each. */
export async function commandPaths(io: Io): Promise<string[][]> {
  const factory = await makeFactory(io);
  const { commandPaths: paths } = await import('./commands/completion/script.js');
  return paths(await factory.tree());
}
