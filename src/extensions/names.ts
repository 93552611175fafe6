import { aliasesForListing } from './aliases.js';
import { findPlugins } from './plugins.js';

/**
 * The names `ops` answers to beyond its own commands, for listings (the root help page, completion):
 * never an error, a broken config file or an unreadable PATH folder giving none.
 */

type Env = Record<string, string | undefined>;

/** The aliases' names (`ops alias list`), sorted. */
export function aliasNames(env: Env): string[] {
  return aliasesForListing(env).map((a) => a.name);
}

/** The names of the plugins that can run (executable `ops-NAME` on PATH), each once, sorted. */
export function pluginNames(env: Env): string[] {
  const names = findPlugins(env)
    .filter((p) => p.executable)
    .map((p) => p.name);
  return [...new Set(names)].sort();
}

/**
 * Whether the root help page has more to list than the page the build wrote: an alias, or a plugin
 * that can run. Answered from the config file and one read of each PATH folder (about 2 ms), which
 * only `ops --help` and `ops help` pay; with neither, the built page is the page.
 */
export function hasExtensions(env: Env): boolean {
  return aliasesForListing(env).length > 0 || findPlugins(env).some((p) => p.executable);
}
