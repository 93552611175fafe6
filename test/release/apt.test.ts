import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script without types
import { KEYRING, releaseFile, writeApt } from '../../scripts/release/apt.mjs';

// The apt repository of a release (scripts/release/apt.mjs) from two small .debs; apt itself reads the
// real one in scripts/release/check-apt.sh.
const V = '9.8.7';
const epoch = 1_764_000_000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function release(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ops-apt-'));
  for (const arch of ['amd64', 'arm64']) {
    const tree = join(dir, `tree-${arch}`);
    mkdirSync(join(tree, 'DEBIAN'), { recursive: true });
    mkdirSync(join(tree, 'usr/bin'), { recursive: true });
    writeFileSync(join(tree, 'usr/bin/ops'), `ops for ${arch}\n`);
    writeFileSync(
      join(tree, 'DEBIAN/control'),
      `Package: ops\nVersion: ${V}\nArchitecture: ${arch}\nMaintainer: The ops authors\nDescription: ops\n ops\n`,
    );
    execFileSync(
      'dpkg-deb',
      ['--root-owner-group', '--build', tree, join(dir, `ops_${V}_linux_${arch}.deb`)],
      {
        stdio: 'ignore',
      },
    );
  }
  return dir;
}

const gpg = (home: string, args: string[]) =>
  execFileSync('gpg', ['--homedir', home, '--batch', '--quiet', '--pinentry-mode', 'loopback', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the apt repository', () => {
  it('signs with the key OPS_RELEASE_GPG_KEY names: InRelease and Release.gpg verify with the key exported into the repository', () => {
    const dir = release();
    const home = mkdtempSync(join(tmpdir(), 'ops-apt-gpg-'));
    gpg(home, [
      '--passphrase',
      '',
      '--quick-generate-key',
      'test release key <test@ops-cli>',
      'ed25519',
      'sign',
      '1d',
    ]);
    const key = join(home, 'secret.asc');
    writeFileSync(key, gpg(home, ['--armor', '--export-secret-keys']));
    const lines: string[] = [];
    const keyring = writeApt(
      dir,
      { version: V },
      { epoch, key, testKeyring: join(dir, 'test.gpg'), log: (l: string) => lines.push(l) },
    );
    expect(keyring).toBe(join(dir, 'apt', KEYRING));
    expect(existsSync(join(dir, 'test.gpg'))).toBe(false);
    expect(lines.join('\n')).not.toContain('throwaway');
    const suite = join(dir, 'apt/dists/stable');
    const check = mkdtempSync(join(tmpdir(), 'ops-apt-verify-'));
    execFileSync('gpgv', ['--keyring', keyring, join(suite, 'InRelease')], { stdio: 'ignore' });
    execFileSync('gpgv', ['--keyring', keyring, join(suite, 'Release.gpg'), join(suite, 'Release')], {
      stdio: 'ignore',
    });
    // Release edited after signing: its detached signature no longer verifies.
    writeFileSync(join(check, 'Release'), `${readFileSync(join(suite, 'Release'), 'utf8')}Label: other\n`);
    expect(() =>
      execFileSync('gpgv', ['--keyring', keyring, join(suite, 'Release.gpg'), join(check, 'Release')], {
        stdio: 'ignore',
      }),
    ).toThrow();
    // Each index names its .deb in pool/ by size and SHA-256, and Release names each index.
    const release_ = readFileSync(join(suite, 'Release'), 'utf8');
    for (const arch of ['amd64', 'arm64']) {
      const packages = readFileSync(join(suite, `main/binary-${arch}/Packages`), 'utf8');
      const deb = readFileSync(join(dir, 'apt', `pool/main/o/ops/ops_${V}_${arch}.deb`));
      expect(deb).toEqual(readFileSync(join(dir, `ops_${V}_linux_${arch}.deb`)));
      expect(packages).toContain(`Architecture: ${arch}\n`);
      expect(packages).toContain(
        `Filename: pool/main/o/ops/ops_${V}_${arch}.deb\nSize: ${deb.length}\nSHA256: ${sha(deb)}\n`,
      );
      expect(release_).toContain(
        ` ${sha(Buffer.from(packages))} ${String(packages.length).padStart(9)} main/binary-${arch}/Packages\n`,
      );
    }
  });

  it('without a key: signed by a throwaway one, said so, its public key outside the repository', () => {
    const dir = release();
    const lines: string[] = [];
    const testKeyring = join(dir, 'release-test-apt-keyring.gpg');
    expect(writeApt(dir, { version: V }, { epoch, testKeyring, log: (l: string) => lines.push(l) })).toBe(
      testKeyring,
    );
    expect(lines[0]).toMatch(
      /^no OPS_RELEASE_GPG_KEY: apt\/ is signed with a throwaway key \(not a release signature/,
    );
    expect(existsSync(join(dir, 'apt', KEYRING))).toBe(false);
    execFileSync('gpgv', ['--keyring', testKeyring, join(dir, 'apt/dists/stable/InRelease')], {
      stdio: 'ignore',
    });
  });

  it('refuses a key file that holds no secret key, and makes nothing without both .debs', () => {
    const dir = release();
    const empty = join(dir, 'empty.asc');
    writeFileSync(empty, '');
    expect(() =>
      writeApt(dir, { version: V }, { epoch, key: empty, testKeyring: '', log: () => {} }),
    ).toThrow(`OPS_RELEASE_GPG_KEY (${empty}) holds no secret key`);
    const lines: string[] = [];
    expect(writeApt(dir, { version: '0.0.1' }, { epoch, log: (l: string) => lines.push(l) })).toBeUndefined();
    expect(lines[0]).toMatch(
      /^no apt repository: it is made of the linux \.debs, and .*ops_0\.0\.1_linux_amd64\.deb/,
    );
  });

  it("dates Release by the release commit, as apt's RFC 2822 form", () => {
    expect(releaseFile({}, epoch)).toContain('\nDate: Mon, 24 Nov 2025 16:00:00 UTC\n');
  });
});
