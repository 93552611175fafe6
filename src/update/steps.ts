import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { OpsError } from '../errors.js';
import { namedExports } from '../lazy.js';
import type { ArchiveOf } from './install.js';

/** The steps of an upgrade; a failure names its step, and the installed binary is left as it was. */
export type Step = 'download' | 'signature' | 'checksum' | 'extract' | 'replace';

/** An upgrade that stopped at a step: exit 1, one line naming the step, the old binary kept. */
export class UpgradeError extends OpsError {
  constructor(step: Step, why: string, kept: string) {
    super(`upgrade: ${step}: ${why} (${kept} is unchanged)`, { code: `upgrade_${step}` });
  }
}

/** The SHA-256 the checksums file (`sha256sum` form, as install.sh reads it) gives `file`, if any. */
export function expectedSum(checksums: string, file: string): string | undefined {
  for (const line of checksums.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+?)\r?$/.exec(line);
    if (m && m[2] === file) return m[1];
  }
  return undefined;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The binary inside a release archive: a `.tar.xz` unpacked by the system's `tar -xJf`, as install.sh
 * does (xz is not in Node), a `.zip` read with fflate. Only the binary of the archive's own folder is
 * taken.
 */
export async function extractBinary(archive: Uint8Array, of: ArchiveOf): Promise<Uint8Array> {
  const inner = `${of.name}/${of.binary}`;
  if (of.ext === 'zip') {
    const { unzipSync } = namedExports(await import('fflate'));
    const entry = unzipSync(archive, { filter: (f) => f.name === inner })[inner];
    if (!entry) throw new Error(`${of.file} has no ${inner}`);
    return entry;
  }
  const work = mkdtempSync(join(tmpdir(), 'ops-upgrade-'));
  try {
    const file = join(work, of.file);
    writeFileSync(file, archive);
    try {
      await promisify(execFile)('tar', ['-xJf', file, '-C', work, inner]);
    } catch (err) {
      const e = err as { code?: unknown; stderr?: string; message: string };
      if (e.code === 'ENOENT') throw new Error('needs tar (with xz) to unpack it');
      const said = (e.stderr ?? '').trim().split('\n')[0];
      throw new Error(`tar could not unpack ${inner} from ${of.file}${said ? `: ${said}` : ''}`);
    }
    return readFileSync(join(work, inner));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts `bytes` in place of the executable at `target`, whole or not at all: written beside it (same
 * file system), made executable, then renamed over it. Windows cannot replace a running .exe but can
 * rename it: the old one is moved aside to `<target>.old` first (and put back if the new one cannot
 * take its place); the next upgrade removes it.
 */
export function replaceExecutable(target: string, bytes: Uint8Array, platform = process.platform): void {
  const tmp = join(dirname(target), `.${basename(target)}.upgrade-${process.pid}`);
  try {
    writeFileSync(tmp, bytes, { mode: 0o755 });
    chmodSync(tmp, 0o755);
    if (platform === 'win32') {
      const old = `${target}.old`;
      rmSync(old, { force: true });
      renameSync(target, old);
      try {
        renameSync(tmp, target);
      } catch (err) {
        renameSync(old, target);
        throw err;
      }
    } else renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
