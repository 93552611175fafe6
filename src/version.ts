declare const __OPS_VERSION__: string | undefined;
declare const __OPS_COMMIT__: string | undefined;
declare const __OPS_BUILD_DATE__: string | undefined;

/** Set by the bundler from package.json; the tests see the development value. */
export const VERSION: string = typeof __OPS_VERSION__ === 'string' ? __OPS_VERSION__ : '0.0.0-dev';

/** What `ops --version` tells: the version, the commit and date it was built from, and the platform. */
export interface VersionInfo {
  version: string;
  commit: string;
  date: string;
  platform: string;
}

/**
 * The platform in the release's names (`linux-amd64`, `windows-amd64`, `macOS-arm64`): the name of the
 * archive a user would download for this machine.
 */
export function platformName(platform: string = process.platform, arch: string = process.arch): string {
  const os = ({ win32: 'windows', darwin: 'macOS' } as Record<string, string>)[platform] ?? platform;
  const cpu = ({ x64: 'amd64' } as Record<string, string>)[arch] ?? arch;
  return `${os}-${cpu}`;
}

export function versionInfo(): VersionInfo {
  return {
    version: VERSION,
    // The build's commit and date (scripts/build.mjs: the commit's own date, or SOURCE_DATE_EPOCH, so
    // that two builds of one commit are the same bytes).
    commit: typeof __OPS_COMMIT__ === 'string' ? __OPS_COMMIT__ : 'dev',
    date: typeof __OPS_BUILD_DATE__ === 'string' ? __OPS_BUILD_DATE__ : 'unknown',
    platform: platformName(),
  };
}

/** `ops 0.2.0 (abc1234, 2026-12-01, linux-arm64)` */
export function versionLine(info: VersionInfo = versionInfo()): string {
  return `ops ${info.version} (${info.commit}, ${info.date}, ${info.platform})`;
}

/**
 * `ops --version` alone, or with the JSON output flags (`--json`, `-o json`, `--output=json`): the
 * format it asks for. A word after it (`ops --version extra`) is `{ extra }`: the flag takes no
 * argument, which is said as such, not as an unknown option. Undefined when the arguments are anything
 * else: a word before the flag is a command, whose option it would be; other flags beside it (`-o yaml`,
 * `--bogus`) are run.ts's, which parses them as the root's and prints the version as data.
 */
export function versionRequest(args: string[]): 'text' | 'json' | { extra: string } | undefined {
  if (!args.some((a) => a === '--version' || a === '-V')) return undefined;
  let format: 'text' | 'json' = 'text';
  let asked = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--version' || a === '-V') asked = true;
    else if (a === '--json' || a === '-o=json' || a === '--output=json') format = 'json';
    else if ((a === '-o' || a === '--output') && args[i + 1] === 'json') {
      format = 'json';
      i++;
    } else return asked && !a.startsWith('-') ? { extra: a } : undefined;
  }
  return format;
}
