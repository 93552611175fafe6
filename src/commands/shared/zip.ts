import { lstat, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { NetworkError, UsageError } from '../../errors.js';
import { quote } from './parse.js';
import { namedExports } from '../../lazy.js';
import type { Printer } from '../../output/printer.js';

export interface ZipEntry {
  /** The entry's name inside the archive, with forward slashes. */
  name: string;
  data: Uint8Array;
}

/**
 * Reads every file of a zip archive (run logs, artifacts) that `service` answered with, with fflate, a
 * small maintained pure-JS library loaded only here. Folders are left out; entries come in archive
 * order. An archive that is not one is a bad answer of the service (exit 7), not the user's mistake.
 */
export async function readZip(archive: Uint8Array, what: string, service: string): Promise<ZipEntry[]> {
  const { unzipSync } = namedExports(await import('fflate'));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(archive);
  } catch (err) {
    throw new NetworkError(
      service,
      `${service}: ${what} is not a readable zip archive: ${(err as Error).message}`,
    );
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

/** What a download does with a file that exists (docs/grammar.md, "Downloads"). */
export type Existing = 'refuse' | 'clobber' | 'skip';

/** `--clobber` and `--skip-existing`, the same on every command that writes files. */
export function addDownloadOptions(cmd: Command): Command {
  return cmd
    .option('--clobber', 'overwrite files that exist')
    .option('--skip-existing', 'keep files that exist and write the rest');
}

/** Reads `--clobber` / `--skip-existing`; both at once is a usage error. */
export function parseExisting(o: { clobber?: boolean; skipExisting?: boolean }): Existing {
  if (o.clobber && o.skipExisting)
    throw new UsageError('--clobber and --skip-existing cannot be combined', 'give one of them');
  return o.clobber ? 'clobber' : o.skipExisting ? 'skip' : 'refuse';
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined;
}

/** How many names an error lists before "and N more". */
const LISTED = 10;

/**
 * Writes every entry under `dir` (created as needed), refusing any that would leave it; returns what
 * it wrote, in archive order. A file that exists stops everything before anything is written (exit 2,
 * the names listed) unless `existing` is `clobber` (replaced: a link there is removed, never followed)
 * or `skip` (kept, the rest written).
 */
export async function extractZip(
  entries: readonly ZipEntry[],
  dir: string,
  existing: Existing = 'refuse',
): Promise<Array<{ path: string; entry: ZipEntry }>> {
  // Every name is checked before anything is written: nothing half-extracted from a hostile archive.
  const targets = entries.map((e) => safeEntryPath(dir, e.name));
  const there = await Promise.all(targets.map(exists));
  if (existing === 'refuse' && there.some(Boolean)) {
    const names = targets.filter((_, i) => there[i]);
    const shown = names.slice(0, LISTED).join(', ');
    throw new UsageError(
      `${names.length} ${names.length === 1 ? 'file exists' : 'files exist'}, nothing written: ${shown}${names.length > LISTED ? ` and ${names.length - LISTED} more` : ''}`,
      'give --clobber to overwrite them, or --skip-existing to keep them and write the rest',
    );
  }
  const root = await realRoot(dir);
  const written: Array<{ path: string; entry: ZipEntry }> = [];
  for (const [i, e] of entries.entries()) {
    if (there[i] && existing === 'skip') continue;
    const target = targets[i]!;
    await mkdir(dirname(target), { recursive: true });
    // A folder on the way may be a link that leads out of `dir`: the real place must stay inside.
    const parent = await realpath(dirname(target));
    if (parent !== root && !parent.startsWith(`${root}${sep}`))
      throw new UsageError(`refusing archive entry "${e.name}": it would be written outside ${dir}`);
    if (there[i]) await rm(target, { force: true });
    await writeFile(target, e.data, { flag: 'wx' });
    written.push({ path: target, entry: e });
  }
  return written;
}

/** Extracts the entries under `dir` (see `extractZip`) and prints the files written, with their sizes. */
export async function downloadInto(
  printer: Printer,
  entries: readonly ZipEntry[],
  dir: string,
  existing: Existing,
): Promise<void> {
  const written = await extractZip(entries, dir, existing);
  await printer.print(
    written.map((w) => ({ file: w.path, bytes: w.entry.data.length })),
    {
      columns: [
        { header: 'file', get: (r) => r.file },
        { header: 'bytes', get: (r) => r.bytes, format: 'bytes' },
      ],
    },
  );
}

async function realRoot(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return realpath(dir);
}
