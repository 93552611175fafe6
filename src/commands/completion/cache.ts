import { createHash } from 'node:crypto';
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
 * The file of one question: its name is a hash of what the answer depends on (profile, service, base
 * URL, the command line), so that neither an address nor anything typed is readable there, and the
 * file holds the candidates alone, never a credential.
 */
function fileOf(
  env: Record<string, string | undefined>,
  key: readonly unknown[],
): { dir: string; file: string } {
  const dir = join(cacheDir(env), 'completion');
  const name = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32);
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
