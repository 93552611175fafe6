import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The project's key, which signs each release's checksums file (release/allowed_signers). */
export const RELEASE_SIGNERS =
  'release@ops-cli namespaces="file" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBiPDSnSJNXElh3clFcUCqYkVRplq9DBwmNkrubMj8PG';

/** The identity the key is allowed as (`ssh-keygen -Y verify -I`). */
const IDENTITY = 'release@ops-cli';

function keygen(args: string[], input?: Buffer): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('ssh-keygen', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', () => resolve({ code: null, output: '' }));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * Whether this machine's ssh-keygen verifies signatures as 8.2+ does: `-Y find-principals` is 8.2's,
 * and older ones answer "Unsupported operation" or "illegal option" (as install.sh tells them apart).
 */
export async function canVerify(): Promise<boolean> {
  const r = await keygen(['-Y', 'find-principals']);
  return r.code !== null && !/unsupported|illegal|unknown option/i.test(r.output);
}

/**
 * Whether `signature` is the signature of `checksums` by a key `signers` (allowed_signers text)
 * allows as release@ops-cli.
 */
export async function verifies(checksums: Buffer, signature: Buffer, signers: string): Promise<boolean> {
  const work = mkdtempSync(join(tmpdir(), 'ops-verify-'));
  try {
    writeFileSync(join(work, 'allowed_signers'), signers);
    writeFileSync(join(work, 'checksums.sig'), signature);
    const args = ['-Y', 'verify', '-f', join(work, 'allowed_signers'), '-I', IDENTITY, '-n', 'file'];
    const r = await keygen([...args, '-s', join(work, 'checksums.sig')], checksums);
    return r.code === 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
