// A package of the npm registry, fetched by `npm pack` (the registry and the client the project
// already uses), checked against a pinned integrity before anything in it is used, and unpacked into
// node_modules/.cache/ops-release. A second release reuses a tarball whose integrity still holds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `sha512-<base64>` of a file, as npm's integrity fields write it. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** The folder `package/` of name@version, unpacked after its tarball matched `integrity`. */
export function fetchPackage(root, name, version, integrity) {
  const cache = join(root, 'node_modules', '.cache', 'ops-release');
  mkdirSync(cache, { recursive: true });
  const tgz = join(cache, `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
  if (!existsSync(tgz) || integrityOf(tgz) !== integrity) {
    rmSync(tgz, { force: true });
    execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', cache], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const got = integrityOf(tgz);
  if (got !== integrity)
    throw new Error(`${name}@${version}: the registry's tarball is ${got}, not the pinned ${integrity}`);
  const dir = join(cache, `${name.replace(/^@/, '').replace('/', '-')}-${version}`);
  if (!existsSync(join(dir, 'package', 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['xzf', tgz, '-C', dir]);
  }
  return join(dir, 'package');
}

/** The lockfile's entry of an installed or optional package (its version, integrity and license). */
export function lockEntry(root, path) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[path];
  if (!entry) throw new Error(`package-lock.json has no ${path}`);
  return entry;
}
