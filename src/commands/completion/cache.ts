import {
  chmodSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../config/paths.js';
import type { Candidate } from '../shared/complete.js';

/** How long an answer from an API is reused: long enough for the TABs of one command line. */
export const CACHE_SECONDS = 30;

/**
 * A 53-bit hash of the text (cyrb53), in base 36. node:crypto's SHA-256 would cost a TAB about 8 ms of
 * loading Node's crypto modules, for a name nobody but this cache reads.
 */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The file of one question: its name is a hash of what the answer depends on (profile, service, base
 * URL, the command line), so that neither an address nor anything typed is readable there, and the
 * file holds the candidates alone, never a credential.
 */
function fileOf(
  env: Record<string, string | undefined>,
  key: readonly unknown[],
): { dir: string; file: string } {
  const dir = join(cacheDir(env), 'completion');
  const text = JSON.stringify(key);
  // Two seeds: 106 bits, so that two questions never share a file.
  const name = `${hash53(text, 1)}-${hash53(text, 2)}`;
  return { dir, file: join(dir, `${name}.json`) };
}

/** The answer kept for this question, when it is younger than CACHE_SECONDS. */
export function cachedAnswer(
  env: Record<string, string | undefined>,
  key: readonly unknown[],
  now = Date.now(),
): Candidate[] | undefined {
  const { file } = fileOf(env, key);
  try {
    if (now - statSync(file).mtimeMs > CACHE_SECONDS * 1000) return undefined;
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(list) ? (list as Candidate[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps an answer (0600, in a 0700 folder), written whole or not at all; answers past their time are
 * removed on the way, so that the folder holds only the last minute's.
 */
export function keepAnswer(
  env: Record<string, string | undefined>,
  key: readonly unknown[],
  list: readonly Candidate[],
  now = Date.now(),
): void {
  const { dir, file } = fileOf(env, key);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      const old = join(dir, name);
      if (now - statSync(old).mtimeMs > CACHE_SECONDS * 1000) rmSync(old, { force: true });
    }
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(list), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written costs the next TAB a request, nothing more.
  }
}
