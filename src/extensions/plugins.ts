import { join } from 'node:path';
import { folderListings } from './listing-cache.js';

/** A plugin is an executable `ops-NAME` on PATH (kubectl's `kubectl-NAME`). */
export const PLUGIN_PREFIX = 'ops-';

/** A file on PATH named like a plugin. */
export interface PluginFile {
  /** The command word it answers to: `ops NAME`. */
  name: string;
  path: string;
  /** Whether it can run: a plugin that cannot is listed with a warning, never run. */
  executable: boolean;
}

type Env = Record<string, string | undefined>;

const windows = (): boolean => process.platform === 'win32';

/** The folders of PATH, in order (Windows spells the variable `Path` and splits it with `;`). */
function pathFolders(env: Env): string[] {
  const value = env.PATH ?? env.Path ?? '';
  return value.split(windows() ? ';' : ':').filter((d) => d !== '');
}

/** Windows runs a file by its extension: PATHEXT's, in lower case (`.exe`, `.cmd`…). */
function pathExtensions(env: Env): string[] {
  return (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD')
    .split(';')
    .filter((e) => e.startsWith('.'))
    .map((e) => e.toLowerCase());
}

/** The command word a file on PATH answers to, or undefined when it is not a plugin's file. */
function pluginName(file: string, env: Env): { name: string; runnable: boolean } | undefined {
  if (!file.toLowerCase().startsWith(PLUGIN_PREFIX)) return undefined;
  let name = file.slice(PLUGIN_PREFIX.length);
  let runnable = true;
  if (windows()) {
    const dot = name.lastIndexOf('.');
    const ext = dot < 0 ? '' : name.slice(dot).toLowerCase();
    runnable = pathExtensions(env).includes(ext);
    if (runnable) name = name.slice(0, dot);
    name = name.toLowerCase();
  }
  return name === '' ? undefined : { name, runnable };
}

/** Whether a file is a regular file this process may run (on Windows, its extension said so). */
function canRun(path: string, byName: boolean): boolean {
  const fs = process.getBuiltinModule('node:fs');
  try {
    if (!fs.statSync(path).isFile()) return false;
    if (windows()) return byName;
    fs.accessSync(path, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every plugin file on PATH, in PATH's order: a name found twice is listed twice, the first the one
 * that runs. A folder that cannot be read is passed over. Reading every folder costs about 2 ms for a
 * usual PATH (/usr/bin's thousand names), more than the rest of `ops --help`'s start beyond Node's
 * own: each folder's plugin-like names are kept in the cache folder (listing-cache.ts) and read again
 * only when the folder changed. Whether a file can run is asked each time (a chmod changes no folder).
 */
export function findPlugins(env: Env): PluginFile[] {
  const fs = process.getBuiltinModule('node:fs');
  const found: PluginFile[] = [];
  const listings = folderListings(env);
  // Most of a folder is other programs (/usr/bin holds a thousand): the prefix is looked at first.
  const prefix = windows() ? /^ops-/i : /^ops-/;
  for (const dir of pathFolders(env)) {
    const files = listings.names(dir, (all) => all.filter((f) => prefix.test(f)));
    if (files === undefined) continue;
    for (const file of [...files].sort()) {
      const named = pluginName(file, env);
      if (!named) continue;
      const path = join(dir, file);
      // A folder named like a plugin is no file at all.
      if (!fs.statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
      found.push({ name: named.name, path, executable: canRun(path, named.runnable) });
    }
  }
  listings.save();
  return found;
}

/**
 * The path of the plugin that `ops NAME` runs: the first executable `ops-NAME` on PATH (on Windows
 * `ops-NAME` with one of PATHEXT's extensions), or undefined. It looks only at the names it could
 * be, without reading whole folders.
 */
export function findPlugin(name: string, env: Env): string | undefined {
  const names = windows()
    ? pathExtensions(env).map((ext) => `${PLUGIN_PREFIX}${name}${ext}`)
    : [`${PLUGIN_PREFIX}${name}`];
  for (const dir of pathFolders(env))
    for (const file of names) {
      const path = join(dir, file);
      if (canRun(path, true)) return path;
    }
  return undefined;
}
