// The release's archives and Debian packages (rpm.mjs: the rpm packages), made the same way for every target: a folder staged
// with the binary, LICENSE, README.md, THIRD_PARTY_NOTICES, completions and man pages (none for Windows), then packed
// with a fixed owner and date, so that two builds of one commit are the same bytes.
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync, zipSync } from 'fflate';

const run = promisify(execFile);

/**
 * Where each shell's completion goes, in an archive (completions/) and in a package (.deb, .rpm); PowerShell's
 * is the Windows zip's alone (`windows`), and no package's.
 */
export const COMPLETIONS = {
  bash: { file: 'ops.bash', system: 'usr/share/bash-completion/completions/ops' },
  zsh: { file: '_ops', system: 'usr/share/zsh/vendor-completions/_ops' },
  fish: { file: 'ops.fish', system: 'usr/share/fish/vendor_completions.d/ops.fish' },
  powershell: { file: 'ops.ps1', windows: true },
};

/** The completions an archive of this binary carries: PowerShell's beside `ops.exe` only. */
export function completionsFor(binaryName, completions) {
  const windows = binaryName.endsWith('.exe');
  return Object.fromEntries(
    Object.entries(completions).filter(([shell]) => windows || !COMPLETIONS[shell].windows),
  );
}

function put(file, from, mode = 0o644) {
  mkdirSync(dirname(file), { recursive: true });
  if (Buffer.isBuffer(from) || typeof from === 'string') writeFileSync(file, from);
  else copyFileSync(from.path, file);
  chmodSync(file, mode);
}

/** `<stage>/<name>/`: what every archive of the release holds. */
export function stage(dir, name, { binary, binaryName, docs, completions, manDir }) {
  const top = join(dir, name);
  rmSync(top, { recursive: true, force: true });
  put(join(top, binaryName), { path: binary }, 0o755);
  for (const [file, path] of Object.entries(docs)) put(join(top, file), { path });
  for (const [shell, text] of Object.entries(completionsFor(binaryName, completions)))
    put(join(top, 'completions', COMPLETIONS[shell].file), text);
  // Windows has no man: its zip carries none (284 pages, 0.22 MB of a zip that must stay under 34 MiB).
  if (!binaryName.endsWith('.exe'))
    for (const page of readdirSync(manDir)) put(join(top, 'man', 'man1', page), { path: join(manDir, page) });
  return top;
}

/** Every file under `dir`, relative to it, sorted. */
export function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name), base) : [relative(base, join(dir, e.name))]))
    .sort();
}

/** A .tar.xz of `<dir>/<name>/` (xz -6, as the release's size budget was measured). */
export async function tarXz(dir, name, out, epoch) {
  await run('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    `--mtime=@${epoch}`,
    '-I',
    'xz -6 -T1',
    '-cf',
    out,
    '-C',
    dir,
    name,
  ]);
}

/**
 * A .zip of `<dir>/<name>/`: deflate (every unzip, Windows' own included, reads it), made with fflate
 * and, where advancecomp's advzip is installed, deflated again with zopfli (about 4 % smaller).
 */
export async function zip(dir, name, out, epoch) {
  const mtime = new Date(epoch * 1000);
  const files = Object.fromEntries(
    walk(join(dir, name)).map((f) => {
      const path = join(dir, name, f);
      const mode = statSync(path).mode & 0o777;
      // Unix permissions in the external attributes (os 3), so that the binary stays executable.
      return [
        `${name}/${f}`,
        [readFileSync(path), { level: 9, mtime, os: 3, attrs: ((0o100000 | mode) << 16) >>> 0 }],
      ];
    }),
  );
  writeFileSync(out, zipSync(files));
  try {
    await run('advzip', ['--recompress', '-2', '--quiet', out]);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
}

/**
 * `<root>/`: a package's files in their system places, the same in the .deb and the .rpm: /usr/bin/ops,
 * the completions and man pages, the copyright and notices in /usr/share/doc/ops.
 */
export function systemTree(root, { binary, completions, manDir, docs }) {
  rmSync(root, { recursive: true, force: true });
  put(join(root, 'usr/bin/ops'), { path: binary }, 0o755);
  for (const [shell, text] of Object.entries(completions))
    if (COMPLETIONS[shell].system) put(join(root, COMPLETIONS[shell].system), text);
  for (const page of readdirSync(manDir))
    put(
      join(root, 'usr/share/man/man1', `${page}.gz`),
      Buffer.from(gzipSync(readFileSync(join(manDir, page)), { level: 9, mtime: 0 })),
    );
  put(join(root, 'usr/share/doc/ops/copyright'), { path: docs.LICENSE });
  put(join(root, 'usr/share/doc/ops/THIRD_PARTY_NOTICES'), { path: docs.THIRD_PARTY_NOTICES });
  return walk(root);
}

/** A Debian package of the system tree, made with dpkg-deb. */
export async function deb(dir, { pkg, arch, binary, completions, manDir, docs, out, epoch }) {
  const root = join(dir, `deb-${arch}`);
  systemTree(root, { binary, completions, manDir, docs });
  const kib = Math.ceil(walk(root).reduce((n, f) => n + statSync(join(root, f)).size, 0) / 1024);
  const control = [
    'Package: ops',
    `Version: ${pkg.version}`,
    `Architecture: ${arch}`,
    `Maintainer: ${pkg.author}`,
    `Installed-Size: ${kib}`,
    // The binary is Node's own: it links glibc and libstdc++ and nothing else.
    'Depends: libc6 (>= 2.28), libstdc++6 (>= 10)',
    'Section: utils',
    'Priority: optional',
    `Homepage: ${pkg.homepage}`,
    `Description: ${pkg.description.replace(/:.*/, '')}`,
    ` ${pkg.description}`,
    '',
  ].join('\n');
  put(join(root, 'DEBIAN/control'), control);
  for (const f of walk(root)) execFileSync('touch', ['-h', '-d', `@${epoch}`, join(root, f)]);
  await run('dpkg-deb', ['--root-owner-group', '-Zxz', '-z6', '--build', root, out], {
    env: { ...process.env, SOURCE_DATE_EPOCH: String(epoch) },
  });
}
