import { cacheDir, join } from '../config/paths.js';

/**
 * PATH folders' plugin-like names, kept between runs in `<cache>/path-listing.json` (0600): a folder is
 * read again when its modification time differs from the one kept, which any file added, removed or
 * renamed in it changes. A listing read within two seconds of the folder's last change is not trusted
 * the next time (a file added in the same tick of a coarse clock would leave the time as it was), as git
 * treats its racily clean index entries. Without a cache folder (no HOME, XDG_CACHE_HOME or
 * USERPROFILE) every folder is read, as before; a cache that cannot be read or written is no error.
 */

type Env = Record<string, string | undefined>;

interface Kept {
  /** The folder's mtime (ms) when it was read. */
  m: number;
  /** Whether `m` was at least two seconds before the reading (a listing to trust). */
  s: boolean;
  /** The names the filter kept. */
  f: string[];
}

const FILE = 'path-listing.json';
const RACY_MS = 2000;

export interface FolderListings {
  /** The names of `dir` the filter keeps (from the cache when the folder has not changed); undefined when it cannot be read. */
  names(dir: string, filter: (all: string[]) => string[]): string[] | undefined;
  /** Writes the cache when a folder was read again. */
  save(): void;
}

/** The cache folder (config/paths.ts), only where the environment names a home: no test or bare env writes to the real one. */
const cacheFolder = (env: Env): string | undefined =>
  env.XDG_CACHE_HOME || env.HOME || env.USERPROFILE ? cacheDir(env) : undefined;

export function folderListings(env: Env): FolderListings {
  const fs = process.getBuiltinModule('node:fs');
  const folder = cacheFolder(env);
  let kept: Record<string, Kept> = {};
  if (folder !== undefined)
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(join(folder, FILE), 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        kept = parsed as Record<string, Kept>;
    } catch {
      // No cache yet, or one this version cannot read: every folder is read.
    }
  const next: Record<string, Kept> = {};
  let changed = false;
  return {
    names(dir, filter) {
      const mtime = fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs;
      if (mtime === undefined) return undefined;
      const k = kept[dir];
      if (k?.s && k.m === mtime && Array.isArray(k.f)) {
        next[dir] = k;
        return k.f;
      }
      let all: string[];
      try {
        all = fs.readdirSync(dir);
      } catch {
        return undefined;
      }
      const names = filter(all);
      next[dir] = { m: mtime, s: Date.now() - mtime >= RACY_MS, f: names };
      changed = true;
      return names;
    },
    save() {
      if (folder === undefined || !changed) return;
      try {
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        const file = join(folder, FILE);
        const partial = `${file}.${process.pid}`;
        fs.writeFileSync(partial, JSON.stringify(next), { mode: 0o600 });
        fs.renameSync(partial, file);
      } catch {
        // A read-only home: the next run reads the folders again.
      }
    },
  };
}
