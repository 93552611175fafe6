// The tools `npm run release` runs, checked before it builds anything: a machine without one used to
// die with a Node stack trace after the first binary (aarch64-linux-gnu-strip). Each is named with the
// Debian package that has it.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runnerFor } from './sea.mjs';

/** Whether an executable of that name is on PATH. */
export function onPath(tool, path = process.env.PATH ?? '') {
  return path.split(delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * What the chosen targets need that this machine lacks: `[{ need, package }]`, in the order they would
 * have been met. `has` tells whether a tool is on PATH, `exists` whether a file is there (tests hand in
 * their own).
 */
export function missingTools(targets, { has = (t) => onPath(t), exists = existsSync } = {}) {
  const needs = [];
  const tool = (name, pkg) => needs.push({ need: name, package: pkg, ok: () => has(name) });
  const file = (path, pkg) => needs.push({ need: path, package: pkg, ok: () => exists(path) });
  if (targets.length === 0) return [];
  tool('git', 'git');
  tool('tar', 'tar');
  // The join signs the checksums (sign.mjs).
  tool('ssh-keygen', 'openssh-client');
  // The join signs the apt repository (apt.mjs).
  tool('gpg', 'gpg');
  if (targets.some((t) => t.archive === 'tar.xz')) tool('xz', 'xz-utils');
  for (const t of targets) {
    if (t.strip)
      tool(t.strip, t.strip === 'strip' ? 'binutils' : `binutils-${t.strip.replace(/-strip$/, '')}`);
    const runner = runnerFor(t);
    if (runner?.[0] === 'qemu-aarch64') {
      tool('qemu-aarch64', 'qemu-user');
      file('/usr/aarch64-linux-gnu/lib/libstdc++.so.6', 'libc6-arm64-cross libstdc++6-arm64-cross');
    }
    if (t.deb) tool('dpkg-deb', 'dpkg');
    if (t.deb) tool('rpmbuild', 'rpm');
  }
  const seen = new Set();
  return needs
    .filter((n) => !seen.has(n.need) && seen.add(n.need) && !n.ok())
    .map(({ need, package: pkg }) => ({ need, package: pkg }));
}

/** The one line that names what is missing and how to install it. */
export function missingLine(missing) {
  const named = missing.map((m) => `${m.need} (Debian: ${m.package})`).join(', ');
  const packages = [...new Set(missing.flatMap((m) => m.package.split(' ')))].join(' ');
  return `missing ${missing.length === 1 ? 'a tool' : 'tools'} to build the chosen targets: ${named}; install them with: apt-get install ${packages}`;
}
