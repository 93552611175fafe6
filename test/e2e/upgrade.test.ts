import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archiveOf } from '../../src/update/install.js';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { oldSshKeygen, testReleaseKey } from '../helpers/release-key.js';
import { serveFolder } from '../helpers/release-mirror.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// `ops upgrade` end to end: the built CLI against a release made here (a small fake `ops` in a real
// tar.xz, with a real checksums file signed by a test key, and version.json) served on loopback. The CLI under test is the
// npm bundle, which `ops upgrade` leaves to npm; OPS_UPGRADE_EXECUTABLE names the binary it replaces
// instead (the real single binary replacing itself is checked by scripts/release/check-upgrade.sh).
const current = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const V = '9.9.9';
const of = archiveOf(V)!;
const dir = mkdtempSync(join(tmpdir(), 'ops-upgrade-'));
const served = join(dir, 'served');
let mirror: Awaited<ReturnType<typeof serveFolder>>;
let base = '';
let requests: string[] = [];
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const key = testReleaseKey();
const sums = join(served, `ops_${V}_checksums.txt`);

/** Packs `folder` (holding `<name>/ops`) as this machine's archive, into `out`. */
function pack(folder: string, out: string): void {
  if (of.ext === 'tar.xz') execFileSync('tar', ['-cJf', out, '-C', folder, of.name]);
  else execFileSync('sh', ['-c', `cd "${folder}" && zip -qr "${out}" "${of.name}"`]);
}

beforeAll(async () => {
  mkdirSync(join(dir, 'release', of.name), { recursive: true });
  writeFileSync(join(dir, 'release', of.name, of.binary), `#!/bin/sh\necho "ops ${V} (fake)"\n`);
  chmodSync(join(dir, 'release', of.name, of.binary), 0o755);
  writeFileSync(join(dir, 'release', of.name, 'README.md'), 'ops\n');
  mkdirSync(served);
  pack(join(dir, 'release'), join(served, of.file));
  writeFileSync(sums, `${sha(join(served, of.file))}  ${of.file}\n`);
  key.sign(sums);
  writeFileSync(
    join(served, 'version.json'),
    JSON.stringify({ version: V, date: '2026-12-01', url: `https://example.invalid/v${V}` }),
  );
  mirror = await serveFolder(served);
  base = mirror.base;
});
afterAll(() => mirror.close());
beforeEach(() => {
  mirror.requests.length = 0;
  requests = mirror.requests;
});

/** An installed binary at a path of the test's own, and the env that makes `ops upgrade` replace it. */
function installed(): { path: string; env: Record<string, string> } {
  const bin = mkdtempSync(join(dir, 'bin-'));
  const path = join(bin, 'ops');
  writeFileSync(path, '#!/bin/sh\necho "ops old"\n', { mode: 0o755 });
  return {
    path,
    env: {
      OPS_UPGRADE_EXECUTABLE: path,
      OPS_INSTALL_BASE_URL: base,
      OPS_RELEASE_ALLOWED_SIGNERS: key.signers,
    },
  };
}

const run = (path: string) => execFileSync(path, { encoding: 'utf8' });

describe('ops upgrade', () => {
  it('names the archive as the release does', () => {
    expect(of.file).toMatch(/^ops_9\.9\.9_(linux|macOS|windows)_(amd64|arm64)\.(tar\.xz|zip)$/);
  });

  it('downloads the newest release, checks it and puts its binary in place', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '-o', 'json'], { env: t.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ upgraded: true, previous: current, version: V, path: t.path });
    expect(run(t.path)).toBe(`ops ${V} (fake)\n`);
    // Nothing left beside it.
    expect(readdirSync(join(t.path, '..'))).toEqual(['ops']);
    expect(requests.sort()).toEqual(
      [`/${of.file}`, `/ops_${V}_checksums.txt`, `/ops_${V}_checksums.txt.sig`, '/version.json'].sort(),
    );
  });

  it.skipIf(!SCRIPT)('on a terminal says what it did (needs util-linux script)', async () => {
    const t = installed();
    const term = onTerminal(['upgrade', '--no-color'], {
      ...t.env,
      HOME: dir,
      OPS_CONFIG_DIR: tempConfigDir(),
    });
    expect(await term.exit).toBe(0);
    expect(term.screen()).toContain(`✓ Upgraded ops ${current} → ${V} (${t.path})`);
    expect(run(t.path)).toBe(`ops ${V} (fake)\n`);
  });

  it('--version installs that version without reading version.json', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', `v${V}`, '-o', 'json'], { env: t.env });
    expect(r.code).toBe(0);
    expect(run(t.path)).toBe(`ops ${V} (fake)\n`);
    expect(requests).not.toContain('/version.json');
  });

  it('--dry-run --version says what it would fetch and replace, and sends nothing', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--dry-run', '--version', V], { env: t.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `would download ${base}/${of.file}\n` +
        `would download ${base}/ops_${V}_checksums.txt and check the archive's SHA-256\n` +
        `would download ${base}/ops_${V}_checksums.txt.sig and verify the checksums with it\n` +
        `would replace ${t.path} (ops ${current}) with ops ${V}\n`,
    );
    expect(requests).toEqual([]);
    expect(run(t.path)).toBe('ops old\n');
  });

  it('--dry-run reads only the newest version (OPS_UPDATE_URL without a mirror), and says so', async () => {
    const t = installed();
    const env = { OPS_UPGRADE_EXECUTABLE: t.path, OPS_UPDATE_URL: `${base}/version.json` };
    const r = await runCli(['upgrade', '--dry-run'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`dry run: sent GET ${base}/version.json (read-only, to plan)\n`);
    expect(r.stdout).toContain(
      `would download https://github.com/ops-cli/ops/releases/download/v${V}/${of.file}\n`,
    );
    expect(requests).toEqual(['/version.json']);
  });

  it('already at that version: says so, changes nothing, exit 0', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', current, '-o', 'json'], { env: t.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ upgraded: false, version: current });
    expect(requests).toEqual([]);
    expect(run(t.path)).toBe('ops old\n');
  });

  it('a tampered archive: exit 1 naming the checksum step, the old binary kept', async () => {
    const t = installed();
    const good = readFileSync(join(served, of.file));
    writeFileSync(join(served, of.file), Buffer.concat([good, Buffer.from('x')]));
    try {
      const r = await runCli(['upgrade', '--version', V], { env: t.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^ops: upgrade: checksum: ${of.file.replaceAll('.', '\\.')} does not match ops_9\\.9\\.9_checksums\\.txt \\(expected [0-9a-f]{64}, got [0-9a-f]{64}\\) \\(.+ is unchanged\\)\\n$`,
        ),
      );
      expect(run(t.path)).toBe('ops old\n');
      expect(readdirSync(join(t.path, '..'))).toEqual(['ops']);
    } finally {
      writeFileSync(join(served, of.file), good);
    }
  });

  it('checksums edited after they were signed (an archive and its line both replaced): exit 1 naming the signature step, the old binary kept', async () => {
    const t = installed();
    const good = { archive: readFileSync(join(served, of.file)), sums: readFileSync(sums) };
    const evil = Buffer.concat([good.archive, Buffer.from('x')]);
    writeFileSync(join(served, of.file), evil);
    writeFileSync(sums, `${createHash('sha256').update(evil).digest('hex')}  ${of.file}\n`);
    try {
      const r = await runCli(['upgrade', '--version', V], { env: t.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `ops: upgrade: signature: ops_${V}_checksums.txt.sig does not verify ops_${V}_checksums.txt with OPS_RELEASE_ALLOWED_SIGNERS's key of release@ops-cli (${t.path} is unchanged)\n`,
      );
      expect(run(t.path)).toBe('ops old\n');
      expect(readdirSync(join(t.path, '..'))).toEqual(['ops']);
    } finally {
      writeFileSync(join(served, of.file), good.archive);
      writeFileSync(sums, good.sums);
    }
  });

  it("trusts the project's key unless OPS_RELEASE_ALLOWED_SIGNERS replaces it: a test key's release is refused", async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', V], {
      env: { ...t.env, OPS_RELEASE_ALLOWED_SIGNERS: undefined },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `ops: upgrade: signature: ops_${V}_checksums.txt.sig does not verify ops_${V}_checksums.txt with the project's key of release@ops-cli`,
    );
    expect(run(t.path)).toBe('ops old\n');
    const gone = join(dir, 'no-such-signers');
    const bad = await runCli(['upgrade', '--version', V], {
      env: { ...t.env, OPS_RELEASE_ALLOWED_SIGNERS: gone },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `ops: cannot read OPS_RELEASE_ALLOWED_SIGNERS (${gone}): ENOENT\nhint: name an allowed_signers file, or unset it to trust the project's key\n`,
    );
  });

  it('a release without a signature: exit 1 naming the signature step, the old binary kept', async () => {
    const t = installed();
    const sig = readFileSync(`${sums}.sig`);
    execFileSync('mv', [`${sums}.sig`, `${sums}.unsigned-test.sig`]);
    try {
      const r = await runCli(['upgrade', '--version', V, '--retries', '0'], { env: t.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^ops: upgrade: signature: cannot download ${base}/ops_9\\.9\\.9_checksums\\.txt\\.sig \\(the checksums' signature\\): HTTP 404 .*\\(.+ is unchanged\\)\\n$`,
        ),
      );
      expect(run(t.path)).toBe('ops old\n');
    } finally {
      execFileSync('rm', [`${sums}.unsigned-test.sig`]);
      writeFileSync(`${sums}.sig`, sig);
    }
  });

  it('without ssh-keygen 8.2+: says once that the signature is not verified, and upgrades on the checksum', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', V, '-o', 'json'], {
      env: { ...t.env, PATH: `${oldSshKeygen(dir)}:${process.env.PATH}` },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `upgrade: ssh-keygen 8.2 or newer not found: the signature of ops_${V}_checksums.txt is not verified, only the archive's SHA-256\n`,
    );
    expect(run(t.path)).toBe(`ops ${V} (fake)\n`);
    expect(requests).not.toContain(`/ops_${V}_checksums.txt.sig`);
  });

  it('an archive without the binary: exit 1 naming the extract step, the old binary kept', async () => {
    const t = installed();
    const empty = join(dir, 'empty');
    mkdirSync(join(empty, of.name), { recursive: true });
    writeFileSync(join(empty, of.name, 'README.md'), 'no binary here\n');
    const mirror = join(dir, 'mirror-empty');
    mkdirSync(mirror);
    pack(empty, join(mirror, of.file));
    writeFileSync(join(mirror, 'sums'), `${sha(join(mirror, of.file))}  ${of.file}\n`);
    key.sign(join(mirror, 'sums'));
    const other = createServer((req, res) =>
      res.end(
        readFileSync(
          join(mirror, req.url?.endsWith('.txt') ? 'sums' : req.url?.endsWith('.sig') ? 'sums.sig' : of.file),
        ),
      ),
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const r = await runCli(['upgrade', '--version', V], { env: { ...t.env, OPS_INSTALL_BASE_URL: url } });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^ops: upgrade: extract: .*\(.+ is unchanged\)\n$/);
      expect(run(t.path)).toBe('ops old\n');
    } finally {
      other.close();
    }
  });

  it('an unreachable server: exit 1 naming the download step, the old binary kept', async () => {
    const t = installed();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const r = await runCli(['upgrade', '--version', V, '--retries', '0'], {
      env: { ...t.env, OPS_INSTALL_BASE_URL: url },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ops: upgrade: download: .*127\.0\.0\.1.*\(.+ is unchanged\)\n$/);
    expect(run(t.path)).toBe('ops old\n');
  });

  it('a binary it cannot write: exit 1 naming the replace step, nothing left behind', async () => {
    const gone = join(dir, 'no-such-folder', 'ops');
    const r = await runCli(['upgrade', '--version', V], {
      env: {
        OPS_UPGRADE_EXECUTABLE: gone,
        OPS_INSTALL_BASE_URL: base,
        OPS_RELEASE_ALLOWED_SIGNERS: key.signers,
      },
    });
    expect(r.code).toBe(1);
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(r.stderr).toMatch(
      new RegExp(
        `^ops: upgrade: replace: cannot write ${esc(gone)}: ENOENT: .*\\(${esc(gone)} is unchanged\\)\n$`,
      ),
    );
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });

  it('a version the mirror lacks: exit 1 naming the download step', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', '9.9.8'], { env: t.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ops: upgrade: download: .*404/);
    expect(run(t.path)).toBe('ops old\n');
  });

  it('an installed npm package is left to npm: exit 1 with its command, nothing sent', async () => {
    const r = await runCli(['upgrade'], { env: { OPS_INSTALL_BASE_URL: base } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: upgrade: this ops was installed with npm, which upgrades it: npm install -g ops-cli\n',
    );
    expect(requests).toEqual([]);
  });

  it('in the container image (OPS_CONTAINER_IMAGE in its Env) a new image replaces it: exit 1, nothing sent', async () => {
    const r = await runCli(['upgrade', '--version', '0.3.0'], {
      env: { OPS_INSTALL_BASE_URL: base, OPS_CONTAINER_IMAGE: 'ghcr.io/ops-cli/ops' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: upgrade: this ops was installed with the container image ghcr.io/ops-cli/ops, which upgrades it: docker pull ghcr.io/ops-cli/ops:0.3.0\n',
    );
    expect(requests).toEqual([]);
  });

  it('a bad --version is exit 2 before any request', async () => {
    const t = installed();
    const r = await runCli(['upgrade', '--version', 'latest'], { env: t.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ops: invalid --version "latest"\nhint: give a release version such as 0.3.0\n');
    expect(requests).toEqual([]);
  });
});
