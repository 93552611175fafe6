import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installScript } from '../../scripts/release/installer.mjs';
import { oldSshKeygen, testReleaseKey } from '../helpers/release-key.js';
import { runScript, serveFolder } from '../helpers/release-mirror.js';

// install.sh as a user runs it, against a release folder served on loopback: a small archive of the
// same layout as the release's (the real one is checked by scripts/release/check.sh in CI).
const template = readFileSync(new URL('../../scripts/release/install.sh', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'ops-install-'));
const served = join(dir, 'served');
const V = '9.8.7';
const name = `ops_${V}_linux_amd64`;
let base = '';
let mirror: Awaited<ReturnType<typeof serveFolder>>;
const installer = join(dir, 'install.sh');
const key = testReleaseKey();
const sums = join(served, `ops_${V}_checksums.txt`);

function sha(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

beforeAll(async () => {
  mkdirSync(join(dir, name, 'man', 'man1'), { recursive: true });
  writeFileSync(join(dir, name, 'ops'), `#!/bin/sh\necho "ops ${V} (test)"\n`);
  chmodSync(join(dir, name, 'ops'), 0o755);
  writeFileSync(join(dir, name, 'man', 'man1', 'ops.1'), '.TH OPS 1\n');
  mkdirSync(join(dir, name, 'completions'));
  for (const file of ['ops.bash', '_ops', 'ops.fish'])
    writeFileSync(join(dir, name, 'completions', file), `# ${file} completion\n`);
  mkdirSync(served);
  execFileSync('tar', ['-cJf', join(served, `${name}.tar.xz`), '-C', dir, name]);
  writeFileSync(sums, `${sha(join(served, `${name}.tar.xz`))}  ${name}.tar.xz\n`);
  key.sign(sums);
  mirror = await serveFolder(served);
  base = mirror.base;
  writeFileSync(
    installer,
    installScript({ version: V, releases: 'https://example.invalid/releases', url: base }),
  );
});
afterAll(() => mirror.close());

/** Runs the installer (asynchronously: the server answering it is in this process). */
function install(args: string[], env: Record<string, string> = {}) {
  return runScript('sh', [installer, ...args], {
    PATH: process.env.PATH ?? '',
    HOME: join(dir, 'home'),
    OPS_INSTALL_BASE_URL: base,
    OPS_RELEASE_ALLOWED_SIGNERS: key.signers,
    ...env,
  });
}

/** A PATH where `uname` answers as another system. */
function fakeUname(os: string, arch: string): string {
  const bin = mkdtempSync(join(dir, 'uname-'));
  writeFileSync(join(bin, 'uname'), `#!/bin/sh\ncase "$1" in -s) echo ${os} ;; -m) echo ${arch} ;; esac\n`);
  chmodSync(join(bin, 'uname'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

describe('install.sh', () => {
  it('installs the verified archive into ~/.local/bin by default, and says what it did', async () => {
    const r = await install([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const bin = join(dir, 'home', '.local', 'bin', 'ops');
    expect(execFileSync(bin, { encoding: 'utf8' })).toBe(`ops ${V} (test)\n`);
    expect(existsSync(join(dir, 'home', '.local', 'share', 'man', 'man1', 'ops.1'))).toBe(true);
    expect(r.stderr).toContain(`ops install: installed ops ${V} (linux amd64) as ${bin}`);
  });

  it('puts the completions where bash, zsh and fish look, and says where (and how zsh finds them)', async () => {
    const home = join(dir, 'home-completions');
    const r = await install([], { HOME: home });
    expect(r.code).toBe(0);
    const bash = join(home, '.local', 'share', 'bash-completion', 'completions', 'ops');
    const zsh = join(home, '.local', 'share', 'zsh', 'site-functions', '_ops');
    const fish = join(home, '.config', 'fish', 'completions', 'ops.fish');
    expect(readFileSync(bash, 'utf8')).toBe('# ops.bash completion\n');
    expect(readFileSync(zsh, 'utf8')).toBe('# _ops completion\n');
    expect(readFileSync(fish, 'utf8')).toBe('# ops.fish completion\n');
    expect(r.stderr).toContain(`ops install: completions: bash ${bash}, zsh ${zsh}, fish ${fish}\n`);
    expect(r.stderr).toContain(
      `ops install: zsh: add to ~/.zshrc, before compinit: fpath=(${join(home, '.local', 'share', 'zsh', 'site-functions')} $fpath)\n`,
    );
    // XDG folders are honoured; --no-completions leaves them all out.
    const xdg = await install([], {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'conf'),
    });
    expect(existsSync(join(home, 'data', 'bash-completion', 'completions', 'ops'))).toBe(true);
    expect(existsSync(join(home, 'conf', 'fish', 'completions', 'ops.fish'))).toBe(true);
    expect(xdg.code).toBe(0);
    const bare = join(dir, 'home-bare');
    const none = await install(['--no-completions'], { HOME: bare });
    expect(none.code).toBe(0);
    expect(none.stderr).not.toContain('completions');
    expect(existsSync(join(bare, '.local', 'share', 'bash-completion'))).toBe(false);
    expect(existsSync(join(bare, '.config'))).toBe(false);
  });

  it('--prefix chooses the folder', async () => {
    const r = await install(['--prefix', join(dir, 'p')]);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'p', 'bin', 'ops'))).toBe(true);
  });

  it('refuses a tampered archive: exit 1, a clear line, nothing installed', async () => {
    const good = readFileSync(join(served, `${name}.tar.xz`));
    writeFileSync(join(served, `${name}.tar.xz`), Buffer.concat([good, Buffer.from('x')]));
    try {
      const r = await install(['--prefix', join(dir, 'tampered')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^ops install: checksum mismatch for ${name}\\.tar\\.xz \\(expected [0-9a-f]{64}, got [0-9a-f]{64}\\): nothing installed$`,
          'm',
        ),
      );
      expect(existsSync(join(dir, 'tampered'))).toBe(false);
    } finally {
      writeFileSync(join(served, `${name}.tar.xz`), good);
    }
  });

  it('refuses checksums edited after they were signed (an archive and its line both replaced): exit 1, nothing installed', async () => {
    const good = { archive: readFileSync(join(served, `${name}.tar.xz`)), sums: readFileSync(sums) };
    const evil = Buffer.concat([good.archive, Buffer.from('x')]);
    writeFileSync(join(served, `${name}.tar.xz`), evil);
    writeFileSync(sums, `${createHash('sha256').update(evil).digest('hex')}  ${name}.tar.xz\n`);
    try {
      const r = await install(['--prefix', join(dir, 'resigned')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `ops install: bad signature: ops_${V}_checksums.txt.sig does not verify ops_${V}_checksums.txt with the key of release@ops-cli: nothing installed\n`,
      );
      expect(existsSync(join(dir, 'resigned'))).toBe(false);
    } finally {
      writeFileSync(join(served, `${name}.tar.xz`), good.archive);
      writeFileSync(sums, good.sums);
    }
  });

  it("trusts the project's key unless OPS_RELEASE_ALLOWED_SIGNERS replaces it: a test key's signature is refused", async () => {
    const r = await install(['--prefix', join(dir, 'project-key')], { OPS_RELEASE_ALLOWED_SIGNERS: '' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ops install: bad signature: ');
    expect(existsSync(join(dir, 'project-key'))).toBe(false);
    const unreadable = await install(['--prefix', join(dir, 'no-signers')], {
      OPS_RELEASE_ALLOWED_SIGNERS: join(dir, 'no-such-file'),
    });
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain(
      `ops install: cannot read OPS_RELEASE_ALLOWED_SIGNERS (${join(dir, 'no-such-file')}): nothing installed\n`,
    );
    // The key it carries is the project's, release/allowed_signers.
    const project = readFileSync(new URL('../../release/allowed_signers', import.meta.url), 'utf8').trim();
    expect(template).toContain(`signers='${project}'\n`);
  });

  it('refuses a release without a signature, or with only the throwaway one of an unsigned build', async () => {
    const sig = readFileSync(`${sums}.sig`);
    execFileSync('mv', [`${sums}.sig`, `${sums}.unsigned-test.sig`]);
    try {
      const r = await install(['--prefix', join(dir, 'unsigned')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `ops install: could not download ${base}/ops_${V}_checksums.txt.sig (the checksums' signature): nothing installed\n`,
      );
      expect(existsSync(join(dir, 'unsigned'))).toBe(false);
    } finally {
      execFileSync('rm', [`${sums}.unsigned-test.sig`]);
      writeFileSync(`${sums}.sig`, sig);
    }
  });

  it('without ssh-keygen 8.2+: says once that the signature is not verified, and installs on the checksum', async () => {
    const r = await install(['--prefix', join(dir, 'old-ssh')], {
      PATH: `${oldSshKeygen(dir)}:${process.env.PATH}`,
    });
    expect(r.code).toBe(0);
    const line =
      "ops install: ssh-keygen 8.2 or newer not found: the checksums' signature is not verified, only the archive's SHA-256\n";
    expect(r.stderr.split(line)).toHaveLength(2);
    expect(existsSync(join(dir, 'old-ssh', 'bin', 'ops'))).toBe(true);
  });

  it.each([
    ['FreeBSD', 'amd64'],
    ['Linux', 'riscv64'],
    ['MINGW64_NT-10.0', 'x86_64'],
  ])('refuses an unknown platform (%s %s): exit 1, nothing installed', async (os, arch) => {
    const r = await install(['--prefix', join(dir, 'unknown')], { PATH: fakeUname(os, arch) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`ops install: no ops archive for this system (${os} ${arch})`);
    expect(existsSync(join(dir, 'unknown'))).toBe(false);
  });

  it('refuses a version the mirror does not have, and an unknown option', async () => {
    const missing = await install(['--version', 'v1.0.0', '--prefix', join(dir, 'missing')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`could not download ${base}/ops_1.0.0_linux_amd64.tar.xz`);
    const bad = await install(['--bin-dir', 'x']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      "unknown option '--bin-dir' (options: --prefix DIR, --version V, --no-completions)",
    );
  });

  it('downloads from the releases of its version when no mirror is set', () => {
    expect(readFileSync(installer, 'utf8')).toContain('base="https://example.invalid/releases/v$version"');
  });
});
