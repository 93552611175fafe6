import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  gitConfigPath,
  matchRemote,
  parseRemoteUrl,
  parseRemotes,
  parseRewrites,
  repoFromGit,
  rewriteUrl,
  webHostOf,
} from '../../src/commands/shared/git-remote.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
const temp = () => mkdtempSync(join(tmpdir(), 'ops-git-'));

describe('parseRemoteUrl', () => {
  it.each([
    ['https://src.example.com/octo-org/hello-world.git', 'src.example.com', 'octo-org/hello-world'],
    ['https://src.example.com/octo-org/hello-world', 'src.example.com', 'octo-org/hello-world'],
    ['https://user@src.example.com:8443/octo-org/hello-world/', 'src.example.com', 'octo-org/hello-world'],
    ['ssh://git@src.example.com/octo-org/hello-world.git', 'src.example.com', 'octo-org/hello-world'],
    ['ssh://git@src.example.com:2222/octo-org/hello.world.git', 'src.example.com', 'octo-org/hello.world'],
    ['git@src.example.com:octo-org/hello-world.git', 'src.example.com', 'octo-org/hello-world'],
    ['src.example.com:octo-org/hello-world', 'src.example.com', 'octo-org/hello-world'],
    ['git://SRC.example.com/octo-org/hello-world.git', 'src.example.com', 'octo-org/hello-world'],
    ['git@ssh.github.com:cli/cli.git', 'github.com', 'cli/cli'],
  ])('%s', (url, host, repo) => {
    expect(parseRemoteUrl(url)).toEqual({ host, repo });
  });

  it.each([
    '/srv/git/hello.git',
    '../hello',
    'file:///srv/git/octo/hello.git',
    'https://src.example.com/only-one-part',
    'https://src.example.com/a/b/c',
    'C:\\repos\\hello',
  ])('not a repository on a host: %s', (url) => {
    expect(parseRemoteUrl(url)).toBeUndefined();
  });
});

describe('parseRemotes', () => {
  it('reads each remote and its first url; quotes, comments, case and other sections', () => {
    const text = [
      '[core]',
      '\turl = not-a-remote',
      '[remote "origin"]',
      '\tURL = "git@src.example.com:octo-org/hello-world.git" ; a comment',
      '\turl = https://second.example.com/x/y',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '[Remote "up stream"]',
      '  url=https://src.example.com/octo-org/upstream # why',
      '[branch "main"]',
      '\tremote = origin',
    ].join('\n');
    expect(parseRemotes(text)).toEqual([
      { name: 'origin', url: 'git@src.example.com:octo-org/hello-world.git' },
      { name: 'up stream', url: 'https://src.example.com/octo-org/upstream' },
    ]);
  });
});

describe('matchRemote', () => {
  const on = (name: string, repo: string, host = 'src.example.com') => ({
    name,
    url: `https://${host}/${repo}.git`,
  });
  it('origin on the web host wins over the others', () => {
    expect(matchRemote([on('upstream', 'a/up'), on('origin', 'a/mine')], 'src.example.com')).toEqual({
      found: { repo: 'a/mine', remote: 'origin', source: 'git remote origin' },
    });
  });
  it('else the only remote on the web host', () => {
    expect(
      matchRemote(
        [on('origin', 'a/mine', 'elsewhere.example.org'), on('fork', 'b/fork')],
        'SRC.example.com:443',
      ),
    ).toEqual({ found: { repo: 'b/fork', remote: 'fork', source: 'git remote fork' } });
  });
  it('several on the web host and no origin: several, no guess', () => {
    expect(matchRemote([on('fork', 'b/fork'), on('upstream', 'a/up')], 'src.example.com')).toEqual({
      several: ['fork', 'upstream'],
    });
  });
  it('none on the web host: nothing, and why', () => {
    expect(matchRemote([on('origin', 'a/b', 'github.com')], 'src.example.com')).toEqual({
      none: 'no remote is on src.example.com: origin is on github.com',
    });
  });
});

describe('webHostOf', () => {
  it('the setting, else from the API address', () => {
    expect(webHostOf('https://api.github.com', 'ghe.example.com')).toBe('ghe.example.com');
    expect(webHostOf('https://api.github.com', undefined)).toBe('github.com');
    expect(webHostOf('https://ghe.example.com/api/v3', '')).toBe('ghe.example.com');
    expect(webHostOf(undefined, undefined)).toBeUndefined();
    expect(webHostOf('not a url', undefined)).toBeUndefined();
  });
});

describe('repoFromGit on real clones (no git spawned by ops)', () => {
  it('a clone, from a folder deep inside it', () => {
    const dir = temp();
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'origin', 'git@src.example.com:octo-org/hello-world.git');
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    expect(repoFromGit(join(dir, 'src', 'deep'), 'src.example.com')).toEqual({
      repo: 'octo-org/hello-world',
      remote: 'origin',
      source: 'git remote origin',
    });
  });

  it('a worktree: its .git file points at a git dir whose commondir holds the config', () => {
    const dir = temp();
    git(dir, 'init', '-q');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@e', 'commit', '-q', '--allow-empty', '-m', 'x');
    git(dir, 'remote', 'add', 'upstream', 'https://src.example.com/octo-org/api-service.git');
    const wt = join(temp(), 'wt');
    git(dir, 'worktree', 'add', '-q', wt);
    expect(gitConfigPath(wt)).toBe(join(dir, '.git', 'config'));
    expect(repoFromGit(wt, 'src.example.com')?.repo).toBe('octo-org/api-service');
  });

  it('a submodule-style .git file without commondir, and GIT_DIR', () => {
    const dir = temp();
    mkdirSync(join(dir, 'modules', 'sub'), { recursive: true });
    writeFileSync(
      join(dir, 'modules', 'sub', 'config'),
      '[remote "origin"]\n\turl = https://src.example.com/o/sub\n',
    );
    mkdirSync(join(dir, 'work'));
    writeFileSync(join(dir, 'work', '.git'), 'gitdir: ../modules/sub\n');
    expect(repoFromGit(join(dir, 'work'), 'src.example.com')?.repo).toBe('o/sub');
    expect(repoFromGit(tmpdir(), 'src.example.com', { GIT_DIR: join(dir, 'modules', 'sub') })?.repo).toBe(
      'o/sub',
    );
  });

  it('outside any clone: nothing', () => {
    expect(repoFromGit(temp(), 'src.example.com')).toBeUndefined();
  });
});

describe('url.<base>.insteadOf, as git applies it', () => {
  const rules = parseRewrites(
    '[url "git@src.example.com:"]\n\tinsteadOf = gh:\n\tinsteadOf = github:\n[url "https://src.example.com/mirror/"]\n\tinsteadOf = gh:mirror/\n[url "x"]\n\tpushInsteadOf = gh:\n',
  );

  it('reads every insteadOf of each url section, and no pushInsteadOf', () => {
    expect(rules).toEqual([
      { base: 'git@src.example.com:', prefix: 'gh:' },
      { base: 'git@src.example.com:', prefix: 'github:' },
      { base: 'https://src.example.com/mirror/', prefix: 'gh:mirror/' },
    ]);
  });

  it.each([
    ['gh:octo/hello', 'git@src.example.com:octo/hello'],
    ['github:octo/hello', 'git@src.example.com:octo/hello'],
    // The longest prefix wins, whatever the order.
    ['gh:mirror/hello', 'https://src.example.com/mirror/hello'],
    ['https://elsewhere/x/y', 'https://elsewhere/x/y'],
  ])('%s → %s', (url, want) => {
    expect(rewriteUrl(url, rules)).toBe(want);
  });

  it('matchRemote uses the rewritten address, and says why when none is on the host', () => {
    expect(matchRemote([{ name: 'origin', url: 'gh:octo/hello' }], 'src.example.com', rules)).toEqual({
      found: { repo: 'octo/hello', remote: 'origin', source: 'git remote origin' },
    });
    expect(matchRemote([{ name: 'origin', url: 'gh:octo/hello' }], 'src.example.com')).toEqual({
      none: 'no remote is on src.example.com: origin is on gh',
    });
    expect(matchRemote([], 'src.example.com')).toEqual({ none: 'the git clone has no remote' });
  });
});
