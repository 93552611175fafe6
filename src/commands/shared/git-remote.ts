import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The repository a git clone's remote names on the service's web host (gh's `git remote` lookup). */
export interface GitRepo {
  /** `owner/name`. */
  repo: string;
  /** The remote it came from (`origin`). */
  remote: string;
  /** Where it came from, in words: `git remote origin`. */
  source: string;
}

export interface Remote {
  name: string;
  url: string;
}

/** What the remotes give: one repository, several candidates (gh asks; we say so), or none. */
export type RemoteMatch = { found: GitRepo } | { several: string[] } | undefined;

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The git directory whose `config` holds the remotes. A `.git` file (a worktree, a submodule) names
 * its git directory; a worktree's holds `commondir`, the main repository's, where its config is.
 */
function configDir(gitDir: string): string {
  const common = join(gitDir, 'commondir');
  if (!isFile(common)) return gitDir;
  const to = readFileSync(common, 'utf8').trim();
  return isAbsolute(to) ? to : resolve(gitDir, to);
}

/** The config file of the repository holding `cwd` (or `GIT_DIR`'s), walking up; undefined outside one. */
export function gitConfigPath(cwd: string, env: Record<string, string | undefined> = {}): string | undefined {
  if (env.GIT_DIR) return join(configDir(resolve(cwd, env.GIT_DIR)), 'config');
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (isDir(dotGit)) return join(configDir(dotGit), 'config');
    if (isFile(dotGit)) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
      if (!m) return undefined;
      return join(configDir(resolve(dir, m[1]!)), 'config');
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** A config value: quotes dropped, escapes read, an unquoted `#` or `;` starts a comment. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]!;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else if ((c === '#' || c === ';') && !quoted) break;
    else out += c;
  }
  return out.trim();
}

/** The remotes of a git config text, in order, each with its first `url` (the one git fetches from). */
export function parseRemotes(text: string): Remote[] {
  const out: Remote[] = [];
  let remote: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const section = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (section) {
      remote = section[1]!.toLowerCase() === 'remote' ? section[2]?.replace(/\\(.)/g, '$1') : undefined;
      continue;
    }
    const kv = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!remote || !kv || kv[1]!.toLowerCase() !== 'url') continue;
    const name = remote;
    if (!out.some((r) => r.name === name)) out.push({ name, url: configValue(kv[2]!) });
  }
  return out;
}

/**
 * The host and `owner/name` of a remote URL: `https://host[:port]/owner/name(.git)`,
 * `ssh://git@host[:port]/owner/name.git`, `git://…`, and the scp form `git@host:owner/name.git`.
 */
export function parseRemoteUrl(url: string): { host: string; repo: string } | undefined {
  let host: string;
  let path: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(url);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      if (!/^(https?|ssh|git|git\+ssh|ssh\+git):$/.test(u.protocol)) return undefined;
      host = u.hostname;
      path = decodeURIComponent(u.pathname);
    } catch {
      return undefined;
    }
  } else if (scp) {
    host = scp[1]!;
    path = scp[2]!;
  } else return undefined;
  const m = /^\/?([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(path);
  if (!m || m[2] === '.' || m[2] === '..') return undefined;
  return { host: normalHost(host), repo: `${m[1]}/${m[2]}` };
}

/** Hosts compare without case, port or `www.`; `ssh.HOST` is the SSH door of HOST (gh). */
function normalHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/^(www|ssh)\./, '');
}

/**
 * The remote to use: `origin` when it is on the web host, else the only remote on it; several and no
 * origin → `several` (the user says which with --repo).
 */
export function matchRemote(remotes: Remote[], webHost: string): RemoteMatch {
  const want = normalHost(webHost.replace(/:\d+$/, ''));
  const on = remotes
    .map((r) => ({ name: r.name, parsed: parseRemoteUrl(r.url) }))
    .filter((r) => r.parsed?.host === want);
  const pick = on.find((r) => r.name === 'origin') ?? (on.length === 1 ? on[0] : undefined);
  if (pick)
    return { found: { repo: pick.parsed!.repo, remote: pick.name, source: `git remote ${pick.name}` } };
  return on.length > 1 ? { several: on.map((r) => r.name) } : undefined;
}

/** The repository of the git clone holding `cwd`, from its remote on `webHost`; read without spawning git. */
export function remoteMatch(
  cwd: string,
  webHost: string,
  env: Record<string, string | undefined> = {},
): RemoteMatch {
  const config = gitConfigPath(cwd, env);
  if (!config) return undefined;
  let text: string;
  try {
    text = readFileSync(config, 'utf8');
  } catch {
    return undefined;
  }
  return matchRemote(parseRemotes(text), webHost);
}

export function repoFromGit(
  cwd: string,
  webHost: string,
  env: Record<string, string | undefined> = {},
): GitRepo | undefined {
  const m = remoteMatch(cwd, webHost, env);
  return m && 'found' in m ? m.found : undefined;
}

/**
 * The web host of the service: the setting `runs.web_host`, else derived from the API address
 * (`api.HOST` → HOST, `https://HOST/api/v3` → HOST, else the address's own host).
 */
export function webHostOf(baseUrl: string | undefined, setting: string | undefined): string | undefined {
  if (setting?.trim()) return setting.trim();
  if (!baseUrl) return undefined;
  try {
    const u = new URL(baseUrl);
    if (/^api\./i.test(u.hostname)) return u.hostname.slice(4);
    return u.hostname;
  } catch {
    return undefined;
  }
}
