/**
 * The command a command line names, found without loading anything (no command tree, no service):
 * what the runtime dispatches on, and what main's loader names the code caches by before the runtime
 * is loaded. Imports only what main carries already.
 */
import { WORD } from './help-request.js';

/** Root flags that take a value, so the command name can be found without loading anything. */
const VALUE_FLAGS = new Set([
  '-o',
  '--output',
  '--query',
  '--field',
  '--jq',
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
  const at = targetIndex(args);
  if (at === undefined) return undefined;
  return args[at] === 'help' && args[at - 1] !== '--' ? (args[at + 1] ?? 'help') : args[at];
}

/** Where in argv the command's name is: the first word that is not a root flag or its value. */
export function targetIndex(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return i + 1 < args.length ? i + 1 : undefined;
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    return i;
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

/**
 * The group of code caches a command line reads and adds to (scripts/disk-loader.cjs): the top-level
 * command it names (`isCommand`: whether a word is one; main asks whether the build wrote its help
 * page), `__complete` (the shells' completion protocol), or `other` (an alias, a plugin, a word that
 * names nothing, no command at all). Each group's caches hold the code of its own commands only, so
 * that a command's start reads no other command's code, nor what another command ran hot: V8 keeps in
 * a cache which functions it compiled further, and compiles those again at once in the process that
 * reads it (docs/development.md).
 */
export function cacheGroup(args: string[], isCommand: (word: string) => boolean): string {
  if (args[0] === '__complete') return '__complete';
  const word = targetCommand(args);
  return word !== undefined && WORD.test(word) && isCommand(word) ? word : 'other';
}
