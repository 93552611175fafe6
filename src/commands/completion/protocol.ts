import type { Argument, Command, Option } from 'commander';
import { type Candidate, type CompletionSpec, completerOf, localWords } from '../shared/complete.js';
import { completionValues } from '../shared/choices.js';
import { DEFAULT_LIMIT } from '../shared/list-flags.js';

/**
 * `ops __complete WORDS…`, the protocol of cobra's `__complete` that every shell script of
 * `ops completion` calls: the words after `ops` up to the one being completed (possibly empty) in;
 * one candidate a line (`value<TAB>description`) and a last line `:<directive>` out.
 */
export const DIRECTIVE = {
  /** Something failed: complete nothing, not even file names. */
  error: 1,
  /** No space after the word (a KV folder, to go on typing in it). */
  noSpace: 2,
  /** No file names when there is no candidate. */
  noFile: 4,
  keepOrder: 32,
} as const;

export interface Answer {
  candidates: Candidate[];
  directive: number;
}

export const NO_ANSWER: Answer = { candidates: [], directive: DIRECTIVE.error };

/** A description on one line, short enough for a menu. */
function oneLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || undefined;
}

/** The lines the shell scripts read. A value that cannot be one word of a line is left out. */
export function formatAnswer(a: Answer): string {
  const lines: string[] = [];
  for (const c of a.candidates) {
    if (c.value === '' || /[\u0000-\u001f\u007f]/.test(c.value)) continue;
    const d = oneLine(c.description);
    lines.push(d ? `${c.value}\t${d}` : c.value);
  }
  lines.push(`:${a.directive}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The candidates for the first word after `ops`: the commands and `help`. Aliases (and plugins) join
 * them here, and only here.
 */
export function topLevelCandidates(root: Command): Candidate[] {
  return [
    ...visibleCommands(root),
    { value: 'help', description: "show a command's help, or a help topic's" },
  ];
}

const visibleCommands = (cmd: Command): Candidate[] =>
  cmd.commands
    .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
    .map((c) => ({ value: c.name(), description: c.summary() || c.description() }));

/** What the command line before the word says: where it is, and what is expected there. */
export interface Position {
  /** The command the words lead to. */
  cmd: Command;
  /** Its arguments given so far. */
  args: string[];
  /** An option whose value the word is (after `--output` or in `--output=`). */
  valueFor?: { option: Option; prefix: string } | undefined;
  /** After `--`: no flag. */
  dashdash: boolean;
  /** `ops help …` (or `ops hosts help …`): command paths, and at the root the help topics. */
  help: boolean;
  /** The group whose `help` it is: the root, or `ops hosts` for `ops hosts help …`. */
  helpFrom?: Command | undefined;
}

/** The option of `cmd` or of a command above it (the root's flags hold everywhere) for this flag. */
function findOption(cmd: Command, flag: string): { option: Option; owner: Command } | undefined {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const option = c.options.find((o) => o.long === flag || o.short === flag);
    if (option) return { option, owner: c };
  }
  return undefined;
}

const takesValue = (o: Option) => o.required || o.optional;

/**
 * Options a completion never acts on: reading stdin (the terminal here), printing requests, asking
 * nothing. The rest are set, so that a completer reads what the command would (`-p`, `--repo`).
 */
const IGNORED = new Set(['token-stdin', 'dry-run', 'debug']);

/** Sets an option as commander does when it parses it; a value commander would refuse is left out. */
function setOption(owner: Command, option: Option, value: string | undefined): void {
  if (IGNORED.has(option.name())) return;
  try {
    (owner as unknown as NodeJS.EventEmitter).emit(`option:${option.name()}`, value);
  } catch {
    // An invalid value: the command would refuse it; the completion goes on without it.
  }
}

/** Follows the words as commander would: commands, their arguments, flags and the flags' values. */
export function position(root: Command, before: readonly string[], word: string): Position {
  const pos: Position = { cmd: root, args: [], dashdash: false, help: false };
  // A parse error of an option value throws instead of ending the process, and says nothing.
  const quiet = (c: Command) =>
    c.exitOverride().configureOutput({ writeErr: () => undefined, outputError: () => undefined });
  quiet(root);
  for (let i = 0; i < before.length; i++) {
    const w = before[i]!;
    if (!pos.dashdash && w === '--') {
      pos.dashdash = true;
      continue;
    }
    if (!pos.dashdash && w.length > 1 && w.startsWith('-')) {
      i = flagAt(pos, before, i);
      continue;
    }
    if (pos.args.length === 0 && !pos.help) {
      const sub = pos.cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
      if (sub) {
        pos.cmd = quiet(sub);
        continue;
      }
      // Every group has `help` (commander's): `ops hosts help list` is the verb's page.
      if (w === 'help' && pos.cmd.commands.length > 0) {
        pos.help = true;
        pos.helpFrom = pos.cmd;
        continue;
      }
    }
    pos.args.push(w);
  }
  if (pos.valueFor === undefined && !pos.dashdash && /^--[^=]+=/.test(word)) {
    const flag = word.slice(0, word.indexOf('='));
    const found = findOption(pos.cmd, flag);
    if (found && takesValue(found.option)) pos.valueFor = { option: found.option, prefix: `${flag}=` };
  }
  return pos;
}

/** One flag word at `i` (and its value after it): returns the index of the last word it took. */
function flagAt(pos: Position, before: readonly string[], i: number): number {
  const w = before[i]!;
  const eq = w.startsWith('--') ? w.indexOf('=') : -1;
  const flag = eq > 0 ? w.slice(0, eq) : !w.startsWith('--') && w.length > 2 ? w.slice(0, 2) : w;
  const found = findOption(pos.cmd, flag);
  if (!found) return i;
  const { option, owner } = found;
  if (!takesValue(option)) {
    setOption(owner, option, undefined);
    // `-qy`: the other letters are flags too.
    if (flag !== w && !w.startsWith('--'))
      for (const ch of w.slice(2)) {
        const more = findOption(pos.cmd, `-${ch}`);
        if (more && !takesValue(more.option)) setOption(more.owner, more.option, undefined);
      }
    return i;
  }
  if (flag !== w) {
    setOption(owner, option, eq > 0 ? w.slice(eq + 1) : w.slice(2));
    return i;
  }
  const next = before[i + 1];
  if (next === undefined) {
    // The word being completed is this flag's value (an optional one only when it has values to offer).
    if (option.required || valuesOf(option) || completerOf(option)) pos.valueFor = { option, prefix: '' };
    return i;
  }
  if (option.optional && next.startsWith('-')) {
    setOption(owner, option, undefined);
    return i;
  }
  setOption(owner, option, next);
  return i + 1;
}

const valuesOf = (o: Option): readonly string[] | undefined => {
  const v = completionValues(o);
  return v?.length ? v : undefined;
};

const isHidden = (o: Option) => (o as unknown as { hidden?: boolean }).hidden === true;

/** The flags that can go here: the command's own and those of the commands above it. */
function flagCandidates(cmd: Command, word: string): Candidate[] {
  const out: Candidate[] = [];
  const short = word === '-' || (word.startsWith('-') && !word.startsWith('--'));
  for (let c: Command | null = cmd; c; c = c.parent)
    for (const o of c.options) {
      if (isHidden(o)) continue;
      if (o.long) out.push({ value: o.long, description: o.description });
      if (short && o.short) out.push({ value: o.short, description: o.description });
    }
  return out;
}

/** Runs a completer's spec: what the protocol's caller does with it (cache, deadline) is handed in. */
export type RunSpec = (spec: CompletionSpec, pos: Position, word: string) => Promise<Candidate[] | undefined>;

const startsWith = (word: string) => (c: Candidate) => c.value.startsWith(word);

/** The candidates that start with the word, as one answer; a KV folder's asks for no space after it. */
function answerOf(list: Candidate[], word: string, prefix = ''): Answer {
  const candidates = list
    .map((c) => (prefix ? { ...c, value: `${prefix}${c.value}` } : c))
    .filter(startsWith(word));
  const folder = candidates.some((c) => c.value.endsWith('/'));
  return { candidates, directive: DIRECTIVE.noFile | (folder ? DIRECTIVE.noSpace : 0) };
}

/** The shell's question answered: what can go where the word is. */
export async function answer(
  root: Command,
  words: readonly string[],
  o: { run: RunSpec; topics: () => Promise<readonly string[]>; reached?: (cmd: Command) => void },
): Promise<Answer> {
  const word = words.at(-1) ?? '';
  const pos = position(root, words.slice(0, -1), word);
  o.reached?.(pos.cmd);
  const { cmd } = pos;
  if (pos.valueFor) {
    const { option, prefix } = pos.valueFor;
    const value = word.slice(prefix.length);
    const fixed = valuesOf(option);
    if (fixed)
      return answerOf(
        fixed.map((v) => ({ value: v })),
        word,
        prefix,
      );
    const spec = completerOf(option);
    if (!spec) return { candidates: [], directive: 0 };
    const list = await o.run(spec, pos, value);
    return list === undefined ? NO_ANSWER : answerOf(list, word, prefix);
  }
  // A first word that is no command is an alias or a plugin: its words are its own, not ops's flags.
  if (cmd === root && pos.args.length > 0 && !pos.help) return { candidates: [], directive: 0 };
  if (!pos.dashdash && word.startsWith('-')) return answerOf(flagCandidates(cmd, word), word);
  if (pos.help) return answerOf(await helpCandidates(root, pos, o.topics), word);
  if (cmd === root && pos.args.length === 0) return answerOf(topLevelCandidates(root), word);
  if (cmd.commands.length > 0 && pos.args.length === 0) return answerOf(visibleCommands(cmd), word);
  const arg = argumentAt(cmd, pos.args.length);
  // No argument goes here: the flags are what can come next.
  if (!arg) return answerOf(flagCandidates(cmd, word), word);
  if (arg.argChoices?.length)
    return answerOf(
      arg.argChoices.map((value) => ({ value })),
      word,
    );
  const spec = completerOf(arg);
  // An argument nobody declared values for (a file, a path): the shell's own file names.
  if (!spec) return { candidates: [], directive: 0 };
  const list = await o.run(spec, pos, word);
  return list === undefined ? NO_ANSWER : answerOf(list, word);
}

/** The argument the next word fills: the last one takes every word when it is variadic. */
function argumentAt(cmd: Command, index: number): Argument | undefined {
  const all = cmd.registeredArguments;
  const last = all.at(-1);
  return all[index] ?? (last?.variadic ? last : undefined);
}

/** `ops help …`: the commands at that depth, and at the first the help topics too. */
async function helpCandidates(
  root: Command,
  pos: Position,
  topics: () => Promise<readonly string[]>,
): Promise<Candidate[]> {
  let cmd = pos.helpFrom ?? root;
  for (const w of pos.args) {
    const sub = cmd.commands.find((c) => c.name() === w);
    if (!sub) return [];
    cmd = sub;
  }
  if (cmd !== root) return visibleCommands(cmd);
  const list = await localWords(topics).list({} as never);
  return [...visibleCommands(root), ...list.map((t) => ({ ...t, description: 'help topic' }))];
}

/** How many items a completion asks the API for: one small page, as the picker's. */
export const COMPLETION_LIMIT = DEFAULT_LIMIT;
