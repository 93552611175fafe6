import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['runs'] });
// What `ops sandbox env` exports, less the repository and organisation, which would win over git.
const env = { ...sb.env, OPS_RUNS_REPO: undefined, OPS_RUNS_ORG: undefined };
const requests = async () => (await sb.counters()).requests.runs ?? {};

/** A git clone (made by git itself) with these remotes, and a folder inside it. */
function clone(remotes: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ops-clone-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: 'pipe',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
  git('init', '-q');
  for (const [name, url] of Object.entries(remotes)) git('remote', 'add', name, url);
  mkdirSync(join(dir, 'src'));
  return join(dir, 'src');
}

const ops = (args: string[], cwd: string, extra: Record<string, string | undefined> = {}) =>
  runMain(args, { env: { ...env, ...extra }, cwd });

describe('ops runs takes the repository from the git remote on the web host', () => {
  it('the sandbox exports the web host its html_urls name', async () => {
    const r = await runMain(['runs', 'view', '30433643', '--field', 'html_url'], { env: sb.env });
    expect(new URL(r.stdout.trim()).host).toBe(sb.env.OPS_RUNS_WEB_HOST);
    expect(sb.env.OPS_RUNS_WEB_HOST).toBe('src.example.com');
  });

  it('ops sandbox env exports it', async () => {
    const r = await runMain(['sandbox', 'env', '--port', '4010']);
    expect(r.stdout).toContain("export OPS_RUNS_WEB_HOST='src.example.com'\n");
  });

  it('origin (scp form) on the web host: the runs of that repository, nothing on stderr', async () => {
    const cwd = clone({ origin: 'git@src.example.com:octo-org/hello-world.git' });
    const r = await ops(['runs', 'list', '--limit', '2', '--json'], cwd);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(Object.keys(await requests())).toEqual(['GET /repos/octo-org/hello-world/actions/runs']);
  });

  it('--dry-run and --debug say where the repository came from, on stderr', async () => {
    const cwd = clone({ upstream: 'https://src.example.com/octo-org/hello-world.git' });
    const dry = await ops(['runs', 'cancel', '30433648', '--dry-run'], cwd);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toBe('repository octo-org/hello-world from git remote upstream\n');
    expect(dry.stdout).toContain('/repos/octo-org/hello-world/actions/runs/30433648/cancel');
    const debug = await ops(['runs', 'list', '--limit', '1', '--debug'], cwd);
    expect(debug.stderr.split('\n')[0]).toBe('repository octo-org/hello-world from git remote upstream');
  });

  it('--repo, OPS_RUNS_REPO and runs.repo win over the remote', async () => {
    const cwd = clone({ origin: 'https://src.example.com/octo-org/no-such-repo' });
    expect((await ops(['runs', 'list', '--repo', 'octo-org/hello-world', '--json'], cwd)).code).toBe(0);
    const r = await ops(['runs', 'list', '--json', '--dry-run'], cwd, {
      OPS_RUNS_REPO: 'octo-org/hello-world',
    });
    expect(r).toMatchObject({ code: 0 });
    expect(r.stderr).not.toMatch(/from git remote/);
    expect(Object.keys(await requests())).toEqual(['GET /repos/octo-org/hello-world/actions/runs']);
  });

  it('secrets and variables act on the clone’s repository when nothing else is configured', async () => {
    const cwd = clone({ origin: 'ssh://git@src.example.com:2222/octo-org/hello-world.git' });
    const r = await ops(['runs', 'variable', 'list', '--json'], cwd);
    expect(r.code).toBe(0);
    expect(Object.keys(await requests())).toEqual(['GET /repos/octo-org/hello-world/actions/variables']);
  });

  it('ops auth status shows the repository inferred from git, and a setting over it', async () => {
    const cwd = clone({ origin: 'git@src.example.com:octo-org/hello-world.git' });
    const inferred = await ops(['auth', 'status', 'runs', '--json'], cwd);
    expect(inferred.code).toBe(0);
    expect(JSON.parse(inferred.stdout)[0].context).toEqual({
      repo: 'octo-org/hello-world',
      source: 'git remote origin',
    });
    const table = await ops(['auth', 'status', 'runs'], cwd);
    expect(table.stdout).toMatch(/CONTEXT\n.*octo-org\/hello-world \(git remote origin\)\n$/);
    const set = await ops(['auth', 'status', 'runs', '--json'], cwd, { OPS_RUNS_REPO: 'octo-org/other' });
    expect(JSON.parse(set.stdout)[0].context).toEqual({
      repo: 'octo-org/other',
      source: 'env OPS_RUNS_REPO',
    });
    const none = await ops(
      ['auth', 'status', 'runs', '--json'],
      mkdtempSync(join(tmpdir(), 'ops-no-clone-')),
    );
    expect(JSON.parse(none.stdout)[0].context).toEqual({ repo: null, source: 'none' });
    expect(await requests()).toEqual({});
  });

  it('a remote on another host is not used: exit 2, no request', async () => {
    const cwd = clone({ origin: 'https://elsewhere.example.org/octo-org/hello-world.git' });
    const r = await ops(['runs', 'list'], cwd);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^ops: runs: no repository given\nhint: .*or run it in a git clone\n$/);
    expect(await requests()).toEqual({});
  });

  it('several remotes on the web host and no origin: exit 2 naming them, no request', async () => {
    const cwd = clone({
      fork: 'git@src.example.com:someone/hello-world.git',
      upstream: 'git@src.example.com:octo-org/hello-world.git',
    });
    const r = await ops(['runs', 'list'], cwd);
    expect(r).toMatchObject({
      code: 2,
      stderr:
        'ops: runs: no repository given\nhint: several remotes (fork, upstream) are on the web host: give --repo OWNER/REPO, set OPS_RUNS_REPO, run `ops config set runs.repo OWNER/REPO`, or run it in a git clone\n',
    });
    expect(await requests()).toEqual({});
  });

  it('the built CLI reads the clone it is started in', async () => {
    const cwd = clone({ origin: 'https://src.example.com/octo-org/hello-world' });
    const r = await runCli(['runs', 'list', '--limit', '1', '--field', 'id'], {
      cwd,
      env,
    });
    expect(r).toMatchObject({ code: 0, stdout: '30433648\n', stderr: '' });
  });
});

describe('remotes as git sees them: url.<base>.insteadOf', () => {
  /** A user's git config (GIT_CONFIG_GLOBAL) with these `insteadOf` rules. */
  function userConfig(rules: Record<string, string>): string {
    const file = join(mkdtempSync(join(tmpdir(), 'ops-gitconfig-')), 'config');
    writeFileSync(
      file,
      Object.entries(rules)
        .map(([base, prefix]) => `[url "${base}"]\n\tinsteadOf = ${prefix}\n`)
        .join(''),
    );
    return file;
  }

  it('a remote written with a company short form resolves to the web host', async () => {
    const cwd = clone({ origin: 'gh:octo-org/hello-world' });
    const global = userConfig({ 'git@src.example.com:': 'gh:', 'https://other.example.org/': 'g' });
    const r = await ops(['runs', 'list', '--limit', '1', '--field', 'id', '--debug'], cwd, {
      GIT_CONFIG_GLOBAL: global,
      GIT_CONFIG_NOSYSTEM: '1',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('30433648\n');
    expect(r.stderr.split('\n')[0]).toBe('repository octo-org/hello-world from git remote origin');
    // The same as git itself says.
    const got = execFileSync('git', ['remote', 'get-url', 'origin'], {
      cwd,
      env: { ...process.env, GIT_CONFIG_GLOBAL: global, GIT_CONFIG_NOSYSTEM: '1' },
    });
    expect(got.toString()).toBe('git@src.example.com:octo-org/hello-world\n');
  });

  it('the rule from the environment (GIT_CONFIG_COUNT), as git reads it', async () => {
    const cwd = clone({ origin: 'corp:octo-org/hello-world.git' });
    const r = await ops(['runs', 'list', '--limit', '1', '--field', 'id'], cwd, {
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'url.https://src.example.com/.insteadOf',
      GIT_CONFIG_VALUE_0: 'corp:',
    });
    expect(r).toMatchObject({ code: 0, stdout: '30433648\n' });
  });

  it('--debug says why no repository came from git', async () => {
    const cwd = clone({ origin: 'gh:octo-org/hello-world' });
    const r = await ops(['runs', 'list', '--debug'], cwd, {
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no repository from git: no remote is on src.example.com: origin is on gh\n');
    const outside = await ops(['runs', 'list', '--debug'], mkdtempSync(join(tmpdir(), 'ops-no-clone-')));
    expect(outside.stderr).toMatch(/no repository from git: \S+ is not in a git clone\n/);
    expect(await requests()).toEqual({});
  });
});
