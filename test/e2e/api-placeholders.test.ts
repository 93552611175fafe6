import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** gh's {branch}, and each service's named context parts, in `ops api` paths and -F values. */
const sb = await useSandbox({ services: ['runs', 'db', 'pipelines'] });

/** A git clone (no remote: the repository comes from OPS_RUNS_REPO) on `branch`, or detached. */
function clone(branch: string, detach = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'ops-branch-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q', '-b', branch);
  git('commit', '-q', '--allow-empty', '-m', 'first');
  if (detach) git('checkout', '-q', '--detach');
  return dir;
}

const ops = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  runCli(args, { env: { ...sb.env, ...env }, cwd });

describe('{branch}', () => {
  it("is the clone's branch in the path (a / kept, # encoded) and in -F values", async () => {
    const cwd = clone('feature/x#1');
    const r = await ops(
      [
        'api',
        'runs',
        'GET',
        '/repos/{owner}/{repo}/actions/runs?branch={branch}',
        '--debug',
        '--jq',
        '.total_count',
      ],
      cwd,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^> GET \S+\/repos\/octo-org\/hello-world\/actions\/runs\?branch=feature%2Fx%231$/m,
    );
    const post = await ops(
      [
        'api',
        'runs',
        'POST',
        '/repos/{owner}/{repo}/actions/workflows/ci.yml/dispatches',
        '-F',
        'ref={branch}',
        '-f',
        'raw={branch}',
        '--dry-run',
      ],
      cwd,
    );
    expect(post.code).toBe(0);
    expect(post.stdout).toContain(`--data-binary '{"raw":"{branch}","ref":"feature/x#1"}'`);
    expect(post.stdout).toContain('/repos/octo-org/hello-world/actions/workflows/ci.yml/dispatches');
  });

  it('a detached HEAD, or no clone, is exit 2 naming why, before any request', async () => {
    const detached = await ops(
      ['api', 'runs', 'GET', '/repos/{owner}/{repo}/branches/{branch}'],
      clone('main', true),
    );
    expect(detached.code).toBe(2);
    expect(detached.stderr).toMatch(
      /^ops: \{branch\}: HEAD is detached at [0-9a-f]{7}\nhint: run it in a git clone/,
    );
    const nowhere = mkdtempSync(join(tmpdir(), 'ops-no-git-'));
    const none = await ops(['api', 'runs', 'POST', '/x', '-F', 'ref={branch}'], nowhere);
    expect([none.code, none.stderr.split('\n')[0]]).toEqual([
      2,
      `ops: {branch}: ${nowhere} is not in a git clone`,
    ]);
    expect((await sb.counters()).requests.runs ?? {}).toEqual({});
  });
});

describe("each service's named context parts", () => {
  it('runs {org}; db {subscription}, {resource_group}, {account}, {api_version}; an unknown name is sent as written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ops-ctx-'));
    const org = await ops(
      ['api', 'runs', 'GET', '/orgs/{org}/actions/secrets', '--debug', '--jq', '.total_count'],
      cwd,
      {
        OPS_RUNS_ORG: 'octo-org',
      },
    );
    expect(org.code).toBe(0);
    expect(org.stderr).toMatch(/^> GET \S+\/orgs\/octo-org\/actions\/secrets$/m);
    const db = await ops(
      [
        'api',
        'db',
        'GET',
        '/subscriptions/{subscription}/resourceGroups/{resource_group}/providers/Microsoft.DocumentDB/databaseAccounts/{account}/sqlRoleDefinitions?api-version={api_version}',
        '--jq',
        '.value | length > 0',
      ],
      cwd,
    );
    expect([db.code, db.stdout, db.stderr]).toEqual([0, 'true\n', '']);
    const unknown = await ops(['api', 'runs', 'GET', '/repos/{owner}/{repo}/x/{nope}', '--debug'], cwd);
    expect(unknown.stderr).toMatch(/^> GET \S+\/repos\/octo-org\/hello-world\/x\/%7Bnope%7D$/m);
  });

  it('a part that is not set is exit 2 naming the variable and the config line, before any request', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ops-ctx-'));
    const r = await ops(['api', 'pipelines', 'GET', '/api/v2/insights/{org}/summary'], cwd, {
      OPS_PIPELINES_ORG: '',
    });
    expect([r.code, r.stderr]).toEqual([
      2,
      'ops: {org}: pipelines has no org set\nhint: set OPS_PIPELINES_ORG, or run `ops config set pipelines.org VALUE`, or write the value in place of {org}\n',
    ]);
    expect((await sb.counters()).requests.pipelines ?? {}).toEqual({});
  });
});
