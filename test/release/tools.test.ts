import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingLine, missingTools, onPath } from '../../scripts/release/tools.mjs';

const root = join(import.meta.dirname, '..', '..');
const { targets } = (await import('../../scripts/release/targets.json', { with: { type: 'json' } }))
  .default as {
  targets: Array<{ id: string }>;
};
const linux = targets.filter((t) => t.id.startsWith('linux_'));

describe('the release checks its tools before building anything', () => {
  it('names each missing tool with the Debian package that has it', () => {
    const missing = missingTools(linux, { has: () => false, exists: () => false });
    expect(missing).toEqual([
      { need: 'git', package: 'git' },
      { need: 'tar', package: 'tar' },
      { need: 'ssh-keygen', package: 'openssh-client' },
      { need: 'gpg', package: 'gpg' },
      { need: 'xz', package: 'xz-utils' },
      { need: 'strip', package: 'binutils' },
      { need: 'dpkg-deb', package: 'dpkg' },
      { need: 'rpmbuild', package: 'rpm' },
      { need: 'aarch64-linux-gnu-strip', package: 'binutils-aarch64-linux-gnu' },
      { need: 'qemu-aarch64', package: 'qemu-user' },
      {
        need: '/usr/aarch64-linux-gnu/lib/libstdc++.so.6',
        package: 'libc6-arm64-cross libstdc++6-arm64-cross',
      },
    ]);
    expect(missingLine(missing.slice(8, 10))).toBe(
      'missing tools to build the chosen targets: aarch64-linux-gnu-strip (Debian: binutils-aarch64-linux-gnu), qemu-aarch64 (Debian: qemu-user); install them with: apt-get install binutils-aarch64-linux-gnu qemu-user',
    );
  });

  it('nothing is missing where every tool is there, and no target needs none', () => {
    expect(missingTools(linux, { has: () => true, exists: () => true })).toEqual([]);
    expect(missingTools([], { has: () => false, exists: () => false })).toEqual([]);
  });

  it('onPath finds executables only on the PATH given', () => {
    expect(onPath('sh', '/usr/bin:/bin')).toBe(true);
    expect(onPath('sh', '')).toBe(false);
  });

  it('npm run release without aarch64-linux-gnu-strip: exit 1, one line, no stack trace, nothing built', () => {
    const bin = mkdtempSync(join(tmpdir(), 'ops-release-path-'));
    for (const tool of [
      'git',
      'tar',
      'ssh-keygen',
      'gpg',
      'xz',
      'strip',
      'dpkg-deb',
      'rpmbuild',
      'qemu-aarch64',
    ])
      for (const dir of ['/usr/bin', '/bin'])
        if (onPath(tool, dir)) {
          symlinkSync(join(dir, tool), join(bin, tool));
          break;
        }
    const r = spawnSync(
      process.execPath,
      [join(root, 'scripts', 'release', 'release.mjs'), '--target', 'linux_arm64'],
      {
        env: { PATH: bin, HOME: tmpdir() },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^release: missing (a tool|tools) to build the chosen targets: .*aarch64-linux-gnu-strip \(Debian: binutils-aarch64-linux-gnu\).*; install them with: apt-get install .*binutils-aarch64-linux-gnu.*\n$/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
