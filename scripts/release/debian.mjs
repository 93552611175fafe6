// The Debian packages the container image is made of (image.mjs): pinned in image-packages.json (name,
// version, pool file and SHA-256 per architecture, as targets.json pins Node), fetched from Debian's
// mirror into node_modules/.cache/ops-release/debian (a second release downloads nothing), checked
// against the pin before use, and unpacked with dpkg-deb -x.
//   node scripts/release/debian.mjs --pin   re-pins the newest of Debian stable and its security updates,
//                                            from Packages indexes checked against a signed InRelease
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const pinFile = join(root, 'scripts', 'release', 'image-packages.json');
const cache = join(root, 'node_modules', '.cache', 'ops-release', 'debian');

/**
 * The pins: `{ suite, snapshot, mirrors, packages: { amd64: [{ name, version, filename, sha256, mirrors? }],
 * arm64 } }` (a package's own `mirrors` where it comes from the security updates).
 */
export const pins = () => JSON.parse(readFileSync(pinFile, 'utf8'));

const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

async function download(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The pinned .deb `p`, from the cache or the mirrors in order (Debian's mirror, then the snapshot of
 * the pin's date, which keeps every version a point release removes); refused unless its SHA-256 is
 * the pin's.
 */
export async function fetchDeb(p, { mirrors, log = () => {} }) {
  mkdirSync(cache, { recursive: true });
  const file = join(cache, p.filename.split('/').pop());
  if (existsSync(file) && sha256(readFileSync(file)) === p.sha256) return file;
  const failures = [];
  for (const mirror of p.mirrors ?? mirrors) {
    try {
      const buf = await download(`${mirror}/${p.filename}`);
      const got = sha256(buf);
      if (got !== p.sha256) {
        failures.push(`${mirror}: SHA-256 ${got}, not the pinned ${p.sha256}`);
        continue;
      }
      writeFileSync(`${file}.part`, buf);
      renameSync(`${file}.part`, file);
      log(`image: downloaded ${p.name} ${p.version} (${(buf.length / 1e6).toFixed(1)} MB) from ${mirror}`);
      return file;
    } catch (e) {
      failures.push(e.message);
    }
  }
  throw new Error(
    `no mirror has ${p.filename} as pinned (${failures.join('; ')}): re-pin with node scripts/release/debian.mjs --pin`,
  );
}

/** `deb`'s files unpacked into `dir` (dpkg-deb -x: the data, no maintainer scripts run). */
export function unpackDeb(deb, dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', deb, dir]);
}

/** The control paragraph of `deb` (for the image's /var/lib/dpkg/status.d, which scanners read). */
export const controlOf = (deb) => execFileSync('dpkg-deb', ['-f', deb], { encoding: 'utf8' });

/** The paragraphs of a Packages index, as maps of field to value (first line of each). */
function paragraphs(text) {
  return text.split(/\n\n+/).flatMap((block) => {
    const fields = Object.fromEntries(
      block
        .split('\n')
        .filter((l) => /^[A-Za-z][\w-]*:/.test(l))
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return fields.Package ? [fields] : [];
  });
}

/** The Packages index of `dists/<suite>/main/binary-<arch>` of `mirror`, checked against its signed InRelease. */
async function packagesIndex(mirror, suite, arch, keyring) {
  const inRelease = await download(`${mirror}/dists/${suite}/InRelease`);
  const work = join(cache, 'index');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'InRelease'), inRelease);
  execFileSync('gpgv', ['--keyring', keyring, join(work, 'InRelease')], { stdio: 'ignore' });
  const path = `main/binary-${arch}/Packages.xz`;
  const line = inRelease
    .toString()
    .split('\n')
    .find((l) => /^ [0-9a-f]{64} +\d+ /.test(l) && l.trim().endsWith(` ${path}`));
  if (!line) throw new Error(`${mirror}/dists/${suite}/InRelease names no ${path}`);
  const xz = await download(`${mirror}/dists/${suite}/${path}`);
  if (sha256(xz) !== line.trim().split(/ +/)[0])
    throw new Error(`${mirror} ${suite} ${path}: SHA-256 mismatch`);
  return paragraphs(execFileSync('xz', ['-dc'], { input: xz, maxBuffer: 1 << 30, encoding: 'utf8' }));
}

const newer = (a, b) => {
  try {
    execFileSync('dpkg', ['--compare-versions', a, 'gt', b]);
    return true;
  } catch {
    return false;
  }
};

/** Re-pins every package of the pin file to the newest of the suite and its security updates. */
async function pin() {
  const old = pins();
  const keyring = '/usr/share/keyrings/debian-archive-keyring.gpg';
  if (!existsSync(keyring))
    throw new Error(`--pin verifies Debian's indexes with ${keyring} (debian-archive-keyring)`);
  const sources = [
    [old.mirrors[0], old.suite],
    ['https://security.debian.org/debian-security', `${old.suite}-security`],
  ];
  const snapshot = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const archive = (name) => `https://snapshot.debian.org/archive/${name}/${snapshot}`;
  const packages = {};
  for (const arch of Object.keys(old.packages)) {
    const indexes = await Promise.all(sources.map(([m, s]) => packagesIndex(m, s, arch, keyring)));
    packages[arch] = old.packages[arch].map(({ name }) => {
      let best;
      for (const [i, index] of indexes.entries())
        for (const p of index.filter((p) => p.Package === name))
          if (!best || newer(p.Version, best.version))
            best = { name, version: p.Version, filename: p.Filename, sha256: p.SHA256, mirror: i };
      if (!best) throw new Error(`${old.suite} has no ${name} for ${arch}`);
      const { mirror, ...pinned } = best;
      return mirror === 0 ? pinned : { ...pinned, mirrors: [sources[mirror][0], archive('debian-security')] };
    });
  }
  const mirrors = [old.mirrors[0], archive('debian')];
  writeFileSync(pinFile, `${JSON.stringify({ ...old, snapshot, mirrors, packages }, null, 2)}\n`);
  rmSync(join(cache, 'index'), { recursive: true, force: true });
  console.log(pinFile);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  if (process.argv[2] !== '--pin') {
    console.error('usage: node scripts/release/debian.mjs --pin');
    process.exit(2);
  }
  await pin();
}
