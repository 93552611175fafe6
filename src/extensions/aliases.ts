import { readFileSync } from 'node:fs';
import { configFile } from '../config/paths.js';

/** An alias's name: one word that a shell passes unquoted, never a flag. */
export const ALIAS_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** An alias as `ops alias list -o json` prints it. */
export interface Alias {
  name: string;
  /** The words it stands for (a shell alias: the `sh -c` script). */
  expansion: string;
  /** Run by `sh -c` rather than as `ops` words. */
  shell: boolean;
}

/**
 * The aliases of the config file's data, by name. They are kept as gh keeps them: the top-level
 * `aliases` object maps a name to its expansion, a shell alias's expansion starting with `!`, so a
 * file edited by hand reads as gh's does. An entry that is not a string is left out.
 */
export function aliasesIn(data: { aliases?: unknown } | undefined): Alias[] {
  const raw = data?.aliases;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, stored]) =>
      stored.startsWith('!')
        ? { name, expansion: stored.slice(1), shell: true }
        : { name, expansion: stored, shell: false },
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How an alias is written in the config file (see `aliasesIn`). */
export function storedExpansion(a: Pick<Alias, 'expansion' | 'shell'>): string {
  return a.shell ? `!${a.expansion}` : a.expansion;
}

/**
 * The aliases for a listing that must never fail (the root help page, completion): a config file that
 * is missing or cannot be read has none. A command that runs an alias reads the file strictly
 * (`readConfigFile`), so that a broken file is named rather than taken for an unknown command.
 */
export function aliasesForListing(env: Record<string, string | undefined>): Alias[] {
  try {
    return aliasesIn(JSON.parse(readFileSync(configFile(env), 'utf8')));
  } catch {
    return [];
  }
}
