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

/**
 * What the remotes give: one repository, several candidates (gh asks; we say so), or none, with why in
 * words for `--debug` (`no remote is on src.example.com: origin is on gitlab.example.com`).
 */
export type RemoteMatch = { found: GitRepo } | { several: string[] } | { none: string };

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

/**
 * The git directory of the clone holding `cwd` (or `GIT_DIR`), walking up: a worktree's own, where its
 * `HEAD` is; undefined outside a clone.
 */
export function gitDirOf(cwd: string, env: Record<string, string | undefined> = {}): string | undefined {
  if (env.GIT_DIR) return resolve(cwd, env.GIT_DIR);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (isDir(dotGit)) return dotGit;
    if (isFile(dotGit)) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
      return m ? resolve(dir, m[1]!) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The config file of the repository holding `cwd` (or `GIT_DIR`'s), walking up; undefined outside one. */
export function gitConfigPath(cwd: string, env: Record<string, string | undefined> = {}): string | undefined {
  const gitDir = gitDirOf(cwd, env);
  return gitDir === undefined ? undefined : join(configDir(gitDir), 'config');
}

/**
 * The branch checked out in the clone holding `cwd`, as `git symbolic-ref --short HEAD` names it,
 * read without spawning git; else why there is none (no clone, a detached HEAD).
 */
export function currentBranch(
  cwd: string,
  env: Record<string, string | undefined> = {},
): { branch: string } | { none: string } {
  const gitDir = gitDirOf(cwd, env);
  if (gitDir === undefined) return { none: `${cwd} is not in a git clone` };
  const head = readText(join(gitDir, 'HEAD'))?.trim();
  if (head === undefined) return { none: `cannot read ${join(gitDir, 'HEAD')}` };
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  if (ref) return { branch: ref[1]! };
  if (/^[0-9a-f]{40,64}$/i.test(head)) return { none: `HEAD is detached at ${head.slice(0, 7)}` };
  return { none: `HEAD names no branch (${head.slice(0, 60)})` };
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

/** Each `key = value` of a git config text with its section and subsection (`remote`, `origin`). */
function* configEntries(
  text: string,
): Generator<{ section: string; sub?: string; key: string; value: string }> {
  let section = '';
  let sub: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const head = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      sub = head[2]?.replace(/\\(.)/g, '$1');
      continue;
    }
    const kv = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (kv) yield { section, sub, key: kv[1]!.toLowerCase(), value: configValue(kv[2]!) };
  }
}

/** The remotes of a git config text, in order, each with its first `url` (the one git fetches from). */
export function parseRemotes(text: string): Remote[] {
  const out: Remote[] = [];
  for (const e of configEntries(text)) {
    const name = e.sub;
    if (e.section !== 'remote' || name === undefined || e.key !== 'url') continue;
    if (!out.some((r) => r.name === name)) out.push({ name, url: e.value });
  }
  return out;
}

/** `[url "<base>"] insteadOf = <prefix>`: a URL starting with the prefix is fetched from the base instead. */
export interface UrlRewrite {
  base: string;
  prefix: string;
}

/** The `url.<base>.insteadOf` rules of a git config text (`pushInsteadOf` is for pushes only). */
export function parseRewrites(text: string): UrlRewrite[] {
  const out: UrlRewrite[] = [];
  for (const e of configEntries(text))
    if (e.section === 'url' && e.sub !== undefined && e.key === 'insteadof')
      out.push({ base: e.sub, prefix: e.value });
  return out;
}

/** A remote's URL as git fetches it: the longest `insteadOf` prefix it starts with, replaced by its base. */
export function rewriteUrl(url: string, rewrites: readonly UrlRewrite[]): string {
  let best: UrlRewrite | undefined;
  for (const r of rewrites)
    if (url.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
  return best ? best.base + url.slice(best.prefix.length) : url;
}

/**
 * The config files git reads before a repository's own, in git's order: the system's (`GIT_CONFIG_SYSTEM`,
 * else /etc/gitconfig, none under `GIT_CONFIG_NOSYSTEM`), then the user's (`GIT_CONFIG_GLOBAL`, else
 * `$XDG_CONFIG_HOME/git/config` and `~/.gitconfig`). Their `include`s are not followed.
 */
export function outerConfigPaths(env: Record<string, string | undefined>): string[] {
  const paths: string[] = [];
  if (!/^(1|true|yes|on)$/i.test(env.GIT_CONFIG_NOSYSTEM ?? ''))
    paths.push(env.GIT_CONFIG_SYSTEM || '/etc/gitconfig');
  if (env.GIT_CONFIG_GLOBAL !== undefined) {
    if (env.GIT_CONFIG_GLOBAL) paths.push(env.GIT_CONFIG_GLOBAL);
  } else if (env.HOME) {
    paths.push(join(env.XDG_CONFIG_HOME || join(env.HOME, '.config'), 'git', 'config'));
    paths.push(join(env.HOME, '.gitconfig'));
  }
  return paths;
}

/** `GIT_CONFIG_COUNT` with `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`: settings given by the environment. */
function envConfigText(env: Record<string, string | undefined>): string {
  const n = Number(env.GIT_CONFIG_COUNT ?? 0);
  const lines: string[] = [];
  for (let i = 0; Number.isInteger(n) && i < n && i < 1000; i++) {
    const m = /^url\.(.+)\.insteadof$/i.exec(env[`GIT_CONFIG_KEY_${i}`] ?? '');
    const value = env[`GIT_CONFIG_VALUE_${i}`];
    if (m && value !== undefined)
      lines.push(`[url ${JSON.stringify(m[1])}]`, `insteadOf = ${JSON.stringify(value)}`);
  }
  return lines.join('\n');
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

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
export function matchRemote(
  remotes: Remote[],
  webHost: string,
  rewrites: readonly UrlRewrite[] = [],
): RemoteMatch {
  const want = normalHost(webHost.replace(/:\d+$/, ''));
  const all = remotes.map((r) => ({ name: r.name, parsed: parseRemoteUrl(rewriteUrl(r.url, rewrites)) }));
  const on = all.filter((r) => r.parsed?.host === want);
  const pick = on.find((r) => r.name === 'origin') ?? (on.length === 1 ? on[0] : undefined);
  if (pick)
    return { found: { repo: pick.parsed!.repo, remote: pick.name, source: `git remote ${pick.name}` } };
  if (on.length > 1) return { several: on.map((r) => r.name) };
  if (all.length === 0) return { none: 'the git clone has no remote' };
  const where = all.map((r) =>
    r.parsed ? `${r.name} is on ${r.parsed.host}` : `${r.name}'s address names no owner/repository`,
  );
  return { none: `no remote is on ${want}: ${where.join(', ')}` };
}

/**
 * The repository of the git clone holding `cwd`, from its remote on `webHost`, each remote's address
 * rewritten by the `insteadOf` rules of every config git reads (`git@gh:org/repo` in a company's
 * setup); read without spawning git.
 */
export function remoteMatch(
  cwd: string,
  webHost: string,
  env: Record<string, string | undefined> = {},
): RemoteMatch {
  const config = gitConfigPath(cwd, env);
  if (!config) return { none: `${cwd} is not in a git clone` };
  const text = readText(config);
  if (text === undefined) return { none: `cannot read ${config}` };
  const texts = [...outerConfigPaths(env).map(readText), text, envConfigText(env)];
  const rewrites = texts.flatMap((t) => (t === undefined ? [] : parseRewrites(t)));
  return matchRemote(parseRemotes(text), webHost, rewrites);
}

export function repoFromGit(
  cwd: string,
  webHost: string,
  env: Record<string, string | undefined> = {},
): GitRepo | undefined {
  const m = remoteMatch(cwd, webHost, env);
  return 'found' in m ? m.found : undefined;
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
