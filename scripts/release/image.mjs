// The release's container image, `ops_V_oci.tar`: an OCI image layout (oci.mjs) with an image for
// linux/amd64 and one for linux/arm64, each of two layers:
// - the runtime: Debian's own libc6, libgcc-s1, libstdc++6 and ca-certificates of that architecture
//   (pinned in image-packages.json, debian.mjs), the merged-/usr links, /etc/passwd and /etc/group with
//   the user `ops` (65532), its home (the WORKDIR, with OPS_CONFIG_DIR in it), /tmp (1777), and
//   /var/lib/dpkg/status.d (each package's control, which image scanners read);
// - ops: /usr/bin/ops and its copyright and notices, from the release's .deb of that architecture.
// No shell, no package manager: only what the single binary needs to run.
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { controlOf, fetchDeb, pins, unpackDeb } from './debian.mjs';
import { layer, layout } from './oci.mjs';

export const IMAGE = 'ghcr.io/ops-cli/ops';
export const USER = { name: 'ops', uid: 65532, home: '/home/ops' };
export const PLATFORMS = [
  { arch: 'amd64', platform: { architecture: 'amd64', os: 'linux' }, lib64: true },
  { arch: 'arm64', platform: { architecture: 'arm64', os: 'linux', variant: 'v8' }, lib64: false },
];

/**
 * What of a Debian package the image leaves out: documentation but each copyright, man pages, lintian
 * and gdb files, gcc's Python helpers, and glibc's iconv modules (gconv, 8 MB: Node converts text
 * itself and never calls iconv).
 */
export function leftOut(path) {
  if (/^usr\/share\/doc\/[^/]+\/copyright$/.test(path)) return false;
  if (/^usr\/share\/(doc|man|info|lintian|gdb|gcc|locale|bug)(\/|$)/.test(path)) return true;
  return /^usr\/lib\/[^/]+\/gconv(\/|$)/.test(path);
}

/** The entries of a tree on disk, owned by root, each with its own mode; `skip` leaves paths out. */
function treeEntries(dir, skip = () => false, base = '') {
  return readdirSync(join(dir, base)).flatMap((name) => {
    const path = base ? `${base}/${name}` : name;
    if (skip(path)) return [];
    const full = join(dir, path);
    const s = lstatSync(full);
    const mode = s.mode & 0o7777;
    if (s.isSymbolicLink()) return [{ path, type: 'symlink', mode: 0o777, target: readlinkSync(full) }];
    if (s.isDirectory()) return [{ path, type: 'dir', mode }, ...treeEntries(dir, skip, path)];
    return [{ path, type: 'file', mode, data: readFileSync(full) }];
  });
}

const dir = (path, mode = 0o755, uid = 0) => ({ path, type: 'dir', mode, uid, gid: uid });
const file = (path, text, mode = 0o644) => ({ path, type: 'file', mode, data: Buffer.from(text) });

/** The runtime layer's entries for platform `p`: Debian's files and what makes them a system. */
async function runtimeEntries(p, work, log) {
  const { packages, mirrors, suite } = pins();
  const tree = join(work, `runtime-${p.arch}`);
  const status = [];
  for (const pkg of packages[p.arch]) {
    const deb = await fetchDeb(pkg, { mirrors, log });
    unpackDeb(deb, tree);
    status.push(
      file(`var/lib/dpkg/status.d/${pkg.name}`, `${controlOf(deb).trim()}\nStatus: install ok installed\n`),
    );
  }
  const entries = treeEntries(tree, leftOut);
  // What ca-certificates' postinst makes: every certificate of the package in one bundle.
  const mozilla = join(tree, 'usr/share/ca-certificates/mozilla');
  const bundle = readdirSync(mozilla)
    .sort()
    .map((f) => readFileSync(join(mozilla, f), 'utf8').replace(/\n?$/, '\n'))
    .join('');
  const { name, uid, home } = USER;
  const have = new Set(entries.map((e) => e.path));
  const extra = [
    // Debian's merged /usr (base-files makes these links on a Debian system).
    { path: 'bin', type: 'symlink', mode: 0o777, target: 'usr/bin' },
    { path: 'lib', type: 'symlink', mode: 0o777, target: 'usr/lib' },
    { path: 'sbin', type: 'symlink', mode: 0o777, target: 'usr/sbin' },
    ...(p.lib64 ? [{ path: 'lib64', type: 'symlink', mode: 0o777, target: 'usr/lib64' }] : []),
    ...[
      'etc',
      'etc/ssl',
      'etc/ssl/certs',
      'usr/bin',
      'var',
      'var/lib',
      'var/lib/dpkg',
      'var/lib/dpkg/status.d',
      'home',
      'root',
    ]
      .filter((d) => !have.has(d))
      .map((d) => dir(d, d === 'root' ? 0o700 : 0o755)),
    dir(home.slice(1), 0o755, uid),
    dir(`${home.slice(1)}/.config`, 0o755, uid),
    dir(`${home.slice(1)}/.config/ops`, 0o700, uid),
    dir('tmp', 0o1777),
    file(
      'etc/passwd',
      `root:x:0:0:root:/root:/usr/sbin/nologin\n${name}:x:${uid}:${uid}:${name}:${home}:/usr/sbin/nologin\n`,
    ),
    file('etc/group', `root:x:0:\n${name}:x:${uid}:\n`),
    file('etc/nsswitch.conf', 'passwd: files\ngroup: files\nhosts: files dns\n'),
    file('etc/ssl/certs/ca-certificates.crt', bundle),
    file(
      'etc/os-release',
      `PRETTY_NAME="Debian GNU/Linux 13 (${suite}), the runtime of ops"\nNAME="Debian GNU/Linux"\nVERSION_ID="13"\nVERSION_CODENAME=${suite}\nID=debian\n`,
    ),
    ...status,
  ];
  return { entries: [...entries, ...extra], versions: packages[p.arch].map((x) => `${x.name} ${x.version}`) };
}

/** The ops layer's entries: the .deb's binary and its copyright and notices. */
function opsEntries(deb, work) {
  const tree = join(work, `ops-${deb.replace(/\W/g, '')}`);
  unpackDeb(deb, tree);
  return treeEntries(tree, (path) => /^usr\/share\/(man|bash-completion|zsh|fish)(\/|$)/.test(path));
}

/**
 * Writes `out/ops_V_oci.tar` from the release's .debs of linux amd64 and arm64 (skipped, and said so,
 * when either is missing). `revision` is the commit, `epoch` its date (every file's date, and the
 * image's `created`). Returns the file's name and each platform's sizes, or undefined.
 */
export async function writeImage(out, facts, { epoch, revision, log }) {
  const V = facts.version;
  const debs = PLATFORMS.map((p) => join(out, `ops_${V}_linux_${p.arch}.deb`));
  const missing = debs.filter((d) => {
    try {
      return !lstatSync(d).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length) {
    log(`no container image: it is made of the linux .debs, and ${missing.join(', ')} is missing`);
    return undefined;
  }
  const created = new Date(epoch * 1000).toISOString();
  const labels = {
    'org.opencontainers.image.source': facts.homepage,
    'org.opencontainers.image.url': facts.homepage,
    'org.opencontainers.image.version': V,
    'org.opencontainers.image.revision': revision,
    'org.opencontainers.image.licenses': facts.license,
    'org.opencontainers.image.created': created,
    'org.opencontainers.image.title': 'ops',
    'org.opencontainers.image.description': facts.description,
  };
  const work = mkdtempSync(join(tmpdir(), 'ops-image-'));
  try {
    const images = await Promise.all(
      PLATFORMS.map(async (p, i) => {
        const runtime = await runtimeEntries(p, work, log);
        const layers = [await layer(runtime.entries, epoch), await layer(opsEntries(debs[i], work), epoch)];
        const config = {
          created,
          architecture: p.platform.architecture,
          ...(p.platform.variant ? { variant: p.platform.variant } : {}),
          os: 'linux',
          config: {
            User: `${USER.uid}:${USER.uid}`,
            Env: [
              'PATH=/usr/local/bin:/usr/bin:/bin',
              `HOME=${USER.home}`,
              `OPS_CONFIG_DIR=${USER.home}/.config/ops`,
              // `ops upgrade` and the update notice say to pull a new image (src/update/install.ts).
              `OPS_CONTAINER_IMAGE=${IMAGE}`,
            ],
            Entrypoint: ['ops'],
            WorkingDir: USER.home,
            Labels: labels,
          },
          history: [
            {
              created,
              created_by: `Debian ${pins().suite}: ${runtime.versions.join(', ')}; user ops (65532)`,
            },
            { created, created_by: `ops ${V}: /usr/bin/ops from ops_${V}_linux_${p.arch}.deb` },
          ],
        };
        return { platform: p.platform, layers, config };
      }),
    );
    const made = layout(images, { ref: V, annotations: labels, mtime: epoch });
    const name = `ops_${V}_oci.tar`;
    writeFileSync(join(out, name), made.tar);
    const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
    for (const s of made.sizes)
      log(
        `${name}: ${s.platform.os}/${s.platform.architecture} ${mb(s.compressed)} compressed, ${mb(s.unpacked)} unpacked`,
      );
    return { file: name, sizes: made.sizes };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The commit a release is made of (the image's revision label). */
export const revisionOf = (root) =>
  execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
