// The release's apt repository, `dist/release/apt/`, published to the project's pages by the release
// workflow: the linux .debs in pool/, an index per architecture (dists/stable/main/binary-<arch>/
// Packages, Packages.gz) and dists/stable/Release naming them by SHA-256, signed with gpg as InRelease
// and Release.gpg. The key is the armored secret key at OPS_RELEASE_GPG_KEY; without one, a throwaway
// key made in a GNUPGHOME of its own, said so, whose public key goes to dist/release-test-apt-keyring.gpg
// (outside the repository, so that nobody takes it for the project's).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ARCHES = ['amd64', 'arm64'];
/** The public key in the repository when the project's key signed it (what a user's signed-by names). */
export const KEYRING = 'ops-archive-keyring.gpg';

const hash = (algo, buf) => createHash(algo).update(buf).digest('hex');

/** The Packages paragraph of a .deb at `filename` (relative to the repository). */
function paragraph(deb, filename) {
  const control = execFileSync('dpkg-deb', ['-f', deb], { encoding: 'utf8' }).trimEnd();
  const buf = readFileSync(deb);
  return `${control}\nFilename: ${filename}\nSize: ${buf.length}\nSHA256: ${hash('sha256', buf)}\n`;
}

/** dists/stable/Release: the suite, dated by the release commit, naming each index by size and SHA-256. */
export function releaseFile(indexes, epoch) {
  const date = new Date(epoch * 1000).toUTCString().replace('GMT', 'UTC');
  const lines = Object.entries(indexes).map(
    ([path, buf]) => ` ${hash('sha256', buf)} ${String(buf.length).padStart(9)} ${path}`,
  );
  return [
    'Origin: ops-cli',
    'Label: ops',
    'Suite: stable',
    'Codename: stable',
    `Date: ${date}`,
    `Architectures: ${ARCHES.join(' ')}`,
    'Components: main',
    'Description: ops, one command-line tool for many HTTP APIs',
    'SHA256:',
    ...lines,
    '',
  ].join('\n');
}

/** gpg in `home`, without a terminal. */
const gpg = (home, args, input) =>
  execFileSync('gpg', ['--homedir', home, '--batch', '--quiet', '--pinentry-mode', 'loopback', ...args], {
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });

/**
 * Writes `out/apt/` from the release's linux .debs (skipped, and said so, when one is missing) and signs
 * it. `key`: the path of an armored secret key (OPS_RELEASE_GPG_KEY), `passphrase` its passphrase if
 * any; `testKeyring`: where a throwaway key's public key goes. Returns the public key's path.
 */
export function writeApt(out, facts, { epoch, key, passphrase, testKeyring, log }) {
  const V = facts.version;
  const debs = ARCHES.map((a) => join(out, `ops_${V}_linux_${a}.deb`));
  const missing = debs.filter((d) => !existsSync(d));
  if (missing.length) {
    log(`no apt repository: it is made of the linux .debs, and ${missing.join(', ')} is missing`);
    return undefined;
  }
  const repo = join(out, 'apt');
  rmSync(repo, { recursive: true, force: true });
  const indexes = {};
  for (const [i, arch] of ARCHES.entries()) {
    const filename = `pool/main/o/ops/ops_${V}_${arch}.deb`;
    mkdirSync(join(repo, 'pool/main/o/ops'), { recursive: true });
    copyFileSync(debs[i], join(repo, filename));
    const packages = Buffer.from(paragraph(debs[i], filename));
    const dir = `main/binary-${arch}`;
    mkdirSync(join(repo, 'dists/stable', dir), { recursive: true });
    indexes[`${dir}/Packages`] = packages;
    indexes[`${dir}/Packages.gz`] = gzipSync(packages, { level: 9 });
  }
  for (const [path, buf] of Object.entries(indexes)) writeFileSync(join(repo, 'dists/stable', path), buf);
  const release = releaseFile(indexes, epoch);
  const suite = join(repo, 'dists/stable');
  writeFileSync(join(suite, 'Release'), release);

  const home = mkdtempSync(join(tmpdir(), 'ops-gpg-'));
  try {
    const noKey = () => new Error(`OPS_RELEASE_GPG_KEY (${key}) holds no secret key`);
    if (key)
      try {
        gpg(home, ['--import', key]);
      } catch {
        throw noKey();
      }
    else
      gpg(home, [
        '--passphrase',
        '',
        '--quick-generate-key',
        'ops apt repository THROWAWAY TEST KEY, not the project key <unsigned-test@ops-cli>',
        'ed25519',
        'sign',
        '1d',
      ]);
    const secret = gpg(home, ['--list-secret-keys', '--with-colons']).toString();
    const fpr = /^fpr:+([0-9A-F]{40,64}):/m.exec(secret)?.[1];
    if (!fpr) throw noKey();
    const sign = ['--local-user', fpr, '--passphrase', passphrase ?? '', '--digest-algo', 'SHA512'];
    gpg(home, [...sign, '--clearsign', '--output', join(suite, 'InRelease'), join(suite, 'Release')]);
    gpg(home, [
      ...sign,
      '--armor',
      '--detach-sign',
      '--output',
      join(suite, 'Release.gpg'),
      join(suite, 'Release'),
    ]);
    const pub = gpg(home, ['--export', fpr]);
    const keyring = key ? join(repo, KEYRING) : testKeyring;
    writeFileSync(keyring, pub);
    if (!key)
      log(
        `no OPS_RELEASE_GPG_KEY: apt/ is signed with a throwaway key (not a release signature; its public key is ${testKeyring})`,
      );
    log(`apt/: ${readdirSync(join(repo, 'pool/main/o/ops')).length} packages, signed by ${fpr}`);
    return keyring;
  } finally {
    try {
      execFileSync('gpgconf', ['--homedir', home, '--kill', 'all'], { stdio: 'ignore' });
    } catch {}
    rmSync(home, { recursive: true, force: true });
  }
}
