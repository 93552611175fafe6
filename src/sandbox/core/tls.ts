import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { OpsError } from '../../errors.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { namedExports } from '../../lazy.js';

export interface SandboxTls {
  key: string;
  cert: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made at start. */
export async function makeSandboxTls(): Promise<SandboxTls> {
  const { generate } = namedExports(await import('selfsigned'));
  const pems = await generate([{ name: 'commonName', value: 'ops sandbox' }], {
    keySize: 2048,
    days: 30,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  return { key: pems.private, cert: pems.cert };
}

/**
 * This user's own folder for sandbox files: `$TMPDIR/ops-<uid>`, mode 0700. A path anyone can guess
 * is only safe when it is checked: a symlink, a file, another user's folder or one others can write
 * is refused rather than written through.
 */
export function privateRoot(create: boolean, base: string): string {
  const uid = process.getuid?.();
  const dir = join(base, `ops-${uid ?? 'user'}`);
  if (!create) return dir;
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const st = lstatSync(dir);
  // Windows has no modes to check (its temporary folder is the user's own already): a folder is enough.
  const shared = process.platform !== 'win32' && (st.mode & 0o077) !== 0;
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || shared)
    throw new OpsError(`refusing to write the sandbox's files under ${dir}`, {
      hint: 'it must be a folder of yours with mode 0700 (not a link); remove it and start again',
    });
  return dir;
}

/** Where `sandbox start --tls` writes its certificate, so `sandbox env --tls` can name it. */
export function sandboxCaPath(port: number, base = tmpdir()): string {
  return join(privateRoot(false, base), `ops-sandbox-${port}`, 'ca.pem');
}

/** Writes the CA into a folder made fresh (0700) inside this user's private folder. */
/** `base` is the temporary folder (tests give their own). */
export function writeSandboxCa(port: number, cert: string, base = tmpdir()): string {
  const root = privateRoot(true, base);
  const dir = join(root, `ops-sandbox-${port}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: 0o700 });
  const path = join(dir, 'ca.pem');
  writeFileSync(path, cert, { mode: 0o644, flag: 'wx' });
  return path;
}
