import { setMaxListeners } from 'node:events';
import type { Command } from 'commander';
import { createFactory } from './app/factory.js';
import { callVerb } from './call-verb.js';
import { targetCommand, targetIndex } from './command-word.js';
import { buildProgram, commandNames, createRoot, isCommandName, topLevelCommands } from './program.js';
import type { Dispatched } from './dispatch.js';
import { helpRequest } from './help-request.js';
import { stdoutIsTerminal, tellOutputLostWith } from './own-stdout.js';
import { pathOf, usageErrors } from './usage-errors.js';
import { verbMeta } from './verb-meta.js';
import { SERVICES } from './services.js';
import { closeTransport } from './clients/http/transport/transport.js';
import type { Factory, GlobalFlags } from './app/types.js';
import { ExitCode, OpsError, UsageError } from './errors.js';
import { type Io, isCi, processIo } from './io.js';
import { parseBoolean } from './config/boolean.js';
import { VERSION, versionInfo, versionLine } from './version.js';
import { batchedIo } from './output/batch.js';
import { fitHelpText, globalFlagsText, helpLayout } from './output/help-text.js';
import { resolveFormat } from './output/options.js';
import { OUTPUT_FORMATS, Printer } from './output/printer.js';
import { errorMode, exitCodeOf, renderError } from './render-error.js';

/** Command lines running in this process (tests and the sandbox demo run several). */
let running = 0;

/**
 * The last command this process ran, with its output format and exit code (`tasks list ndjson 0`),
 * or undefined when no command's action ran (help, a usage error). The npm package's loader reads it
 * at exit: a command new to the code caches adds the code it compiled to them (scripts/disk-loader.cjs).
 */
export let lastCommand: string | undefined;

/**
 * Whether the process's own command line (not one run inside another) has ended with all its output
 * written: `main` may then end the process at once (see there).
 */
let ownOutputLeft = false;
export const outputLeft = (): boolean => ownOutputLeft;

/**
 * The output format the command line names (`-o ndjson`, `--json`), else empty; a word that is not one
 * of the formats is `other`, so that no value typed there is ever written down.
 */
function formatWord(flags: { output?: string; json?: boolean | string }): string {
  const word = flags.json ? 'json' : (flags.output ?? '');
  return word === '' || (OUTPUT_FORMATS as readonly string[]).includes(word) ? word : 'other';
}

/**
 * A word of the command line that was not UTF-8 reaches ops with U+FFFD in place of its bytes (Node
 * decodes argv so): sent on, it would name another host, secret or path than the one typed. Refused
 * before anything runs, by its place only (the word may be a credential given to `-H`).
 */
function refuseUndecodable(argv: string[]): void {
  const at = argv.findIndex((a, i) => i >= 2 && a.includes('\uFFFD'));
  if (at >= 0)
    throw new UsageError(
      `word ${at - 1} of the command line is not UTF-8 text (its bytes cannot be sent as typed)`,
      'give it as UTF-8 (iconv -t UTF-8), or through a file or stdin where the command takes one',
    );
}

/** Applies settings that commander copies only to subcommands made with .command(). */
function configure(cmd: Command, io: Io): void {
  cmd.exitOverride();
  cmd.configureOutput({
    // Help text (the page and what verbs add after it) within the page's width; on stderr too (the
    // page of a group named without its verb), as wide as on stdout.
    writeOut: (s) => {
      io.page?.();
      io.stdout.write(fitHelpText(s, io.columns > 0 ? io.columns : 80));
    },
    writeErr: (s) => io.stderr.write(fitHelpText(s, io.columns > 0 ? io.columns : 80)),
    outputError: () => undefined,
  });
  // Every page points at the global flags, which `ops help flags` lists once.
  cmd.configureHelp({ ...cmd.configureHelp(), ...helpLayout });
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
  topic?: string,
): Promise<number> {
  // Every request in flight (and every retry wait) listens to Ctrl-C: `meter send --concurrency 64`
  // holds over a hundred listeners at once, which is by design, not a leak to warn about.
  setMaxListeners(1024, controller.signal);
  // The process's own command line (`main` from bin/ops.cjs or the binary), not one run inside another.
  const own = io === undefined ? processIo(controller.signal) : undefined;
  // Output stdout cannot take ends the run at main's door (src/own-stdout.ts), said as any error is.
  if (own)
    tellOutputLostWith((reason) =>
      renderError(
        new OpsError(`writing the output: ${reason}`, { code: 'output' }),
        own,
        errorMode(argv, own.env),
      ),
    );
  const paging = own && (await pagerFor(own, argv, controller));
  const batched = batchedIo(paging?.io ?? io ?? own!);
  const realIo = batched.io;
  const factory = await makeFactory(realIo);
  running++;
  // The command whose action ran, with its output format (see lastCommand).
  let ran: string | undefined;
  let code: number;
  try {
    refuseUndecodable(argv);
    const ext = await extension(argv, topic, realIo, own !== undefined, () => {
      batched.flush();
      onSignal.dispose();
    });
    if (ext !== undefined && 'code' in ext) code = ext.code;
    else {
      // An alias's words are a command line of their own: `help environment` is the topic.
      if (ext !== undefined) ({ argv, topic } = helpRequest(ext.argv));
      if (topic !== undefined && !topLevelCommands().some((c) => c.name === topic))
        await printTopic(topic, realIo);
      else if (versionAmongFlags(argv)) await printVersion(argv, realIo);
      else {
        const program = await buildProgram(factory, argv);
        configure(program, realIo);
        program.hook('preAction', (_root, action) => {
          ran = [pathOf(action).replace(/^ops /, ''), formatWord(action.optsWithGlobals())]
            .filter((w) => w !== '')
            .join(' ');
        });
        // `--json WORD`: a field list or an argument, said outright for commander (output/json-fields.ts).
        const parsed = argv.includes('--json')
          ? (await import('./output/json-fields.js')).resolveJsonFlag(
              program,
              argv,
              (v) => verbMeta(v)?.fields,
            )
          : argv;
        await program.parseAsync(parsed);
      }
      code = ExitCode.ok;
    }
  } catch (err) {
    // The reader quit the pager (q): the command was stopped for them, and that is no failure (a
    // Ctrl-C before it is still an interruption).
    code =
      paging?.quit && controller.signal.reason === PAGER_QUIT
        ? ExitCode.ok
        : exitCodeOf(err, realIo, errorMode(argv, realIo.env), controller.signal);
  } finally {
    batched.flush();
    await paging?.finish();
    onSignal.dispose();
    // Idle keep-alive sockets must not hold the process open; the transport is the process's, so the
    // last command line running in it (the sandbox demo runs others inside its own) closes it. A
    // one-shot process (no io handed in) is about to end: its idle sockets, which hold nothing open,
    // end with it.
    if (--running === 0) await closeTransport({ keepIdle: io === undefined });
  }
  lastCommand = ran === undefined ? undefined : `${ran} ${code}`;
  if (own && code !== ExitCode.interrupted && code !== ExitCode.terminated && wantsUpdateNotice(argv, own))
    (await import('./update/notice.js')).updateNotice({ env: own.env, stderr: own.stderr, version: VERSION });
  ownOutputLeft = own?.written() ?? false;
  return code;
}

/**
 * Whether a run tells of a new release (and checks for one, at most once a day): only for a person at
 * a terminal, stdout and stderr both, outside CI, without -q/OPS_QUIET, OPS_NO_UPDATE_NOTIFIER or JSON
 * output, and not for `ops upgrade`, which says it itself. A piped command reads nothing for it.
 */
function wantsUpdateNotice(argv: string[], io: Io): boolean {
  if (!io.stdoutIsTty || !io.stderrIsTty) return false;
  const env = io.env;
  const set = (name: string) => {
    const v = env[name];
    return v !== undefined && parseBoolean(v) !== false;
  };
  if (isCi(env) || set('OPS_NO_UPDATE_NOTIFIER') || set('OPS_QUIET')) return false;
  // JSON output (`--json`, `-o json`, OPS_OUTPUT=json) is read by a program, its stderr too.
  if (errorMode(argv, env).json) return false;
  const args = argv.slice(2);
  return !args.some((a) => a === '-q' || a === '--quiet') && targetCommand(args) !== 'upgrade';
}

/**
 * `ops --version` beside flags that main does not answer itself (`-o yaml`, `--field version`, `--debug`,
 * a mistyped one), no command named: commander's own --version printed the line whatever stood beside
 * it. `--help` beside it is still commander's.
 */
function versionAmongFlags(argv: string[]): boolean {
  const args = argv.slice(2);
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const flags = args.slice(0, end);
  return (
    targetCommand(args) === undefined &&
    flags.some((a) => a === '--version' || a === '-V') &&
    !flags.some((a) => a === '--help' || a === '-h')
  );
}

/**
 * The version as data, for `versionAmongFlags`: the line is parsed by the root's flags, so that an unknown
 * one is exit 2 as on any command line (`unknown option '--bogus'`), then printed as `-o json` is (main
 * answers that one): in the format asked for (`-o yaml`, `-o csv`), through `--query`, `--field` and
 * `--jq`; a table is the line `ops --version` prints.
 */
async function printVersion(argv: string[], io: Io): Promise<void> {
  const root = createRoot(false)
    .option('-V, --version', 'print the version, commit, build date and platform')
    .action(() => undefined);
  configure(root, io);
  usageErrors(root);
  await root.parseAsync(argv);
  const flags = root.opts() as GlobalFlags;
  // Flags alone choose: OPS_OUTPUT and a profile's output are a command's defaults, not the version's.
  const format = resolveFormat(flags, undefined);
  const info = versionInfo();
  if (format === 'table' && flags.query === undefined && flags.field === undefined) {
    io.stdout.write(`${versionLine(info)}\n`);
    return;
  }
  const query =
    flags.query === undefined ? undefined : (await import('./output/query.js')).compileQuery(flags.query);
  const jq = flags.jq === undefined ? undefined : await (await import('./output/jq.js')).compileJq(flags.jq);
  await new Printer({ io, format, query, jq, field: flags.field, color: false }).print(info);
}

/** `ops --version WORD`: the flag takes no argument, said as a usage error is (exit 2). */
export function versionArgument(word: string, argv: string[], io: Io | undefined): number {
  const out = io ?? processIo(new AbortController().signal);
  const err = new UsageError(
    `--version takes no arguments (got '${word}')`,
    "give --version alone (with -o json for the build's details)",
  );
  return renderError(err, out, errorMode(argv, out.env));
}

/** `ops __update-check`: the check a run on a terminal starts in the background. */
export async function updateCheck(): Promise<number> {
  return (await import('./update/check.js')).runUpdateCheck(process.env);
}

/**
 * A command line whose first word is no command of ops: an alias or a plugin, when one has that name
 * (src/dispatch.ts, loaded only then). The words of a built-in command or a service are
 * never looked up, so they read no config file and no PATH folder for it. `ops help <topic>` stays
 * the topic.
 */
async function extension(
  argv: string[],
  topic: string | undefined,
  io: Io,
  own: boolean,
  beforeExternal: () => void,
): Promise<Dispatched | undefined> {
  const args = argv.slice(2);
  const at = targetIndex(args);
  if (at === undefined || isCommandName(args[at]!)) return undefined;
  if (topic !== undefined && (await import('./commands/help/index.js')).TOPIC_NAMES.includes(topic))
    return undefined;
  const { dispatchExtension } = await import('./dispatch.js');
  return dispatchExtension(argv, io, { own, isCommand: isCommandName, beforeExternal });
}

/** `ops help <topic>`: the topic's page, or exit 2 naming the topics (docs/grammar.md, "Help pages"). */
async function printTopic(topic: string, io: Io): Promise<void> {
  const { helpTopic } = await import('./commands/help/index.js');
  const commands = topLevelCommands().map((c) => c.name);
  io.page?.();
  io.stdout.write(helpTopic(topic, globalFlagsText(createRoot()), commands, SERVICES));
}

/** Why a command was stopped when its reader quit the pager. */
const PAGER_QUIT = new Error('the pager ended');

/**
 * The pager for the process's own command line when its stdout is a terminal (output/pager.ts, loaded
 * only then): undefined piped, with --no-pager, in CI or with no pager named.
 */
async function pagerFor(own: Io, argv: string[], controller: AbortController) {
  if (!stdoutIsTerminal() || argv.includes('--no-pager')) return undefined;
  const { paging } = await import('./output/pager.js');
  return paging(own, {
    rows: process.stdout.rows ?? 0,
    onQuit: () => controller.abort(PAGER_QUIT),
  });
}

/** A built help page longer than the terminal (`main`'s fast path), through the pager. */
export async function pageHelp(page: string, argv: string[]): Promise<number> {
  const controller = new AbortController();
  const own = processIo(controller.signal);
  const paging = await pagerFor(own, argv, controller);
  const out = paging?.io ?? own;
  out.page?.();
  out.stdout.write(page);
  await paging?.finish();
  return ExitCode.ok;
}

/**
 * `ops __complete WORDS…`, the shells' completion protocol (src/commands/completion/protocol.ts): kept
 * out of the command tree (no help page, no MCP tool, no tree test lists it), never an error, exit 0.
 * `budgetMs` is what is left of the second a shell waits.
 */
export async function complete(words: string[], io: Io | undefined, budgetMs: number): Promise<number> {
  const own = io === undefined ? processIo(new AbortController().signal) : undefined;
  const { completeLine } = await import('./commands/completion/complete.js');
  const path = await completeLine(words, io ?? own!, budgetMs, {
    factory: (quiet) => makeFactory(quiet),
    program: (factory, before) => buildProgram(factory, ['node', 'ops', ...before]),
    topics: helpTopicNames,
  });
  // The code caches grow by what a completion of this command runs, as by what the command runs.
  lastCommand = `__complete ${path} 0`.replace(/ {2,}/g, ' ');
  ownOutputLeft = own?.written() ?? false;
  return ExitCode.ok;
}

/** The composition root: the factory every command builder gets, with the service table handed in. */
async function makeFactory(io: Io): Promise<Factory> {
  return createFactory(io, {
    services: SERVICES,
    // Another command line in this process (the sandbox demo), with its own error handling.
    runArgv: (args, runIo) => run(args, runIo, new AbortController(), { dispose: () => undefined }),
    // A verb with values (`ops mcp`): no command line, its own factory for its own Io.
    callVerb: async (call, callIo) => callVerb(await makeFactory(callIo), call),
    tree: (f) => buildProgram(f, ['node', 'ops'], true),
    commandNames,
  });
}

/** Every command path of the whole tree, as word lists: the help-page build writes one page each. */
export async function commandPaths(io: Io): Promise<string[][]> {
  const factory = await makeFactory(io);
  const { commandPaths: paths } = await import('./commands/completion/script.js');
  return paths(await factory.tree());
}

/** The names of the help topics (`ops help <topic>`). */
export async function helpTopicNames(): Promise<string[]> {
  return (await import('./commands/help/index.js')).TOPIC_NAMES;
}
