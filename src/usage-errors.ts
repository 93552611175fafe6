import type { Command } from 'commander';
import { UsageError } from './errors.js';

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
 * A word or option as typed, up to its `=`: `--app-key=K` is quoted `--app-key`, `-xK` is `-x`. What
 * follows may be a credential, and an error line is read, copied and logged.
 */
export function nameAlone(typed: string): string {
  if (/^-[^-]/.test(typed)) return typed.slice(0, 2);
  const at = typed.indexOf('=');
  return at < 0 ? typed : typed.slice(0, at);
}

/** The commands a group has, by name (commander's implicit `help` left out): `'ops hosts' has: list, get`. */
function commandsOf(cmd: Command): string {
  const names = cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => cmd.commands.includes(c))
    .map((c) => c.name());
  return `'${pathOf(cmd)}' has: ${names.join(', ')}`;
}

/** Whether `--name` is an option of this command or of one above it (the root's global flags). */
function knownOption(cmd: Command, name: string): boolean {
  for (let c: Command | null = cmd; c; c = c.parent)
    if (c.options.some((o) => o.long === name || o.short === name)) return true;
  return false;
}

/**
 * gh's `gh auth login`, typed here: commander's nearest name is `logout`, the opposite. A sign-in is a
 * service's own (docs/grammar.md, "Signing in").
 */
const SIGN_IN = new Set(['login', 'signin', 'sign-in']);
const SIGN_IN_HINT =
  "sign in with 'ops <service> login' (db, tasks, docgen, secrets), or keep a credential with 'ops config set <service>.<secret> -' (stdin); 'ops auth status' shows each service's";

/**
 * A parse error of commander as one `ops:` line naming what is wrong, with commander's suggestion on the
 * hint line (`ops: unknown command 'lsit' for 'ops hosts'` / `hint: did you mean 'list'?`), else what
 * the group has (`hint: 'ops hosts' has: list, totals, mute, unmute`). An option is named without what
 * follows its `=`.
 */
export function commanderUsageError(cmd: Command, message: string, code: string | undefined): UsageError {
  const [first = '', ...rest] = message.replace(/^error:\s*/, '').split('\n');
  const suggestion = suggestionHint(rest.join(' '));
  const path = pathOf(cmd);
  // A flag of the root (`-o` without its format, after any command) is a global flag: its list helps.
  const help = cmd.parent
    ? `run '${path} --help' for its usage`
    : "run 'ops help flags' for the global flags";
  if (code === 'commander.unknownCommand') {
    const word = /'(.*)'/s.exec(first)?.[1] ?? '';
    const quoted = nameAlone(word) === word ? word : `${nameAlone(word)}=…`;
    return new UsageError(
      `unknown command '${quoted}'${cmd.parent ? ` for '${path}'` : ''}`,
      (path === 'ops auth' && SIGN_IN.has(word)
        ? SIGN_IN_HINT
        : path === 'ops' && word === 'version'
          ? "the version is a flag: 'ops --version' (-o json for the build's details)"
          : suggestion) ?? commandsOf(cmd),
    );
  }
  if (code === 'commander.unknownOption') {
    const name = nameAlone(/'(.*)'/s.exec(first)?.[1] ?? '');
    if (name.startsWith('--') && knownOption(cmd, name))
      return new UsageError(`option '${name}' takes no value`, `give ${name} alone, without '=…'`);
    return new UsageError(`unknown option '${name}'`, suggestion ?? help);
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

type Internal = Command & {
  unknownCommand(): never;
  unknownOption(flag: string): never;
  _exit(exitCode: number, code: string, message: string): never;
};

/** Commander's unknown-command error of `group` for `word`, with its suggestion; ends in `cmd.error`. */
function unknownCommand(group: Command, word: string): never {
  group.args = [word];
  return (group as Internal).unknownCommand();
}

/**
 * `ops runs help list`: a group's `help` takes the words below it as `ops help` does from the root, at
 * any depth (`ops cloud help instance list`); a word the group below does not have is the
 * unknown-command error of that group, never a page that was not asked for. `help` there is the help
 * command itself (`ops hosts help help`), whose page is the one `ops help help` prints.
 */
function groupHelp(group: Command): void {
  (group as unknown as { _dispatchHelpCommand(): unknown })._dispatchHelpCommand = () => {
    let target = group;
    for (const word of group.args.slice(1).filter((w) => !w.startsWith('-'))) {
      if (target.commands.length === 0) break;
      const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
      if (next === undefined && word === 'help') return helpOfHelp(target as Internal);
      target = next ?? unknownCommand(target, word);
    }
    target.args = [];
    target.help();
  };
}

/** The help command's own page (src/commands/help, loaded for it alone), written as a page is; exit 0. */
async function helpOfHelp(group: Internal): Promise<never> {
  const { HELP_OF_HELP } = await import('./commands/help/index.js');
  group.configureOutput().writeOut?.(HELP_OF_HELP);
  return group._exit(0, 'commander.help', '(outputHelp)');
}

/**
 * A command's `error`, which commander calls for each parse error (as `this.error`): one function for
 * every command rather than a closure each. `ops mcp` builds a verb a call, and a closure of its own
 * stored on each verb kept the call's objects alive through young-generation collections (with 16 MB
 * semi-spaces each promoted 3 to 6.6 MB, in 8 to 25 ms, against 0.5 MB in 2.5 ms with this function).
 */
function usageError(this: Command, message: string, opts?: { code?: string; exitCode?: number }): never {
  // `--x=value` is named alone, with commander's suggestion for the name, not for the whole word.
  const flag = /^error: unknown option '(.*)'/s.exec(message)?.[1];
  if (opts?.code === 'commander.unknownOption' && flag !== undefined && nameAlone(flag) !== flag)
    (this as Internal).unknownOption(nameAlone(flag));
  throw commanderUsageError(this, message, opts?.code);
}

/**
 * Every command of the tree throws its parse errors as usage errors (one line, exit 2). A group asked
 * for the help of a command it does not have (`ops help hosts lsit`, `ops hosts lsit --help`) says
 * so too, rather than showing its own page as if that were the one asked for.
 */
export function usageErrors(cmd: Command): void {
  cmd.error = usageError;
  if (cmd.commands.length > 0 && cmd.registeredArguments.length === 0) {
    groupHelp(cmd);
    const outputHelp = cmd.outputHelp.bind(cmd);
    cmd.outputHelp = ((context?: Parameters<Command['outputHelp']>[0]) => {
      const word = cmd.args[0];
      if (word !== undefined && !word.startsWith('-') && !cmd.commands.some((c) => c.name() === word))
        // commander's own check, with its suggestion; it ends in cmd.error above.
        unknownCommand(cmd, word);
      outputHelp(context as never);
    }) as Command['outputHelp'];
  }
  for (const sub of cmd.commands) usageErrors(sub);
}
