import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The asset of the single binary that holds the keyring library's native module (build-binary.mjs). */
export const KEYRING_ASSET = 'native/keyring.node';

/**
 * The keyring library in the single binary: its native module (linux-x64-gnu) is an asset, written
 * once to `$XDG_CACHE_HOME/ops` (named by its hash, so that a new version never loads an old file)
 * and loaded with `process.dlopen`, as the package's own loader would.
 */
export function loadFromBinary(env: Record<string, string | undefined>): unknown {
  const sea = process.getBuiltinModule('node:sea') as { getRawAsset(name: string): ArrayBuffer };
  let bytes: Buffer;
  try {
    bytes = Buffer.from(sea.getRawAsset(KEYRING_ASSET));
  } catch {
    throw new Error(
      `this binary is built for ${process.platform}-${process.arch} without the keyring module`,
    );
  }
  const home = env.HOME || process.getBuiltinModule('node:os').homedir();
  const dir = join(env.XDG_CACHE_HOME || join(home, '.cache'), 'ops');
  const file = join(dir, `keyring-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.node`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, bytes, { mode: 0o700 });
    renameSync(tmp, file);
  }
  const m = { exports: {} as unknown };
  process.dlopen(m, file);
  return m.exports;
}
