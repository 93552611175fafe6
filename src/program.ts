import { Command } from 'commander';
import type { Factory, ServiceCommands } from './app/types.js';
import { setCompletionValues } from './commands/shared/choices.js';
import { buildVerbs } from './commands/shared/verbs.js';
import { UsageError } from './errors.js';
import { addOutputOptions } from './output/options.js';
import { OUTPUT_FORMATS } from './output/printer.js';
import { SERVICES } from './services.js';
import { versionLine } from './version.js';

interface TopLevel {
  name: string;
  summary: string;
  /** The heading the root page lists it under. */
  group: 'Services:' | 'Tools:';
  load: () => Promise<ServiceCommands>;
}

/** Commands that are not a service: loaded, like the services, only when asked for. */
const BUILT_INS: TopLevel[] = [
  {
    name: 'config',
    summary: 'Read and write settings and profiles',
    group: 'Tools:',
    load: () => import('./commands/config/index.js'),
  },
  {
    name: 'auth',
    summary: "Show, print and forget every service's credential",
    group: 'Tools:',
    load: () => import('./commands/auth/index.js'),
  },
  {
    name: 'api',
    summary: 'Make a raw request to any service',
    group: 'Tools:',
    load: () => import('./commands/api/index.js'),
  },
  {
    name: 'sandbox',
    summary: 'Run local emulators of every service',
    group: 'Tools:',
    load: () => import('./commands/sandbox/index.js'),
  },
  {
    name: 'mcp',
    summary: 'Serve every service to AI agents as MCP tools',
    group: 'Tools:',
    load: () => import('./commands/mcp/index.js'),
  },
  {
    name: 'completion',
    summary: 'Print a shell completion script',
    group: 'Tools:',
    load: () => import('./commands/completion/index.js'),
  },
];

export function topLevelCommands(): TopLevel[] {
  const services = SERVICES.filter((s) => s.commands).map((s) => ({
    name: s.name,
    summary: s.summary,
    group: 'Services:' as const,
    load: s.commands!,
  }));
  return [...services, ...BUILT_INS];
}

/** Root flags that take a value, so the command name can be found without loading anything. */
const VALUE_FLAGS = new Set([
  '-o',
  '--output',
  '--query',
  '--field',
  '-p',
  '--profile',
  '--base-url',
  '--timeout',
  '--retries',
  '--max-wait',
  '--ca-cert',
]);

/** The first word of argv that is not a root flag (or its value): the command asked for. */
export function targetCommand(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return args[i + 1];
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    if (a === 'help') return args[i + 1] ?? a;
    return a;
  }
  return undefined;
}

/**
 * The words of argv, root flags and their values left out (`ops -o json hosts list --count 5` →
 * hosts, list, 5): what `buildVerbs` follows to the one verb asked for. A group's own flags take
 * no value (a test holds every group to that), so a word here is a command's name or an argument.
 * `help` and `--` give none: the whole tree is built.
 */
export function commandWords(args: string[]): string[] | undefined {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    words.push(a);
  }
  return words[0] === 'help' ? undefined : words;
}

/** The root command with the global flags of PRODUCT.md §2. */
export function createRoot(withVersion = true): Command {
  const root = new Command('ops').description(
    'One command-line tool for eleven HTTP APIs, with a built-in sandbox.',
  );
  // Root options are recognised anywhere on the line, so a root --version would swallow a command's
  // own (`ops secrets kv get p --version 2`): it exists only when no command is asked for.
  if (withVersion)
    root.version(versionLine(), '-V, --version', 'print the version, commit, build date and platform');
  root
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .option('-p, --profile <name>', 'config profile (env OPS_PROFILE)')
    .option('--base-url <url>', "override the service's address (env OPS_<SERVICE>_BASE_URL)")
    .option('--timeout <seconds>', 'per-request timeout (env OPS_TIMEOUT, default 30)')
    .option('--retries <n>', 'retry budget for retryable failures (env OPS_RETRIES, default 4)')
    .option('--max-wait <seconds>', 'longest wait for one retry before giving up (default 60)')
    .option('--dry-run', 'send only the reads needed to plan; print what would change as curl, unsent')
    .option('--debug', 'log requests and responses to stderr, credentials masked (env OPS_DEBUG)')
    .option('-q, --quiet', 'no spinners, progress or hints (env OPS_QUIET)')
    .option('--no-color', 'no colour (also NO_COLOR, CLICOLOR=0)')
    .option('--ca-cert <file>', 'trust this PEM CA certificate too (env OPS_CA_CERT)')
    .option('--insecure', 'skip TLS certificate verification (env OPS_INSECURE)')
    .option('-y, --yes', 'confirm destructive actions');
  addOutputOptions(root);
  const output = root.options.find((o) => o.long === '--output');
  if (output) setCompletionValues(output, OUTPUT_FORMATS);
  root.addHelpText(
    'after',
    `
Help topics: ops help environment | exit-codes | flags | formatting

Examples:
  ops sandbox start &             # the local emulators of every service
  eval "$(ops sandbox env)"       # every service talks to them
  ops hosts list --all -o ndjson
  ops secrets kv get secret/app/db --field password`,
  );
  return root;
}

/** `ops hosts list`: the words that name this command. */
export function pathOf(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** Commander's "(Did you mean list?)" as a hint: `did you mean 'list'?`. */
function suggestionHint(raw: string): string | undefined {
  const m = /^\(Did you mean (one of )?(.+)\?\)$/.exec(raw.trim());
  if (!m) return undefined;
  const names = m[2]!.split(', ').map((n) => `'${n}'`);
  return `did you mean ${names.length > 1 ? `one of ${names.join(', ')}` : names[0]}?`;
}

/**
 * A parse error of commander as one `ops:` line naming what is wrong, with commander's suggestion on the
 * hint line: `ops: unknown command 'lsit' for 'ops hosts'` / `hint: did you mean 'list'?`.
 */
export function commanderUsageError(cmd: Command, message: string, code: string | undefined): UsageError {
  const [first = '', ...rest] = message.replace(/^error:\s*/, '').split('\n');
  const suggestion = suggestionHint(rest.join(' '));
  const path = pathOf(cmd);
  const help = `run '${path} --help' for ${code === 'commander.unknownCommand' ? 'its commands' : 'its usage'}`;
  if (code === 'commander.unknownCommand') {
    const word = /'(.*)'/.exec(first)?.[1] ?? '';
    return new UsageError(
      `unknown command '${word}'${cmd.parent ? ` for '${path}'` : ''}`,
      suggestion ?? help,
    );
  }
  const choice = /^option '(-[^ ']+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(
    first,
  );
  if (code === 'commander.invalidArgument' && choice)
    return new UsageError(`invalid ${choice[1]} "${choice[2]}"`, `give one of: ${choice[3]}`);
  const excess = /^too many arguments.*Expected (\d+) arguments? but got (\d+)/.exec(first);
  if (code === 'commander.excessArguments' && excess)
    return new UsageError(`too many arguments for '${path}': it takes ${excess[1]}, got ${excess[2]}`, help);
  return new UsageError(first, suggestion ?? help);
}

/**
 * Every command of the tree throws its parse errors as usage errors (one line, exit 2). A group asked
 * for the help of a command it does not have (`ops help hosts lsit`, `ops hosts lsit --help`) says
 * so too, rather than showing its own page as if that were the one asked for.
 */
function usageErrors(cmd: Command): void {
  cmd.error = (message, opts) => {
    throw commanderUsageError(cmd, message, opts?.code);
  };
  if (cmd.commands.length > 0 && cmd.registeredArguments.length === 0) {
    const outputHelp = cmd.outputHelp.bind(cmd);
    cmd.outputHelp = ((context?: Parameters<Command['outputHelp']>[0]) => {
      const word = cmd.args[0];
      if (word !== undefined && !word.startsWith('-') && !cmd.commands.some((c) => c.name() === word))
        // commander's own check, with its suggestion; it ends in cmd.error above.
        (cmd as unknown as { unknownCommand(): never }).unknownCommand();
      outputHelp(context as never);
    }) as Command['outputHelp'];
  }
  for (const sub of cmd.commands) usageErrors(sub);
}

/**
 * Builds the program for these arguments: the asked-for subtree is loaded and registered; the others
 * appear as one-line entries so that `ops --help` lists them without loading them.
 */
export async function buildProgram(factory: Factory, argv: string[], loadAll = false): Promise<Command> {
  const target = targetCommand(argv.slice(2));
  const root = createRoot(target === undefined || loadAll);
  for (const entry of topLevelCommands()) {
    if (loadAll || entry.name === target) {
      (await entry.load()).register(root, factory);
    } else {
      root.command(entry.name).description(entry.summary).helpOption(false).allowUnknownOption();
    }
    root.commands.find((c) => c.name() === entry.name)?.helpGroup(entry.group);
  }
  root.commandsGroup('Help:').helpCommand('help [command]', "show a command's help, or a help topic's");
  buildVerbs(root, loadAll ? undefined : commandWords(argv.slice(2)));
  usageErrors(root);
  return root;
}
