import { Command } from 'commander';
import type { Factory, ServiceCommands } from './app/types.js';
import { setCompletionValues } from './commands/shared/choices.js';
import { completeOption, profileCompletion } from './commands/shared/complete.js';
import { buildVerbs } from './commands/shared/verbs.js';
import { addOutputOptions } from './output/options.js';
import { OUTPUT_FORMATS } from './output/printer.js';
import { numberWord } from './output/text.js';
import { aliasesForListing } from './extensions/aliases.js';
import { findPlugins } from './extensions/plugins.js';
import { SERVICES } from './services.js';
import { commandWords, targetCommand } from './command-word.js';
import { usageErrors } from './usage-errors.js';
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
  {
    name: 'upgrade',
    summary: 'Replace this ops binary with the newest release',
    group: 'Tools:',
    load: () => import('./commands/upgrade/index.js'),
  },
  {
    name: 'alias',
    summary: 'Name command lines of your own: ops NAME runs them',
    group: 'Tools:',
    load: () => import('./commands/alias/index.js'),
  },
  {
    name: 'plugin',
    summary: 'List the ops-NAME programs on PATH that run as ops NAME',
    group: 'Tools:',
    load: () => import('./commands/plugin/index.js'),
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

/** The words ops's own commands answer to: every service, every built-in, and `help`. */
export function commandNames(): string[] {
  return ['help', ...topLevelCommands().map((c) => c.name)];
}

/** Whether a word names one of ops's own commands: then no alias or plugin is looked for. */
export function isCommandName(word: string): boolean {
  return commandNames().includes(word);
}

/** The root command with the global flags of PRODUCT.md §2. */
export function createRoot(withVersion = true): Command {
  const root = new Command('ops').description(
    `One command-line tool for ${numberWord(SERVICES.length)} HTTP APIs, with a built-in sandbox.`,
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
    .option('--no-spinner', 'progress as plain lines, hints kept (env OPS_SPINNER_DISABLED)')
    .option('--no-pager', 'never page long output on a terminal (env OPS_PAGER=cat)')
    .option('--no-color', 'no colour (also NO_COLOR, CLICOLOR=0)')
    .option('--ca-cert <file>', 'trust this PEM CA certificate too (env OPS_CA_CERT)')
    .option('--insecure', 'skip TLS certificate verification (env OPS_INSECURE)')
    .option('-y, --yes', 'confirm destructive actions');
  addOutputOptions(root);
  const output = root.options.find((o) => o.long === '--output');
  if (output) setCompletionValues(output, OUTPUT_FORMATS);
  const profile = root.options.find((o) => o.long === '--profile');
  if (profile) completeOption(profile, profileCompletion);
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

/**
 * Builds the program for these arguments: the asked-for subtree is loaded and registered alone; when
 * none is named (`ops --help`, a mistyped word), every command appears as a one-line entry, so that
 * the root's page lists them and the suggestion finds them without loading them.
 */
export async function buildProgram(factory: Factory, argv: string[], loadAll = false): Promise<Command> {
  const target = targetCommand(argv.slice(2));
  const root = createRoot(target === undefined || loadAll);
  const entries = topLevelCommands();
  // A command line that names a command needs no other (their entries cost a one-shot command's
  // start about 0.3 ms).
  const named = loadAll ? undefined : entries.find((e) => e.name === target);
  for (const entry of named ? [named] : entries) {
    if (loadAll || entry === named) {
      (await entry.load()).register(root, factory);
    } else {
      root.command(entry.name).description(entry.summary).helpOption(false).allowUnknownOption();
    }
    root.commands.find((c) => c.name() === entry.name)?.helpGroup(entry.group);
  }
  if (target === undefined && !loadAll) listExtensions(root, factory.io.env);
  root.commandsGroup('Help:').helpCommand('help [command]', "show a command's help, or a help topic's");
  buildVerbs(root, loadAll ? undefined : commandWords(argv.slice(2)));
  usageErrors(root);
  return root;
}

/**
 * The root page's `Aliases:` and `Plugins:`, when there are any: each alias with what it stands for,
 * each plugin that would run with its path (one that a command or an alias shadows is left out, as
 * it never runs; `ops plugin list` shows it with why).
 */
function listExtensions(root: Command, env: Record<string, string | undefined>): void {
  const taken = new Set([...root.commands.map((c) => c.name()), 'help']);
  const entry = (name: string, description: string, group: string) =>
    root.command(name).description(description).helpOption(false).allowUnknownOption().helpGroup(group);
  for (const a of aliasesForListing(env).filter((a) => !taken.has(a.name))) {
    entry(a.name, a.shell ? `!${a.expansion}` : a.expansion, 'Aliases:');
    taken.add(a.name);
  }
  for (const p of findPlugins(env).filter((p) => p.executable && !taken.has(p.name))) {
    entry(p.name, p.path, 'Plugins:');
    taken.add(p.name);
  }
}
