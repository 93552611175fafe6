import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentBranch } from '../../../src/commands/shared/git-remote.js';

/** `git symbolic-ref --short HEAD` read from files: the clone's, a worktree's own, GIT_DIR's. */
function repo(): { dir: string; git: (...a: string[]) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'ops-head-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  git('commit', '-q', '--allow-empty', '-m', 'first');
  return { dir, git };
}

describe('currentBranch', () => {
  it('is the branch git names, from a sub-folder, a worktree (its own HEAD) and GIT_DIR', () => {
    const { dir, git } = repo();
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    expect(currentBranch(join(dir, 'a', 'b'))).toEqual({ branch: 'main' });
    const wt = join(mkdtempSync(join(tmpdir(), 'ops-wt-')), 'wt');
    git('worktree', 'add', '-q', '-b', 'topic/one', wt);
    expect(currentBranch(wt)).toEqual({ branch: 'topic/one' });
    expect(currentBranch(dir)).toEqual({ branch: 'main' });
    expect(currentBranch(tmpdir(), { GIT_DIR: join(dir, '.git') })).toEqual({ branch: 'main' });
  });

  it('a detached HEAD and a folder outside a clone say why there is none', () => {
    const { dir, git } = repo();
    git('checkout', '-q', '--detach');
    const sha = git('rev-parse', '--short=7', 'HEAD').trim();
    expect(currentBranch(dir)).toEqual({ none: `HEAD is detached at ${sha}` });
    const outside = mkdtempSync(join(tmpdir(), 'ops-nogit-'));
    expect(currentBranch(outside)).toEqual({ none: `${outside} is not in a git clone` });
  });
});
