import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A key of the test's own that signs a fake release's checksums as `npm run release` signs the real
 * ones (`ssh-keygen -Y sign -n file`), and the allowed_signers file that trusts it, for
 * OPS_RELEASE_ALLOWED_SIGNERS.
 */
export function testReleaseKey(): { signers: string; sign: (file: string) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'ops-release-key-'));
  const key = join(dir, 'key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', key]);
  const pub = readFileSync(`${key}.pub`, 'utf8').split(' ').slice(0, 2).join(' ');
  const signers = join(dir, 'allowed_signers');
  writeFileSync(signers, `release@ops-cli namespaces="file" ${pub}\n`);
  return {
    signers,
    sign: (file) => execFileSync('ssh-keygen', ['-Y', 'sign', '-q', '-n', 'file', '-f', key, file]),
  };
}

/** A folder whose `ssh-keygen` answers as OpenSSH before 8.2 does (no `-Y find-principals`). */
export function oldSshKeygen(dir: string): string {
  const bin = mkdtempSync(join(dir, 'old-ssh-'));
  writeFileSync(
    join(bin, 'ssh-keygen'),
    '#!/bin/sh\necho \'Unsupported operation for -Y: "find-principals"\' >&2\nexit 1\n',
    { mode: 0o755 },
  );
  return bin;
}
