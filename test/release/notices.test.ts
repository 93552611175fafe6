import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the release scripts are plain ES modules, without types.
import { formula, readChecksums, scoop } from '../../scripts/release/manifests.mjs';
// @ts-expect-error: as above.
import { changelogSection } from '../../scripts/release/join.mjs';
// @ts-expect-error: as above.
import { components, noticesText, sbom } from '../../scripts/release/notices.mjs';

/** A project folder with a lockfile and two bundled packages, one of them as `license` says. */
function project(license: string | undefined, licenseFile = true) {
  const root = mkdtempSync(join(tmpdir(), 'ops-notices-'));
  const lock = { packages: {} as Record<string, unknown> };
  for (const [name, lic] of [
    ['alpha', 'MIT'],
    ['@scope/beta', license],
  ] as const) {
    const dir = join(root, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    if (name === 'alpha' || licenseFile) writeFileSync(join(dir, 'LICENSE'), `${name} license text\n`);
    lock.packages[`node_modules/${name}`] = {
      version: '1.2.3',
      license: lic,
      integrity: `sha512-${'A'.repeat(86)}==`,
    };
  }
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock));
  writeFileSync(
    join(root, 'packages.json'),
    JSON.stringify(['node_modules/@scope/beta', 'node_modules/alpha']),
  );
  return root;
}

const pkg = { name: 'ops-cli', version: '0.2.0', license: 'MIT', description: 'd: e', homepage: 'https://h' };

describe('third-party notices and the SBOM', () => {
  it('list every bundled package with its license, named by the lockfile and quoted from the package', () => {
    const root = project('Apache-2.0');
    const list = components(root, join(root, 'packages.json'));
    expect(list.map((c: { name: string; license: string }) => [c.name, c.license])).toEqual([
      ['@scope/beta', 'Apache-2.0'],
      ['alpha', 'MIT'],
    ]);
    const text = noticesText(pkg, list);
    expect(text).toContain('- @scope/beta 1.2.3 (Apache-2.0)');
    expect(text).toContain('@scope/beta license text');
    const bom = sbom(pkg, list, '2026-11-28');
    expect(bom).toMatchObject({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { name: 'ops-cli' } },
    });
    expect(bom.components[0]).toMatchObject({
      name: '@scope/beta',
      purl: 'pkg:npm/%40scope/beta@1.2.3',
      licenses: [{ expression: 'Apache-2.0' }],
      hashes: [{ alg: 'SHA-512', content: expect.stringMatching(/^[0-9a-f]{128}$/) }],
    });
    expect(bom.serialNumber).toBe(sbom(pkg, list, '2026-11-28').serialNumber);
  });

  it('a package without a license in the lockfile fails the release, naming it', () => {
    const root = project(undefined);
    expect(() => components(root, join(root, 'packages.json'))).toThrow(
      'no license for @scope/beta@1.2.3 (no license in the lockfile): a release carries only licensed code',
    );
  });

  it('a package without a license file fails it too', () => {
    const root = project('MIT', false);
    expect(() => components(root, join(root, 'packages.json'))).toThrow(
      '@scope/beta@1.2.3 (no license file)',
    );
  });
});

describe('the Homebrew formula and the Scoop manifest', () => {
  const sum = (c: string) => c.repeat(64);
  const sums = readChecksums(
    `${sum('a')}  ops_0.2.0_linux_amd64.tar.xz\n${sum('b')}  ops_0.2.0_linux_arm64.tar.xz\n${sum('c')}  ops_0.2.0_windows_amd64.zip\n`,
  );

  it('name each archive this release has, with its checksum', () => {
    const rb = formula(pkg, 'https://dl/v0.2.0', sums);
    expect(rb).toContain(
      `    on_intel do\n      url "https://dl/v0.2.0/ops_0.2.0_linux_amd64.tar.xz"\n      sha256 "${sum('a')}"`,
    );
    expect(rb).toContain(
      `    on_arm do\n      url "https://dl/v0.2.0/ops_0.2.0_linux_arm64.tar.xz"\n      sha256 "${sum('b')}"`,
    );
    // No macOS archive in these checksums: no macOS block, rather than a URL without a checksum.
    expect(rb).not.toContain('on_macos');
    const withMac = formula(pkg, 'https://dl/v0.2.0', { ...sums, 'ops_0.2.0_macOS_arm64.zip': sum('d') });
    expect(withMac).toContain(
      `  on_macos do\n    on_arm do\n      url "https://dl/v0.2.0/ops_0.2.0_macOS_arm64.zip"`,
    );
    const json = scoop(pkg, 'https://dl/v0.2.0', sums);
    expect(json.architecture['64bit']).toEqual({
      url: 'https://dl/v0.2.0/ops_0.2.0_windows_amd64.zip',
      hash: sum('c'),
      extract_dir: 'ops_0.2.0_windows_amd64',
    });
    expect(json.bin).toBe('ops.exe');
  });

  it('refuse a checksums file that is not one, and a release without its Windows archive', () => {
    expect(() => readChecksums('abc  file\n')).toThrow('not a checksums line: abc  file');
    expect(() => scoop(pkg, 'https://dl', {})).toThrow('the checksums have no ops_0.2.0_windows_amd64.zip');
  });
});

describe('the release notes', () => {
  const log =
    '# Changelog\n\n## [0.2.0] - Unreleased\n\n### Added\n- one\n\n## [0.1.0] - 2026-10-01\n- old\n';
  it('are the CHANGELOG section of the version', () => {
    expect(changelogSection('0.2.0', log)).toBe('## ops 0.2.0\n\n### Added\n- one');
    expect(changelogSection('0.1.0', log)).toBe('## ops 0.1.0\n\n- old');
  });
  it('a version without a section fails the release', () => {
    expect(() => changelogSection('0.3.0', log)).toThrow('CHANGELOG.md has no section "## [0.3.0]"');
  });
});
