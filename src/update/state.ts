import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../config/paths.js';

/** What a release's `version.json` tells (made by `npm run release`, scripts/release/join.mjs). */
export interface Release {
  version: string;
  /** The release commit's date, YYYY-MM-DD. */
  date: string;
  /** The release's page. */
  url: string;
}

/** The update check's record in the cache folder: when it last looked, and what it found. */
export interface UpdateState {
  checkedAt: string;
  latest?: Release;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the update check keeps its record. */
export function stateFile(env: Record<string, string | undefined>): string {
  return join(cacheDir(env), 'update.json');
}

/** The record, or undefined when there is none or it cannot be read (it is only a cache). */
export function readState(env: Record<string, string | undefined>): UpdateState | undefined {
  try {
    const raw = JSON.parse(readFileSync(stateFile(env), 'utf8')) as Partial<UpdateState>;
    if (typeof raw.checkedAt !== 'string') return undefined;
    const latest = parseRelease(raw.latest);
    return { checkedAt: raw.checkedAt, ...(latest ? { latest } : {}) };
  } catch {
    return undefined;
  }
}

/** Writes the record, 0600, whole or not at all (a run reading it meanwhile sees the old one). */
export function writeState(env: Record<string, string | undefined>, state: UpdateState): void {
  const file = stateFile(env);
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

const VERSION_SHAPE = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,40})?$/;
const URL_SHAPE = /^https?:\/\/[\x21-\x7e]{1,300}$/;

/** A version as a release names it (`0.3.0`, `1.0.0-rc.1`), a leading `v` dropped; else undefined. */
export function releaseVersion(raw: string): string | undefined {
  const v = raw.startsWith('v') ? raw.slice(1) : raw;
  return VERSION_SHAPE.test(v) ? v : undefined;
}

/**
 * A `version.json` as it must be, else undefined: what a server sends is printed on a terminal, so
 * only a version and an address of plain printable characters are taken.
 */
export function parseRelease(json: unknown): Release | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const { version, date, url } = json as Record<string, unknown>;
  if (typeof version !== 'string' || typeof url !== 'string') return undefined;
  const v = releaseVersion(version);
  if (!v || !URL_SHAPE.test(url)) return undefined;
  const d = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '';
  return { version: v, date: d, url };
}

/** Whether `candidate` is a later version than `current` (a pre-release is earlier than its release). */
export function isNewer(candidate: string, current: string): boolean {
  const a = releaseVersion(candidate);
  const b = releaseVersion(current);
  if (!a || !b) return false;
  const [aCore, aPre] = split(a);
  const [bCore, bPre] = split(b);
  for (let i = 0; i < 3; i++) if (aCore[i] !== bCore[i]) return aCore[i]! > bCore[i]!;
  if (aPre === bPre) return false;
  if (aPre === undefined) return true;
  if (bPre === undefined) return false;
  return comparePre(aPre, bPre) > 0;
}

function split(v: string): [number[], string | undefined] {
  const dash = v.indexOf('-');
  const core = (dash < 0 ? v : v.slice(0, dash)).split('.').map(Number);
  return [core, dash < 0 ? undefined : v.slice(dash + 1)];
}

/** Semver's order of pre-release identifiers: numbers by value and before words. */
function comparePre(a: string, b: string): number {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === undefined) return -1;
    if (y[i] === undefined) return 1;
    const m = /^\d+$/.test(x[i]!);
    const n = /^\d+$/.test(y[i]!);
    if (m && n && Number(x[i]) !== Number(y[i])) return Number(x[i]) - Number(y[i]);
    if (m !== n) return m ? -1 : 1;
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return 0;
}
