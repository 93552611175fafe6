import { Command } from 'commander';
import type { Factory, GlobalFlags } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { dataFlag } from '../../output/options.js';
import { type VerbMeta, commandLine, confirmationNeeded, setVerbMeta } from '../../verb-meta.js';

export { type Effect, type VerbMeta, verbMeta } from '../../verb-meta.js';

/** A verb's builder: the leaf command, with its options and action. */
export type Make = (factory: Factory) => Command;

/** A verb as a service declares it: its builder and what it does. */
export interface Verb {
  make: Make;
  meta: VerbMeta;
}

type More = Omit<VerbMeta, 'effect'>;
/** A verb that changes nothing. */
export const read = (make: Make, more: More = {}): Verb => ({ make, meta: { effect: 'read', ...more } });
/** A verb that creates or changes something. */
export const write = (make: Make, more: More = {}): Verb => ({ make, meta: { effect: 'write', ...more } });
/** A verb that loses something for good: it asks first, and off a terminal needs `--yes`. */
export const destructive = (make: Make, more: More = {}): Verb => ({
  make,
  meta: { effect: 'destructive', ...more },
});

/**
 * Declares a built command's metadata. A destructive verb, and a write that asks, refuses before its
 * action runs and so before any request, when neither `--yes` nor `--dry-run` is given and no terminal
 * can answer its question, whatever it reads first to plan. A verb that prints text refuses
 * the flags that shape data, before it runs, and so does any verb given `--web`.
 */
export function declare(cmd: Command, meta: VerbMeta, io: Factory['io']): Command {
  setVerbMeta(cmd, meta);
  // gh's "JSON FIELDS" section: what --json a,b may name. Laid out when help is shown, not each time
  // the verb is built (an MCP call builds one: 5 KB of the 186 KB a hosts list call allocated).
  const { fields } = meta;
  if (fields)
    cmd.addHelpText(
      'after',
      () => `\nJSON fields (--json a,b; nested ones dotted, a.b):\n${wrapWords(fields)}`,
    );
  if (meta.effect === 'destructive' || meta.asks)
    cmd.hook('preAction', (_self, action) => {
      const g = action.optsWithGlobals() as { yes?: boolean; dryRun?: boolean };
      if (g.yes || g.dryRun || (io.stdinIsTty && io.prompt)) return;
      const { message, hint } = confirmationNeeded(action);
      throw new UsageError(message, hint);
    });
  // `--web` opens a page (or prints its address) instead of printing the resource: as gh says, one or
  // the other.
  if (cmd.options.some((o) => o.long === '--web'))
    cmd.hook('preAction', (self) => {
      const flag = self.opts<{ web?: boolean }>().web && dataFlag(self.optsWithGlobals() as GlobalFlags);
      if (flag)
        throw new UsageError(
          `--web conflicts with ${flag}`,
          `give one of them: --web opens the page, ${flag} shapes what is printed`,
        );
    });
  const { text } = meta;
  if (text !== undefined)
    cmd.hook('preAction', (_self, action) => {
      const flag = dataFlag(action.optsWithGlobals() as GlobalFlags);
      if (flag === undefined) return;
      throw new UsageError(
        `${commandLine(action, [])} prints ${text}: ${flag} does not apply`,
        `drop ${flag} (-o, --json, --query, --field and --jq shape the data other commands print)`,
      );
    });
  return cmd;
}

interface Pending {
  /** Where in the group's list of commands the verbs go (the order help lists them in). */
  at: number;
  verbs: Record<string, Verb>;
  factory: Factory;
}

const PENDING = new WeakMap<Command, Pending[]>();

/**
 * Adds a group's verbs, each under the name its builder gives it (`{ list: contextListCommand }`).
 * Nothing is built yet: `buildVerbs`, once the service has registered, builds only the verb the
 * command line names when it names one, and every verb otherwise (help, a mistyped word, the whole
 * tree). Building a leaf (its options, choices, help text) is most of a service's registration: 2 to
 * 4 ms on each start for the larger ones.
 */
export function addVerbs(group: Command, verbs: Record<string, Verb>, factory: Factory): Command {
  const pending = PENDING.get(group) ?? [];
  pending.push({ at: group.commands.length, verbs, factory });
  PENDING.set(group, pending);
  return group;
}

/**
 * Builds the verbs `addVerbs` left pending under `root`. With `words` (the command line's words, root
 * flags left out), when they walk from the root through groups to a pending verb, that verb alone
 * is built: nothing else of the tree is shown or run. Otherwise every pending verb is built, in
 * place, so the tree is as if each had been added at once.
 */
export function buildVerbs(root: Command, words?: readonly string[]): void {
  if (words) {
    let group = root;
    for (const word of words) {
      for (const p of PENDING.get(group) ?? []) {
        const verb = Object.hasOwn(p.verbs, word) ? p.verbs[word] : undefined;
        if (verb) {
          PENDING.delete(group);
          place(group, p.at, [built(verb, p.factory, word, group)]);
          return;
        }
      }
      const next = group.commands.find((c) => c.name() === word || c.aliases().includes(word));
      if (!next) break;
      group = next;
    }
  }
  buildAll(root);
}

function buildAll(group: Command): void {
  const pending = PENDING.get(group);
  if (pending) {
    PENDING.delete(group);
    // Last first, so that each recorded place is still right when its verbs go in.
    for (const p of pending.reverse()) {
      place(
        group,
        p.at,
        Object.entries(p.verbs).map(([name, verb]) => built(verb, p.factory, name, group)),
      );
    }
  }
  for (const sub of group.commands) buildAll(sub);
}

/** Adds the commands to the group (commander's checks and parent link), at this place in its list. */
function place(group: Command, at: number, built: Command[]): void {
  for (const cmd of built) group.addCommand(cmd);
  const list = group.commands as Command[];
  list.splice(list.length - built.length, built.length);
  list.splice(at, 0, ...built);
}

/** What each built verb was built from: `freshVerb` builds it again. */
const ORIGIN = new WeakMap<Command, { verb: Verb; name: string; group: Command }>();

/** The verb's key must be its name: a wrong key would send the command line to the wrong verb. */
function built(verb: Verb, factory: Factory, name: string, group: Command): Command {
  const cmd = verb.make(factory);
  if (cmd.name() !== name) throw new Error(`verb '${name}' builds '${cmd.name()}'`);
  if (verb.meta.credential !== false && factory.services.some((s) => s.name === serviceOf(group)))
    addTokenStdin(cmd);
  ORIGIN.set(cmd, { verb, name, group });
  return declare(cmd, verb.meta, factory.io);
}

/**
 * A new copy of a verb of a built tree, made by its builder with this factory, in no tree: a call
 * that runs it has options of its own, whatever else runs at once (`ops mcp`). Undefined for a
 * command that is not a service's verb.
 */
export function freshVerb(cmd: Command, factory: Factory): Command | undefined {
  const origin = ORIGIN.get(cmd);
  return origin && built(origin.verb, factory, origin.name, origin.group);
}

/** `--token-stdin`, added to every verb of a service that sends a credential (in `built`). */
export function addTokenStdin(cmd: Command): Command {
  if (cmd.options.some((o) => o.long === '--token-stdin')) return cmd;
  return cmd.option(
    '--token-stdin',
    "read the service's credential (token, API key or password) from stdin, one trailing newline dropped",
  );
}

/** The name of the root's child this group is in (`runs` for `ops runs secret`). */
function serviceOf(group: Command): string | undefined {
  let g: Command = group;
  while (g.parent?.parent) g = g.parent;
  return g.parent ? g.name() : undefined;
}

/**
 * A group of verbs under `parent` (`ops runs job`): its description, the examples its help ends with
 * (command lines) and its verbs, added by name (see `addVerbs`).
 */
export function addGroup(
  parent: Command,
  name: string,
  description: string,
  examples: string[],
  verbs: Record<string, Verb>,
  factory: Factory,
): Command {
  return addVerbs(groupCommand(parent, name, description, examples), verbs, factory);
}

/**
 * A group under `parent` (a service's root, `ops secrets kv`) whose verbs are added apart, as
 * `verbCommand` starts a verb: its help ends with the notes, if any, then the examples.
 */
export function groupCommand(
  parent: Command,
  name: string,
  description: string,
  examples: readonly string[],
  help: VerbHelp = {},
): Command {
  return withExamples(parent.command(name).description(description), examples, help);
}

/** What a verb's help adds after its flags: notes (a paragraph or more) before its examples. */
export interface VerbHelp {
  notes?: string;
  /** A paragraph after the examples (what the exit codes mean). */
  footer?: string;
}

/**
 * The one head every verb starts with: its name, its description and the example command lines its
 * help ends with (each runs against `ops sandbox`; a long one is written over lines with ` \`
 * continuations, its further lines indented two more spaces), after the notes when it has any.
 */
export function verbCommand(
  name: string,
  description: string,
  examples: readonly string[],
  help: VerbHelp = {},
): Command {
  return withExamples(new Command(name).description(description), examples, help);
}

/**
 * The help's after-text of a verb or a group: notes, then `Examples:` with each line indented two
 * spaces, then the footer.
 */
function withExamples(cmd: Command, examples: readonly string[], help: VerbHelp = {}): Command {
  const notes = help.notes === undefined ? '' : `\n${help.notes}\n`;
  const footer = help.footer === undefined ? '' : `\n\n${help.footer}`;
  const lines = examples.map((e) => `  ${e}`).join('\n');
  return cmd.addHelpText('after', `${notes}\nExamples:\n${lines}${footer}`);
}

/** Names joined by commas over lines of at most 78 columns, indented two spaces (a help page's width). */
function wrapWords(names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const [i, name] of names.entries()) {
    const word = i < names.length - 1 ? `${name},` : name;
    if (line && line.length + 1 + word.length > 76) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `  ${l}`).join('\n');
}
