import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the release, plain JavaScript
import { versionJson } from '../../scripts/release/join.mjs';
import {
  type Executable,
  LATEST_VERSION_URL,
  RELEASES_URL,
  archiveOf,
  installMethod,
  thisExecutable,
  upgradeLine,
} from '../../src/update/install.js';
import { isNewer, parseRelease, releaseVersion } from '../../src/update/state.js';
import { expectedSum, extractBinary, replaceExecutable } from '../../src/update/steps.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { homepage: string; version: string };

describe('versions', () => {
  it.each([
    ['0.3.0', '0.2.0', true],
    ['0.2.0', '0.2.0', false],
    ['0.2.0', '0.3.0', false],
    ['0.10.0', '0.9.0', true],
    ['1.0.0', '0.99.99', true],
    ['1.0.0', '1.0.0-rc.1', true],
    ['1.0.0-rc.1', '1.0.0', false],
    ['1.0.0-rc.10', '1.0.0-rc.9', true],
    ['1.0.0-rc.1', '1.0.0-beta.2', true],
    ['v0.3.0', '0.2.0', true],
    ['nonsense', '0.2.0', false],
  ])('%s is newer than %s: %s', (a, b, newer) => expect(isNewer(a, b)).toBe(newer));

  it('takes only a plain version and an address of printable characters from a version.json', () => {
    expect(parseRelease({ version: 'v0.3.0', date: '2026-12-01', url: 'https://x.example/v0.3.0' })).toEqual({
      version: '0.3.0',
      date: '2026-12-01',
      url: 'https://x.example/v0.3.0',
    });
    expect(parseRelease({ version: '0.3.0\u001b[31m', url: 'https://x.example' })).toBeUndefined();
    expect(parseRelease({ version: '0.3.0', url: 'https://x.example/\u001b]8;;' })).toBeUndefined();
    expect(parseRelease({ version: '0.3.0', url: 'file:///etc/passwd' })).toBeUndefined();
    expect(parseRelease([])).toBeUndefined();
    expect(releaseVersion('latest')).toBeUndefined();
  });
});

describe('the release files', () => {
  it('version.json is the version, the date and the release page', () => {
    expect(JSON.parse(versionJson({ ...pkg }, '2026-12-01'))).toEqual({
      version: pkg.version,
      date: '2026-12-01',
      url: `${pkg.homepage}/releases/tag/v${pkg.version}`,
    });
  });

  it('the update check and ops upgrade read the project’s own releases', () => {
    expect(RELEASES_URL).toBe(`${pkg.homepage}/releases`);
    expect(LATEST_VERSION_URL).toBe(`${pkg.homepage}/releases/latest/download/version.json`);
  });

  it('names each target’s archive as targets.json and install.sh do', () => {
    const { targets } = JSON.parse(readFileSync('scripts/release/targets.json', 'utf8')) as {
      targets: Array<{ id: string; platform: string; archive: string; binary: string }>;
    };
    for (const t of targets) {
      const [os, arch] = t.platform.split('-') as [string, string];
      const node = { linux: 'linux', windows: 'win32', macOS: 'darwin' }[os] as NodeJS.Platform;
      const a = archiveOf('1.2.3', node, arch === 'amd64' ? 'x64' : arch);
      expect(a).toEqual({
        name: `ops_1.2.3_${t.id}`,
        file: `ops_1.2.3_${t.id}.${t.archive}`,
        ext: t.archive,
        binary: t.binary,
      });
    }
    expect(archiveOf('1.2.3', 'freebsd', 'x64')).toBeUndefined();
    expect(archiveOf('1.2.3', 'linux', 'riscv64')).toBeUndefined();
  });

  it('reads a checksums line as sha256sum writes it, text or binary mode', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    const sums = `${a}  ops_1_linux_amd64.tar.xz\n${b} *ops_1_windows_amd64.zip\r\n`;
    expect(expectedSum(sums, 'ops_1_linux_amd64.tar.xz')).toBe(a);
    expect(expectedSum(sums, 'ops_1_windows_amd64.zip')).toBe(b);
    expect(expectedSum(sums, 'ops_1_linux_arm64.tar.xz')).toBeUndefined();
  });

  it('takes the binary of a zip archive (Windows, macOS) from its folder only', async () => {
    const of = archiveOf('1.2.3', 'win32', 'x64')!;
    const zip = zipSync({
      'ops.exe': new TextEncoder().encode('not this one'),
      [`${of.name}/ops.exe`]: new TextEncoder().encode('MZ the binary'),
      [`${of.name}/README.md`]: new TextEncoder().encode('readme'),
    });
    expect(new TextDecoder().decode(await extractBinary(zip, of))).toBe('MZ the binary');
    await expect(extractBinary(zipSync({ 'ops.exe': new Uint8Array(1) }), of)).rejects.toThrow(
      `${of.file} has no ${of.name}/ops.exe`,
    );
  });
});

describe('replacing the binary', () => {
  it('renames the new file over the old one, executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-replace-'));
    const target = join(dir, 'ops');
    writeFileSync(target, 'old', { mode: 0o644 });
    replaceExecutable(target, new TextEncoder().encode('new'), 'linux');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(existsSync(join(dir, '.ops.upgrade-' + process.pid))).toBe(false);
  });

  it('on Windows moves the running one aside first, and removes the one an earlier upgrade left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-replace-'));
    const target = join(dir, 'ops.exe');
    writeFileSync(target, 'old');
    writeFileSync(`${target}.old`, 'older');
    replaceExecutable(target, new TextEncoder().encode('new'), 'win32');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readFileSync(`${target}.old`, 'utf8')).toBe('old');
  });

  it('a folder it cannot write leaves the old binary', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'ops-replace-')), 'missing', 'ops');
    expect(() => replaceExecutable(target, new Uint8Array(1), 'linux')).toThrow(/ENOENT/);
  });
});

describe('how ops was installed', () => {
  const sea = (execPath: string, over: Partial<Executable> = {}): Executable => ({
    sea: true,
    execPath,
    platform: 'linux',
    dpkgOwns: () => false,
    rpmOwns: () => false,
    ...over,
  });
  it.each([
    ['the npm package', { ...sea('/usr/bin/node'), sea: false }, 'npm', 'npm install -g ops-cli'],
    ['install.sh', sea('/home/me/.local/bin/ops'), 'binary', 'ops upgrade'],
    ['an archive', sea('/opt/ops/ops'), 'binary', 'ops upgrade'],
    [
      'Homebrew (macOS)',
      sea('/opt/homebrew/Cellar/ops/0.2.0/bin/ops', { platform: 'darwin' }),
      'brew',
      'brew upgrade ops',
    ],
    [
      'Homebrew (Linux)',
      sea('/home/linuxbrew/.linuxbrew/Cellar/ops/0.2.0/bin/ops'),
      'brew',
      'brew upgrade ops',
    ],
    [
      'Scoop',
      sea('C:\\Users\\me\\scoop\\apps\\ops\\0.2.0\\ops.exe', { platform: 'win32' }),
      'scoop',
      'scoop update ops',
    ],
    ['a zip on Windows', sea('C:\\tools\\ops.exe', { platform: 'win32' }), 'binary', 'ops upgrade'],
    [
      'a Debian package',
      sea('/usr/bin/ops', { dpkgOwns: (p) => p === '/usr/bin/ops' }),
      'deb',
      `sudo apt install ./ops_0.3.0_linux_${process.arch === 'x64' ? 'amd64' : process.arch}.deb (from the release page)`,
    ],
    [
      'an rpm package (Fedora, RHEL, Amazon Linux)',
      sea('/usr/bin/ops', { rpmOwns: (p) => p === '/usr/bin/ops' }),
      'rpm',
      `sudo dnf upgrade ./ops_0.3.0_linux_${process.arch === 'x64' ? 'amd64' : process.arch}.rpm (from the release page)`,
    ],
    [
      'an rpm on a machine whose dpkg also lists the file: dpkg first',
      sea('/usr/bin/ops', { dpkgOwns: () => true, rpmOwns: () => true }),
      'deb',
      `sudo apt install ./ops_0.3.0_linux_${process.arch === 'x64' ? 'amd64' : process.arch}.deb (from the release page)`,
    ],
    ['a binary copied to /usr/bin by hand', sea('/usr/bin/ops'), 'binary', 'ops upgrade'],
    [
      'the container image (its Env names it), whatever package put the binary there',
      sea('/usr/bin/ops', { dpkgOwns: () => true, image: 'ghcr.io/ops-cli/ops' }),
      'image',
      'docker pull ghcr.io/ops-cli/ops:0.3.0',
    ],
  ])('%s', (_, e, kind, line) => {
    const method = installMethod(e);
    expect(method.kind).toBe(kind);
    expect(upgradeLine(method, '0.3.0')).toBe(line);
  });

  it('rpm -qf owns no file that no package installed (and no rpm at all is not owned either)', () => {
    const e = thisExecutable({});
    expect(e.rpmOwns(join(tmpdir(), 'ops-no-package-owns-this'))).toBe(false);
    expect(e.dpkgOwns(join(tmpdir(), 'ops-no-package-owns-this'))).toBe(false);
  });

  it('OPS_UPGRADE_EXECUTABLE names the binary to replace, however ops runs', () => {
    expect(installMethod({ ...sea('/usr/bin/node'), sea: false, override: '/tmp/ops' })).toEqual({
      kind: 'binary',
      path: '/tmp/ops',
    });
  });
});
