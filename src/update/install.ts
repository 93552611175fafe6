import { platformName } from '../version.js';

/** The project's releases (package.json's homepage): install.sh and `ops upgrade` download from them. */
export const RELEASES_URL = 'https://github.com/ops-cli/ops/releases';

/** The newest release's `version.json`, which the update check reads unless OPS_UPDATE_URL is set. */
export const LATEST_VERSION_URL = `${RELEASES_URL}/latest/download/version.json`;

/** How this ops was installed, which decides how it is upgraded. */
export type InstallMethod =
  | { kind: 'binary'; path: string }
  | { kind: 'npm' }
  | { kind: 'deb'; path: string }
  | { kind: 'rpm'; path: string }
  | { kind: 'brew' }
  | { kind: 'scoop' }
  | { kind: 'image'; name: string };

/** What the running process tells of itself (handed in, so that a test can describe any install). */
export interface Executable {
  /** Whether it is the single binary (node:sea). */
  sea: boolean;
  /** The executable: the single binary, or the Node that runs the npm package. */
  execPath: string;
  platform: NodeJS.Platform;
  /** Whether a Debian package owns this file (`/var/lib/dpkg/info/ops.list` names it). */
  dpkgOwns(path: string): boolean;
  /** Whether an rpm package owns this file (`rpm -qf` names the package `ops`). */
  rpmOwns(path: string): boolean;
  /** OPS_UPGRADE_EXECUTABLE: the file `ops upgrade` replaces instead of the running binary. */
  override?: string | undefined;
  /** OPS_CONTAINER_IMAGE: the container image this ops runs in, which its Env names. */
  image?: string | undefined;
}

/**
 * How ops was installed, from where its executable is: the npm package runs under Node; the single
 * binary is Homebrew's under a Cellar or a Homebrew prefix, Scoop's under a `scoop` folder, a Debian
 * package's where dpkg lists it, an rpm's where `rpm -qf` names it, and otherwise one from an archive or install.sh, which `ops upgrade`
 * replaces. In a container image (its Env sets OPS_CONTAINER_IMAGE) a new image replaces it.
 */
export function installMethod(e: Executable): InstallMethod {
  if (e.override) return { kind: 'binary', path: e.override };
  if (e.image) return { kind: 'image', name: e.image };
  if (!e.sea) return { kind: 'npm' };
  const path = e.execPath;
  const words = path.toLowerCase().split(/[\\/]/);
  if (words.some((w) => w === 'cellar' || w === 'homebrew' || w === 'linuxbrew')) return { kind: 'brew' };
  if (e.platform === 'win32' && words.includes('scoop')) return { kind: 'scoop' };
  if (e.platform === 'linux' && e.dpkgOwns(path)) return { kind: 'deb', path };
  if (e.platform === 'linux' && e.rpmOwns(path)) return { kind: 'rpm', path };
  return { kind: 'binary', path };
}

/** The running process, as `installMethod` reads it. */
export function thisExecutable(env: Record<string, string | undefined>): Executable {
  return {
    sea: Boolean(process.getBuiltinModule('node:sea')?.isSea()),
    execPath: process.execPath,
    platform: process.platform,
    dpkgOwns: (path) => {
      try {
        const list = process.getBuiltinModule('node:fs').readFileSync('/var/lib/dpkg/info/ops.list', 'utf8');
        return list.split('\n').includes(path);
      } catch {
        return false;
      }
    },
    rpmOwns: (path) => {
      // Only on a linux binary that dpkg does not own; no rpm on the machine is a spawn error, not owned.
      const query = process
        .getBuiltinModule('node:child_process')
        .spawnSync('rpm', ['-qf', '--queryformat', '%{NAME}\\n', path], {
          encoding: 'utf8',
          timeout: 10_000,
        });
      return query.status === 0 && query.stdout.split('\n').includes('ops');
    },
    override: env.OPS_UPGRADE_EXECUTABLE || undefined,
    image: env.OPS_CONTAINER_IMAGE || undefined,
  };
}

/** How a person upgrades this install to `version`: the command to run. */
export function upgradeLine(method: InstallMethod, version: string | undefined): string {
  switch (method.kind) {
    case 'binary':
      return 'ops upgrade';
    case 'npm':
      return 'npm install -g ops-cli';
    case 'deb':
      return `sudo apt install ./${packageName(version, 'deb')} (from the release page)`;
    case 'rpm':
      return `sudo dnf upgrade ./${packageName(version, 'rpm')} (from the release page)`;
    case 'brew':
      return 'brew upgrade ops';
    case 'scoop':
      return 'scoop update ops';
    case 'image':
      return `docker pull ${method.name}:${version ?? 'latest'}`;
  }
}

/** The manager's name, as a sentence says it. */
export function managerName(method: InstallMethod): string {
  if (method.kind === 'image') return `the container image ${method.name}`;
  return {
    binary: 'an archive',
    npm: 'npm',
    deb: 'a Debian package',
    rpm: 'an rpm package',
    brew: 'Homebrew',
    scoop: 'Scoop',
  }[method.kind];
}

/** The release's package for this machine: `ops_0.3.0_linux_amd64.deb`, `…_arm64.rpm` (both name it by Debian's arch). */
function packageName(version: string | undefined, ext: 'deb' | 'rpm'): string {
  return `ops_${version ?? '<version>'}_linux_${process.arch === 'x64' ? 'amd64' : process.arch}.${ext}`;
}

/** This machine's archive of a release, as the release names it (scripts/release/targets.json). */
export interface ArchiveOf {
  /** `ops_0.3.0_linux_amd64`: the archive's name and the folder inside it. */
  name: string;
  /** `ops_0.3.0_linux_amd64.tar.xz` */
  file: string;
  ext: 'tar.xz' | 'zip';
  /** The binary's name in that folder. */
  binary: 'ops' | 'ops.exe';
}

const RELEASED = ['linux-amd64', 'linux-arm64', 'windows-amd64', 'macOS-arm64', 'macOS-amd64'];

/** The archive of `version` for this machine, or undefined when the release has none for it. */
export function archiveOf(
  version: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): ArchiveOf | undefined {
  const target = platformName(platform, arch);
  if (!RELEASED.includes(target)) return undefined;
  const name = `ops_${version}_${target.replace('-', '_')}`;
  const ext = platform === 'linux' ? 'tar.xz' : 'zip';
  return { name, file: `${name}.${ext}`, ext, binary: platform === 'win32' ? 'ops.exe' : 'ops' };
}
