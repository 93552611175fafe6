import type { Argument, Command, Option } from 'commander';
import type { Factory } from '../../app/types.js';
import { ConfigView, readConfigFile } from '../../config/file.js';
import { knownKeys } from '../../config/keys.js';
import { aliasesForListing } from '../../extensions/aliases.js';

/** One answer of a shell completion: the word, and what tells it from the others (zsh, fish, PowerShell). */
export interface Candidate {
  value: string;
  description?: string | undefined;
}

/** What a completer is handed when the shell asks (`ops __complete`, src/commands/completion/protocol.ts). */
export interface CompletionContext {
  /**
   * The factory of the completion: its IO writes nowhere and has no terminal, and its signal ends at
   * the deadline, so a completer cannot print, prompt or hang the shell.
   */
  factory: Factory;
  /** The verb, its options set from the command line as commander would set them (`--repo`, `-p`). */
  cmd: Command;
  /** The word being completed: the candidates are those that start with it. */
  word: string;
  /** The arguments before it. */
  args: readonly string[];
  /** How many items to ask the API for, at most: one small page. */
  limit: number;
}

export type Completer = (c: CompletionContext) => Promise<Candidate[]> | Candidate[];

export interface CompletionSpec {
  list: Completer;
  /**
   * The part of the word the answer depends on (a KV path's folder): another part is another question,
   * kept apart in the cache. Without it the answer is the same for every word, filtered by its start.
   */
  scope?: ((word: string) => string) | undefined;
  /**
   * The answer comes from the config file or the code (profiles, shells), not the service's API: no
   * cache, no deadline's worth of waiting.
   */
  local?: boolean | undefined;
}

const OF = new WeakMap<Argument | Option, CompletionSpec>();

const specOf = (c: Completer | CompletionSpec): CompletionSpec => (typeof c === 'function' ? { list: c } : c);

/** Declares the values a shell completes for this argument (or option), once, where it is declared. */
export function completing<T extends Argument | Option>(on: T, completer: Completer | CompletionSpec): T {
  OF.set(on, specOf(completer));
  return on;
}

/** Declares what the shell completes for the verb's argument at `index` (0 for the first). */
export function completeArgument(
  cmd: Command,
  index: number,
  completer: Completer | CompletionSpec,
): Command {
  const arg = cmd.registeredArguments[index];
  if (!arg) throw new Error(`${cmd.name()} has no argument ${index}`);
  completing(arg, completer);
  return cmd;
}

/** Declares what the shell completes for the value of this option. */
export function completeOption(option: Option, completer: Completer | CompletionSpec): Option {
  return completing(option, completer);
}

/** What completes this argument or option's value, if anything does. */
export function completerOf(on: Argument | Option): CompletionSpec | undefined {
  return OF.get(on);
}

/** Candidates from fixed words (shells, topics): never a request. */
export const localWords = (words: () => readonly string[] | Promise<readonly string[]>): CompletionSpec => ({
  local: true,
  list: async () => (await words()).map((value) => ({ value })),
});

/** The profiles of the config file (`-p <TAB>`, `ops config use <TAB>`), the current one marked. */
export const profileCompletion: CompletionSpec = {
  local: true,
  list: (c) => {
    const data = readConfigFile(c.factory.io.env);
    const view = data ? new ConfigView(() => data) : undefined;
    const current = view?.currentProfile() ?? 'default';
    return (view?.profiles() ?? ['default']).map((value) => ({
      value,
      description: value === current ? 'profile (current)' : 'profile',
    }));
  },
};

/** The services (`ops auth status <TAB>`), each with its summary. */
export const serviceCompletion: CompletionSpec = {
  local: true,
  list: (c) => c.factory.services.map((s) => ({ value: s.name, description: s.summary })),
};

/** The keys a profile may hold (`ops config get|set|unset <TAB>`), each with what it is. */
export const configKeyCompletion: CompletionSpec = {
  local: true,
  list: async (c) =>
    (await knownKeys(c.factory.services)).map((k) => ({ value: k.key, description: k.description })),
};

/** The aliases (`ops alias delete <TAB>`), each with what it stands for. */
export const aliasCompletion: CompletionSpec = {
  local: true,
  list: (c) => aliasesForListing(c.factory.io.env).map((a) => ({ value: a.name, description: a.expansion })),
};
