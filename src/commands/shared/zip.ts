import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../../errors.js';
import { quote } from './parse.js';
import { namedExports } from '../../lazy.js';

export interface ZipEntry {
  /** The entry's name inside the archive, with forward slashes. */
  name: string;
  data: Uint8Array;
}

/**
 * Reads every file of a zip archive (run logs, artifacts) with fflate, a small maintained pure-JS
 * library loaded only here. Folders are left out; entries come in archive order.
 */
export async function readZip(archive: Uint8Array, what = 'the archive'): Promise<ZipEntry[]> {
  const { unzipSync } = namedExports(await import('fflate'));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(archive);
  } catch (err) {
    throw new UsageError(`${what} is not a readable zip archive: ${(err as Error).message}`);
  }
  return Object.entries(files)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, data]) => ({ name, data }));
}

/**
 * Where an entry lands under `dir`, or an error when its name would leave it (`../x`, `/etc/x`, a
 * drive letter): a hostile archive must not write outside the folder the user chose.
 */
export function safeEntryPath(dir: string, name: string): string {
  const normal = name.replace(/\\/g, '/');
  const root = resolve(dir);
  const target = resolve(root, normal);
  const rel = relative(root, target);
  if (
    isAbsolute(normal) ||
    /^[a-zA-Z]:/.test(normal) ||
    rel === '' ||
    rel.startsWith(`..${sep}`) ||
    rel === '..' ||
    isAbsolute(rel)
  )
    throw new UsageError(`refusing archive entry ${quote(name)}: it would be written outside ${dir}`);
  return join(root, rel);
}

/** Writes every entry under `dir` (created as needed), refusing any that would leave it; returns the paths. */
export async function extractZip(entries: readonly ZipEntry[], dir: string): Promise<string[]> {
  // Every name is checked before anything is written: nothing half-extracted from a hostile archive.
  const targets = entries.map((e) => safeEntryPath(dir, e.name));
  const written: string[] = [];
  for (const [i, e] of entries.entries()) {
    const target = targets[i]!;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, e.data);
    written.push(target);
  }
  return written;
}
