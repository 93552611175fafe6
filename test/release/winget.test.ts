import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a build script without types
import { writeWinget } from '../../scripts/release/winget.mjs';

// The winget manifests of a release, from its facts and checksums (the real ones: npm run release).
const pkg = {
  version: '9.8.7',
  description: 'One command-line tool for eleven HTTP APIs: secrets and more',
  homepage: 'https://github.com/ops-cli/ops',
  license: 'MIT',
  author: 'The ops authors',
};
const url = 'https://github.com/ops-cli/ops/releases/download/v9.8.7';
const sha = 'ab'.repeat(32);

describe('the winget manifests', () => {
  it('are the three files of a portable zip package (schema 1.6.0), with the zip and its SHA-256', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-winget-'));
    writeWinget(dir, pkg, url, { 'ops_9.8.7_windows_amd64.zip': sha }, '2026-12-02');
    const files = readdirSync(join(dir, 'winget')).sort();
    expect(files).toEqual([
      'ops-cli.ops.installer.yaml',
      'ops-cli.ops.locale.en-US.yaml',
      'ops-cli.ops.yaml',
    ]);
    const read = (f: string) => readFileSync(join(dir, 'winget', f), 'utf8');
    const [installer, locale, version] = files.map((f) => parse(read(f)));
    for (const m of [installer, locale, version]) {
      expect(m).toMatchObject({
        PackageIdentifier: 'ops-cli.ops',
        PackageVersion: '9.8.7',
        ManifestVersion: '1.6.0',
      });
    }
    expect(read('ops-cli.ops.installer.yaml')).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/aka\.ms\/winget-manifest\.installer\.1\.6\.0\.schema\.json\n/,
    );
    expect(version).toEqual({
      PackageIdentifier: 'ops-cli.ops',
      PackageVersion: '9.8.7',
      DefaultLocale: 'en-US',
      ManifestType: 'version',
      ManifestVersion: '1.6.0',
    });
    expect(installer).toMatchObject({
      ManifestType: 'installer',
      InstallerType: 'zip',
      NestedInstallerType: 'portable',
      NestedInstallerFiles: [
        { RelativeFilePath: 'ops_9.8.7_windows_amd64\\ops.exe', PortableCommandAlias: 'ops' },
      ],
      ReleaseDate: '2026-12-02',
      Installers: [
        {
          Architecture: 'x64',
          InstallerUrl: `${url}/ops_9.8.7_windows_amd64.zip`,
          InstallerSha256: sha.toUpperCase(),
        },
      ],
    });
    expect(locale).toMatchObject({
      ManifestType: 'defaultLocale',
      PackageLocale: 'en-US',
      Publisher: 'The ops authors',
      PackageName: 'ops',
      License: 'MIT',
      ShortDescription: 'One command-line tool for eleven HTTP APIs',
      Description: pkg.description,
    });
  });

  it('a release without the Windows zip has none to describe', () => {
    expect(() => writeWinget(mkdtempSync(join(tmpdir(), 'ops-winget-')), pkg, url, {}, '2026-12-02')).toThrow(
      'the checksums have no ops_9.8.7_windows_amd64.zip',
    );
  });
});
