import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASE_SIGNERS } from '../../src/update/signature.js';
// @ts-expect-error: a build script without types
import { projectSigners, signChecksums } from '../../scripts/release/sign.mjs';

// The join's signature of the checksums (scripts/release/sign.mjs), with keys made here.
const sums = 'ops_9.8.7_checksums.txt';
function release(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ops-sign-'));
  writeFileSync(join(dir, sums), `${'0'.repeat(64)}  ops_9.8.7_linux_amd64.tar.xz\n`);
  return dir;
}
const verify = (signers: string, sig: string, file: string) =>
  execFileSync(
    'ssh-keygen',
    ['-Y', 'verify', '-f', signers, '-I', 'release@ops-cli', '-n', 'file', '-s', sig],
    {
      input: readFileSync(file),
      encoding: 'utf8',
    },
  );

describe('the release signs its checksums', () => {
  it('without a key: a throwaway key, said so, and a file no installer takes for a signature', () => {
    const dir = release();
    const lines: string[] = [];
    const testSigners = join(dir, '..', `${dir.split('/').pop()}-signers`);
    const file = signChecksums(dir, sums, {
      key: undefined,
      signers: projectSigners(),
      testSigners,
      log: (l: string) => lines.push(l),
    });
    expect(file).toBe(`${sums}.unsigned-test.sig`);
    expect(readdirSync(dir).sort()).toEqual([sums, `${sums}.unsigned-test.sig`]);
    expect(lines).toEqual([
      `no OPS_RELEASE_SIGNING_KEY: ${sums} is signed with a throwaway key, as ${sums}.unsigned-test.sig (not a release signature; its allowed_signers is ${testSigners})`,
    ]);
    expect(verify(testSigners, join(dir, file), join(dir, sums))).toContain(
      'Good "file" signature for release@ops-cli',
    );
  });

  it('with OPS_RELEASE_SIGNING_KEY: the .sig its allowed_signers verifies; a key it does not allow is refused', () => {
    const keys = mkdtempSync(join(tmpdir(), 'ops-sign-key-'));
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 't', '-f', join(keys, 'k')]);
    const pub = readFileSync(join(keys, 'k.pub'), 'utf8').split(' ').slice(0, 2).join(' ');
    writeFileSync(join(keys, 'signers'), `release@ops-cli namespaces="file" ${pub}\n`);
    const dir = release();
    const o = { key: join(keys, 'k'), testSigners: join(keys, 'unused'), log: () => undefined };
    expect(signChecksums(dir, sums, { ...o, signers: join(keys, 'signers') })).toBe(`${sums}.sig`);
    expect(verify(join(keys, 'signers'), join(dir, `${sums}.sig`), join(dir, sums))).toContain('Good');
    expect(() => signChecksums(dir, sums, { ...o, signers: projectSigners() })).toThrow(
      `the key OPS_RELEASE_SIGNING_KEY names is not the one ${projectSigners()} allows for release@ops-cli`,
    );
    expect(existsSync(join(dir, `${sums}.sig`))).toBe(false);
  });

  it("ops upgrade carries the project's key, release/allowed_signers", () => {
    expect(`${RELEASE_SIGNERS}\n`).toBe(readFileSync(projectSigners(), 'utf8'));
  });
});
