import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { useSandbox } from '../helpers/sandbox.js';
import { IDS } from '../pipelines/helpers.js';

const sb = await useSandbox({ services: ['pipelines'] });
// A second sandbox with two-item pages and a low rate limit: 429s in the middle of --all.
const limited = await useSandbox({
  services: ['pipelines'],
  settings: { 'pipelines.page_size': '2', 'pipelines.rate_limit': '3', 'pipelines.rate_period': '1' },
});
const conformance = await useConformance('pipelines', `${sb.url}/pipelines`);

const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; on?: typeof sb } = {},
) => runMain(['pipelines', ...args], { env: { ...(o.on ?? sb).env, ...o.env }, input: o.input });
const json = <T = Record<string, unknown>>(s: string) => JSON.parse(s) as T;
const requests = async (on = sb) => (await on.counters()).requests.pipelines ?? {};
const stats = async (on = sb) => (await on.counters()).emulators.pipelines as Record<string, number>;

describe('ops pipelines context', () => {
  it('list by slug prints a table of every context of the first page; --json an array', async () => {
    const r = await ops(['context', 'list', '--org', 'gh/acme']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+CREATED$/);
    expect(lines[1]).toMatch(new RegExp(`^${IDS.awsProduction}\\s+aws-production\\s+\\d{4}-`));
    expect(lines).toHaveLength(13);
    // 12 contexts in pages of 10: two requests.
    expect((await requests())['GET /api/v2/context']).toBe(2);
    const j = await ops(['context', 'list', '--org', IDS.acme, '--json']);
    expect(json<unknown[]>(j.stdout)).toHaveLength(12);
  });

  it('the owner falls back to OPS_PIPELINES_ORG; --limit asks for one page', async () => {
    const r = await ops(['context', 'list', '--limit', '3', '-o', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id,name,created');
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect((await requests())['GET /api/v2/context']).toBe(1);
  });

  it('--org by name: one read of the user’s organizations gives the id; an unknown name is exit 2', async () => {
    const r = await ops(['context', 'list', '--org', 'acme-labs', '--json']);
    expect(r.code).toBe(0);
    expect(json<Array<{ name: string }>>(r.stdout).map((c) => c.name)).toEqual(['labs-shared']);
    expect(await requests()).toEqual({ 'GET /api/v2/me/collaborations': 1, 'GET /api/v2/context': 1 });
    const dry = await ops(['context', 'list', '--org', 'acme', '--limit', '1', '--dry-run']);
    expect(dry.stderr).toMatch(
      /^dry run: sent GET \S+\/api\/v2\/me\/collaborations \(read-only, to plan\)\n$/,
    );
    expect(dry.stdout).toContain(`/api/v2/context?owner-id=${IDS.acme}`);
    const unknown = await ops(['context', 'list', '--org', 'other-corp']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr:
        'ops: no organization is named "other-corp"\nhint: give an id or one of the names: acme, acme-labs, sandbox-user\n',
    });
    const old = await ops(['context', 'list', '--owner-type', 'account']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain("unknown option '--owner-type'");
  });

  it('create, get, delete (with --yes; without it and without a terminal: exit 2, nothing sent)', async () => {
    const made = await ops(['context', 'create', 'release-signing', '--org', 'gh/acme', '--json']);
    expect(made.code).toBe(0);
    const { id, name } = json<{ id: string; name: string }>(made.stdout);
    expect(name).toBe('release-signing');
    const got = await ops(['context', 'get', id]);
    expect(got.stdout).toMatch(new RegExp(`^id\\s+${id}\\nname\\s+release-signing\\ncreated\\s+\\S+\\n$`));
    const refused = await ops(['context', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs confirmation');
    expect((await requests())[`DELETE /api/v2/context/${id}`]).toBeUndefined();
    const del = await ops(['context', 'delete', id, '--yes']);
    expect(del).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const gone = await ops(['context', 'get', id]);
    expect(gone).toMatchObject({
      code: 3,
      stderr: `ops: pipelines: context ${id} not found in the contexts this token can see (HTTP 404)\nhint: \`ops pipelines context list --org ORG\` lists the contexts of an organization\n`,
    });
  });

  it('a second context of the same name: 409, exit 1', async () => {
    const r = await ops(['context', 'create', 'aws-production', '--org', IDS.acme]);
    expect(r).toMatchObject({
      code: 1,
      stderr: 'ops: pipelines: A context named "aws-production" already exists (HTTP 409)\n',
    });
  });
});

describe('ops pipelines context env', () => {
  it('set reads the value from stdin, never echoes it, and list shows names only', async () => {
    const set = await ops(['context', 'env', 'set', IDS.dockerHub, 'REGISTRY_TOKEN', '--debug'], {
      input: 'dckr_pat_SECRET42\n',
    });
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^variable\s+REGISTRY_TOKEN\ncreated\s+/);
    expect(set.stdout + set.stderr).not.toContain('dckr_pat_SECRET42');
    expect(set.stderr).toContain('> {"value":"***"}');
    const list = await ops(['context', 'env', 'list', IDS.dockerHub, '--json']);
    expect(json<Array<{ variable: string }>>(list.stdout).map((v) => v.variable)).toEqual([
      'DOCKER_LOGIN',
      'DOCKER_PASSWORD',
      'REGISTRY_TOKEN',
    ]);
    expect(list.stdout).not.toContain('value');
  });

  it('--dry-run prints the PUT as curl with the value masked and sends nothing', async () => {
    const r = await ops(['context', 'env', 'set', IDS.dockerHub, 'X', '--dry-run'], { input: 'topsecret' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^curl -X PUT .*environment-variable\/X .*-H 'Pipeline-Token: '"\$\(ops auth token pipelines\)"/,
    );
    expect(r.stdout).not.toContain('topsecret');
    expect(r.stdout).not.toContain('sandbox-pipelines-token');
    expect(await requests()).toEqual({});
  });

  it('an empty value is refused before sending; --all walks 14 variables in two pages', async () => {
    const empty = await ops(['context', 'env', 'set', IDS.dockerHub, 'X'], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe('ops: the variable value is empty');
    const all = await ops(['context', 'env', 'list', IDS.awsProduction, '--all', '-o', 'ndjson']);
    expect(all.stdout.trim().split('\n')).toHaveLength(14);
    expect((await requests())[`GET /api/v2/context/${IDS.awsProduction}/environment-variable`]).toBe(2);
  });

  it('delete, then 404 the second time', async () => {
    expect(
      json((await ops(['context', 'env', 'delete', IDS.dockerHub, 'DOCKER_LOGIN', '-y', '--json'])).stdout),
    ).toEqual({ deleted: true, kind: 'context variable', id: 'DOCKER_LOGIN' });
    const again = await ops(['context', 'env', 'delete', IDS.dockerHub, 'DOCKER_LOGIN', '-y']);
    expect(again).toMatchObject({
      code: 3,
      stderr: `ops: pipelines: variable DOCKER_LOGIN not found in context ${IDS.dockerHub} (HTTP 404)\nhint: \`ops pipelines context env list CONTEXT\` lists them\n`,
    });
  });
});

describe('ops pipelines context restriction', () => {
  it('list, create each type, refuse a duplicate (409), delete', async () => {
    const list = await ops(['context', 'restriction', 'list', IDS.awsProduction]);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+TYPE\s+VALUE\s+NAME$/);
    expect(list.stdout).toContain('pipeline.git.branch == "main"');
    const project = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'project',
      '--value',
      IDS.apiServer,
      '--json',
    ]);
    expect(json(project.stdout)).toMatchObject({
      restriction_type: 'project',
      restriction_value: IDS.apiServer,
      name: 'api-server',
    });
    const expr = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'expression',
      '--value',
      'pipeline.git.tag starts-with "v"',
    ]);
    expect(expr.code).toBe(0);
    expect(expr.stdout).toMatch(/^id\s+\S+\ntype\s+expression\nvalue\s+pipeline\.git\.tag starts-with "v"\n/);
    const group = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'group',
      '--value',
      IDS.releaseManagers,
      '--field',
      'id',
    ]);
    const dup = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'group',
      '--value',
      IDS.releaseManagers,
    ]);
    expect(dup).toMatchObject({
      code: 1,
      stderr: 'ops: pipelines: This restriction already exists on the context (HTTP 409)\n',
    });
    const del = await ops(['context', 'restriction', 'delete', IDS.awsStaging, group.stdout.trim(), '--yes']);
    expect(del).toMatchObject({ code: 0, stdout: '' });
  });

  it('a project of another organization: 400 with the reason, exit 1', async () => {
    const r = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'project',
      '--value',
      IDS.dataPipeline,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `ops: pipelines: restriction_value: no project ${IDS.dataPipeline} in the context's organization (HTTP 400)\n`,
    );
  });
});

describe('ops pipelines project', () => {
  it('get, create in an organization, delete', async () => {
    const got = await ops(['project', 'get', 'gh/acme/web-app']);
    expect(got.stdout).toContain(`id               ${IDS.webApp}`);
    expect(got.stdout).toContain('vcs              GitHub https://github.com/acme/web-app');
    const made = await ops(['project', 'create', 'billing', '--org', 'gh/acme', '--json']);
    expect(json(made.stdout)).toMatchObject({ slug: 'gh/acme/billing', organization_slug: 'gh/acme' });
    const del = await ops(['project', 'delete', 'gh/acme/billing', '--yes']);
    expect(del).toMatchObject({ code: 0, stdout: '' });
    expect((await ops(['project', 'get', 'gh/acme/billing'])).code).toBe(3);
  });

  it('create where the user is not a member: 403, exit 4', async () => {
    const r = await ops(['project', 'create', 'x', '--org', IDS.other]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: pipelines: You do not have permission to create projects in this organization \(HTTP 403\)\nhint: /,
    );
  });

  it('follow (deprecated): prints the advanced settings; 405 for an app-based organization', async () => {
    const r = await ops(['project', 'follow', 'gh/acme/docs', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({ advanced: { set_github_status: true, oss: false } });
    expect((await ops(['project', 'get', 'gh/acme/docs'])).code).toBe(0);
    const app = await ops(['project', 'follow', `circleci/${IDS.labs}/new`]);
    expect(app.code).toBe(1);
    expect(app.stderr).toContain(
      'only available for classic GitHub OAuth and Bitbucket organizations (HTTP 405)',
    );
    const help = await ops(['project', 'follow', '--help']);
    expect(help.stdout).toContain('DEPRECATED');
  });
});

describe('ops pipelines checkout-key', () => {
  it('list in md5 (default) and sha256; get by fingerprint; create; delete', async () => {
    const md5 = await ops(['checkout-key', 'list', 'gh/acme/web-app', '--json']);
    const keys = json<Array<{ fingerprint: string; 'public-key': string }>>(md5.stdout);
    expect(keys.map((k) => k.fingerprint).every((f) => /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/.test(f))).toBe(true);
    const sha = await ops(['checkout-key', 'list', 'gh/acme/web-app', '--digest', 'sha256']);
    expect(sha.stdout.split('\n')[1]).toMatch(
      /^SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY\+aFBQ\s+github-user-key\s+yes\s+/,
    );
    const byMd5 = await ops([
      'checkout-key',
      'get',
      'gh/acme/web-app',
      keys[1]!.fingerprint,
      '--field',
      'public-key',
    ]);
    expect(byMd5.stdout).toBe(`${keys[1]!['public-key']}\n`);
    const made = await ops([
      'checkout-key',
      'create',
      'gh/acme/api-server',
      '--type',
      'deploy-key',
      '--json',
    ]);
    expect(json(made.stdout)).toMatchObject({ type: 'deploy-key', preferred: true });
    const del = await ops(['checkout-key', 'delete', 'gh/acme/web-app', IDS.userKeySha256, '--yes']);
    expect(del).toMatchObject({ code: 0, stdout: '' });
    const gone = await ops(['checkout-key', 'get', 'gh/acme/web-app', IDS.userKeySha256]);
    expect(gone).toMatchObject({
      code: 3,
      stderr: `ops: pipelines: checkout key ${IDS.userKeySha256} not found in project gh/acme/web-app (HTTP 404)\nhint: \`ops pipelines checkout-key list PROJECT\` lists them\n`,
    });
  });

  it('an app-based project refuses checkout keys: 400, exit 1', async () => {
    const r = await ops([
      'checkout-key',
      'create',
      `circleci/${IDS.labs}/${IDS.dataPipeline}`,
      '--type',
      'user-key',
    ]);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        'ops: pipelines: Checkout keys are not available for GitLab or GitHub App projects (HTTP 400)\n',
    });
  });
});

describe('ops pipelines env', () => {
  it('list shows the masked values the service returns', async () => {
    const r = await ops(['env', 'list', 'gh/acme/web-app']);
    expect(r.stdout).toMatch(
      /^NAME\s+VALUE\s+CREATED\nCYPRESS_RECORD_KEY\s+xxxx5c6d\nNPM_TOKEN\s+xxxx9f2a\s+\S+\nSENTRY_DSN\s+xxxx5678\s+\S+\n$/,
    );
  });

  it('set from stdin prints the masked variable; get; delete', async () => {
    const set = await ops(['env', 'set', 'gh/acme/web-app', 'DEPLOY_TOKEN', '--json'], {
      input: 's3cr3t-token-value',
    });
    expect(json(set.stdout)).toMatchObject({ name: 'DEPLOY_TOKEN', value: 'xxxxalue' });
    expect(set.stdout).not.toContain('s3cr3t');
    expect((await ops(['env', 'get', 'gh/acme/web-app', 'DEPLOY_TOKEN', '--field', 'value'])).stdout).toBe(
      'xxxxalue\n',
    );
    // One trailing newline is dropped, nothing else: the masked value shows the last four characters.
    const one = await ops(['env', 'set', 'gh/acme/web-app', 'NL_ONE', '--json'], { input: 'token-1234\n' });
    expect(json(one.stdout)).toMatchObject({ value: 'xxxx1234' });
    const two = await ops(['env', 'set', 'gh/acme/web-app', 'NL_TWO', '--json'], { input: 'token-1234\n\n' });
    expect(json(two.stdout)).toMatchObject({ value: 'xxxx234\n' });
    const both = await ops(['env', 'set', 'gh/acme/web-app', 'X', '--token-stdin'], { input: 'v' });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--token-stdin and the variable value cannot both read stdin');
    expect((await ops(['env', 'delete', 'gh/acme/web-app', 'DEPLOY_TOKEN', '--yes'])).code).toBe(0);
    expect((await ops(['env', 'get', 'gh/acme/web-app', 'DEPLOY_TOKEN'])).code).toBe(3);
  });
});

describe('ops pipelines insights', () => {
  const tty = (args: string[]) =>
    runMain(['pipelines', ...args], { env: { ...sb.env, NO_COLOR: '1' }, tty: true });

  it('summary: charts on a terminal, rows without one, the service’s numbers with --json', async () => {
    const drawn = await tty(['insights', 'summary', 'gh/acme/web-app', '--window', 'last-30-days']);
    expect(drawn.code).toBe(0);
    expect(drawn.stdout).toMatch(/^gh\/acme\/web-app · last 30 days · all branches\n {2}runs\s+\d+\s+[▲▼=] /);
    expect(drawn.stdout).toContain('\nSuccess rate by workflow\nbuild-and-test ');
    expect(drawn.stdout).toMatch(/\nP95 duration by workflow\n(.*█.*\n){3}/);
    const plain = await ops(['insights', 'summary', 'gh/acme/web-app', '--window', 'last-30-days']);
    expect(plain.stdout.split('\n')[0]).toMatch(
      /^WORKFLOW\s+BRANCH\s+TOTAL RUNS\s+TOTAL RUNS TREND\s+SUCCESS RATE/,
    );
    expect(plain.stdout).not.toContain('█');
    const j = json<{ project_data: { metrics: { total_runs: number } }; project_workflow_data: unknown[] }>(
      (await ops(['insights', 'summary', 'gh/acme/web-app', '--window', 'last-30-days', '--json'])).stdout,
    );
    expect(j.project_workflow_data).toHaveLength(3);
    // The same runs as the workflows list over every branch.
    const wf = json<Array<{ metrics: { total_runs: number } }>>(
      (
        await ops([
          'insights',
          'workflows',
          'gh/acme/web-app',
          '--all-branches',
          '--window',
          'last-30-days',
          '--json',
        ])
      ).stdout,
    );
    expect(wf.reduce((n, w) => n + w.metrics.total_runs, 0)).toBe(j.project_data.metrics.total_runs);
  });

  it('summary of an organization, filtered by project', async () => {
    const drawn = await tty(['insights', 'summary', '--org', 'gh/acme']);
    expect(drawn.stdout).toContain('gh/acme · last 90 days · 3 projects');
    expect(drawn.stdout).toContain('\nCredits by project\napi-server ');
    const csv = await ops(['insights', 'summary', '--org', 'gh/acme', '--project', 'mobile', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'project,total_runs,total_runs_trend,success_rate,success_rate_trend,total_duration_secs,total_duration_secs_trend,total_credits_used,total_credits_used_trend',
    );
    expect(csv.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('workflows and jobs: bars on a terminal; CSV keeps the numbers', async () => {
    const drawn = await tty(['insights', 'workflows', 'gh/acme/web-app']);
    expect(drawn.stdout).toMatch(/^Success rate\nbuild-and-test █+/);
    expect(drawn.stdout).toMatch(/\nWORKFLOW\s+RUNS\s+SUCCESS\s+MEDIAN\s+P95\s+CREDITS\s+RUNS\/DAY\s+MTTR\n/);
    const csv = await ops([
      'insights',
      'jobs',
      'gh/acme/web-app',
      'deploy',
      '--job-name',
      'deploy-',
      '-o',
      'csv',
    ]);
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toBe(
      'name,total_runs,successful_runs,failed_runs,success_rate,median_secs,p95_secs,total_credits_used,throughput,window_start,window_end',
    );
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(['deploy-production', 'deploy-staging']);
    expect(Number(rows[1]!.split(',')[4])).toBeLessThanOrEqual(1);
  });

  it('runs: newest first; --limit asks for one page; --all walks them; a range is sent', async () => {
    const r = await ops(['insights', 'runs', 'gh/acme/web-app', 'build-and-test', '--limit', '5', '--json']);
    const runs = json<Array<{ created_at: string; branch: string }>>(r.stdout);
    expect(runs).toHaveLength(5);
    expect([...runs].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(runs);
    expect(runs.every((x) => x.branch === 'main')).toBe(true);
    const all = await ops([
      'insights',
      'runs',
      'gh/acme/web-app',
      'build-and-test',
      '--all-branches',
      '--all',
      '-o',
      'ndjson',
    ]);
    expect(all.stdout.trim().split('\n').length).toBeGreaterThan(300);
    const week = await ops([
      'insights',
      'runs',
      'gh/acme/web-app',
      'deploy',
      '--since',
      '-7d',
      '--all',
      '--json',
    ]);
    const since = Date.now() - 7 * 86_400_000 - 60_000;
    expect(
      json<Array<{ created_at: string }>>(week.stdout).every((x) => Date.parse(x.created_at) >= since),
    ).toBe(true);
    const drawn = await tty(['insights', 'runs', 'gh/acme/web-app', 'deploy', '--limit', '30']);
    expect(drawn.stdout).toMatch(/^Duration of 30 runs, oldest to newest\n.* [┤┼]/);
    expect(drawn.stdout).toMatch(/\nStatus \(● success, ✗ failed, ○ canceled\)\n[●✗○!]{30}\n/);
  });

  it('branches, flaky tests', async () => {
    const b = await ops(['insights', 'branches', 'gh/acme/web-app', '--workflow', 'deploy']);
    expect(b.stdout).toBe('BRANCH\nmain\n');
    const bj = json((await ops(['insights', 'branches', 'gh/acme/web-app', '--json'])).stdout);
    expect(bj).toMatchObject({
      org_id: IDS.acme,
      project_id: IDS.webApp,
      branches: ['develop', 'feature/login', 'feature/payments', 'fix/flaky-e2e', 'main'],
    });
    const f = await ops(['insights', 'flaky-tests', 'gh/acme/web-app', '--json']);
    expect(json<{ 'total-flaky-tests': number }>(f.stdout)['total-flaky-tests']).toBe(5);
    const drawn = await tty(['insights', 'flaky-tests', 'gh/acme/web-app']);
    expect(drawn.stdout).toMatch(/^Times flaked\napplies a coupon at check… █+ \d+\n/);
  });

  it('time series: daily and hourly, every page, line charts on a terminal', async () => {
    // The one default --limit (30), and --all for every page.
    const first = await ops(['insights', 'time-series', 'gh/acme/web-app', 'build-and-test', '--json']);
    expect(json<unknown[]>(first.stdout)).toHaveLength(30);
    await sb.control('POST', 'reset');
    const daily = await ops([
      'insights',
      'time-series',
      'gh/acme/web-app',
      'build-and-test',
      '--all',
      '--json',
    ]);
    const points = json<Array<{ name: string; timestamp: string }>>(daily.stdout);
    expect(new Set(points.map((p) => p.name))).toEqual(new Set(['build', 'lint', 'unit-tests']));
    expect(points.length).toBeGreaterThan(100);
    // More than one page of 100 points.
    expect(
      (await requests())[
        'GET /api/v2/insights/time-series/gh%2Facme%2Fweb-app/workflows/build-and-test/jobs'
      ],
    ).toBeGreaterThan(1);
    const hourly = await ops([
      'insights',
      'time-series',
      'gh/acme/web-app',
      'build-and-test',
      '--granularity',
      'hourly',
      '--since',
      '-36h',
      '--all',
      '--json',
    ]);
    expect(
      json<Array<{ timestamp: string }>>(hourly.stdout).every((p) => /T\d\d:00:00Z$/.test(p.timestamp)),
    ).toBe(true);
    const drawn = await tty([
      'insights',
      'time-series',
      'gh/acme/web-app',
      'build-and-test',
      '--window',
      'last-30-days',
    ]);
    expect(drawn.stdout).toMatch(/^build-and-test on the default branch · per day · /);
    expect(drawn.stdout).toMatch(/\nMedian duration per day\nbuild\n.* [┤┼]/);
    expect(drawn.stdout).toMatch(/\nRuns per day\nbuild\s+[▁▂▃▄▅▆▇█ ]+\s+\d+–\d+\n/);
  });

  it('an unknown project or workflow: 404, exit 3; a bad window: exit 2 and nothing sent', async () => {
    expect(await ops(['insights', 'workflows', 'gh/acme/nope'])).toMatchObject({
      code: 3,
      stderr:
        'ops: pipelines: project nope not found in organization gh/acme (HTTP 404)\nhint: give the project as gh/ORG/NAME, its id, or its name with --org ORG\n',
    });
    const wf = await ops(['insights', 'jobs', 'gh/acme/web-app', 'nope']);
    expect(wf).toMatchObject({
      code: 3,
      stderr: 'ops: pipelines: workflow nope not found in project gh/acme/web-app (HTTP 404)\n',
    });
    await sb.control('POST', 'reset');
    const bad = await ops(['insights', 'summary', 'gh/acme/web-app', '--window', 'last-year']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('ops: invalid --window "last-year"');
    const old = await ops([
      'insights',
      'time-series',
      'gh/acme/web-app',
      'deploy',
      '--granularity',
      'hourly',
      '--since',
      '-3d',
    ]);
    expect(old.code).toBe(2);
    expect(await requests()).toEqual({});
  });
});

describe('ops pipelines oidc-claims', () => {
  it('get, set and delete at organization and project level', async () => {
    const org = await ops(['oidc-claims', 'get', '--json']);
    expect(json(org.stdout)).toMatchObject({
      org_id: IDS.acme,
      audience: ['https://vault.acme.example'],
      ttl: '1h',
    });
    const set = await ops([
      'oidc-claims',
      'set',
      '--project',
      IDS.webApp,
      '--audience',
      'sts.amazonaws.com',
      '--audience',
      'vault',
      '--ttl',
      '15m',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(
      new RegExp(
        `^org id\\s+${IDS.acme}\\nproject id\\s+${IDS.webApp}\\naudience\\s+sts\\.amazonaws\\.com, vault\\n`,
      ),
    );
    expect(set.stdout).toMatch(/\nttl\s+15m\n/);
    const del = await ops([
      'oidc-claims',
      'delete',
      '--project',
      IDS.webApp,
      '--claims',
      'audience',
      '--yes',
      '--json',
    ]);
    expect(json(del.stdout)).toEqual({ deleted: true, kind: 'oidc claim', id: 'audience' });
  });

  it('the ttl is checked against the service’s pattern before sending; an organization not administered: 403', async () => {
    const bad = await ops(['oidc-claims', 'set', '--ttl', '90 minutes']);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.stderr.split('\n')[0]).toBe('ops: invalid --ttl "90 minutes"');
    expect(await requests()).toEqual({});
    const forbidden = await ops(['oidc-claims', 'get', '--org', IDS.other]);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('(HTTP 403)\nhint: the token');
  });
});

describe('ops pipelines policy', () => {
  const CONFIG_OK = 'version: 2.1\njobs:\n  security-scan: {}\n  notify: {}\n';
  const CONFIG_BAD = 'version: 2.1\njobs:\n  build: {}\n';

  it('evaluate: PASS exits 0; HARD_FAIL exits 0 without --exit-status and 8 with it, after printing the decision', async () => {
    const pass = await ops(['policy', 'evaluate', '--file', '-'], { input: CONFIG_OK });
    expect(pass).toMatchObject({ code: 0, stderr: '' });
    expect(pass.stdout).toMatch(/^status\s+PASS\n/);
    const failed = await ops(['policy', 'evaluate', '--file', '-', '--json'], { input: CONFIG_BAD });
    expect(failed.code).toBe(0);
    expect(json(failed.stdout)).toMatchObject({
      status: 'HARD_FAIL',
      hard_failures: [{ rule: 'require_security_scan' }],
    });
    const gate = await ops(['policy', 'evaluate', '--file', '-', '--exit-status'], {
      input: CONFIG_BAD,
    });
    expect(gate.code).toBe(8);
    expect(gate.stdout).toMatch(/^status\s+HARD_FAIL\n/);
    expect(gate.stderr).toBe('ops: policy decision: HARD_FAIL (require_security_scan)\n');
    const soft = await ops(['policy', 'evaluate', '--file', '-', '--exit-status', '--field', 'status'], {
      input: 'jobs:\n  security-scan: {}\n',
    });
    expect(soft).toMatchObject({ code: 0, stdout: 'SOFT_FAIL\n' });
  });

  it('evaluate with a metadata file: the decision is logged with it and listed first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-policy-'));
    writeFileSync(join(dir, 'config.yml'), CONFIG_OK);
    writeFileSync(
      join(dir, 'meta.yml'),
      `project_id: ${IDS.webApp}\nbuild_number: 9001\nvcs:\n  branch: release\n`,
    );
    const r = await ops([
      'policy',
      'evaluate',
      '--file',
      join(dir, 'config.yml'),
      '--metadata-file',
      join(dir, 'meta.yml'),
    ]);
    expect(r.code).toBe(0);
    const list = await ops(['policy', 'decisions', 'list', '--branch', 'release', '--json']);
    expect(
      json<Array<{ decision: { status: string }; metadata: { build_number: number } }>>(list.stdout),
    ).toMatchObject([{ decision: { status: 'PASS' }, metadata: { build_number: 9001 } }]);
    const missing = await ops(['policy', 'evaluate', '--file', join(dir, 'nope.yml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toBe(`ops: cannot read --file "${join(dir, 'nope.yml')}": ENOENT`);
  });

  it('decisions: list by offset with the hint, filters, get, and the bundle of a decision', async () => {
    const page = await ops(['policy', 'decisions', 'list', '--limit', '5']);
    expect(page.stdout.split('\n')[0]).toMatch(
      /^ID\s+STATUS\s+CREATED\s+PROJECT ID\s+BRANCH\s+BUILD\s+FAILED RULES$/,
    );
    expect(page.stdout.trim().split('\n')).toHaveLength(6);
    const all = await ops(['policy', 'decisions', 'list', '--all', '--json']);
    expect(json<unknown[]>(all.stdout)).toHaveLength(25);
    // One page of 25, then the empty page that ends the walk.
    expect((await requests())[`GET /api/v2/owner/${IDS.acme}/context/config/decision`]).toBe(3);
    const skipped = await ops(['policy', 'decisions', 'list', '--offset', '23', '--json']);
    expect(json<unknown[]>(skipped.stdout)).toHaveLength(2);
    const hard = await ops([
      'policy',
      'decisions',
      'list',
      '--status',
      'hard_fail',
      '--all',
      '--field',
      'decision.status',
    ]);
    expect(new Set(hard.stdout.trim().split('\n'))).toEqual(new Set(['HARD_FAIL']));
    const one = await ops(['policy', 'decisions', 'get', IDS.hardFailDecision]);
    expect(one.stdout).toMatch(/\nstatus\s+HARD_FAIL\n/);
    expect(one.stdout).toMatch(/\npolicies\s+ci_security, team_hygiene\n/);
    const bundle = await ops(['policy', 'decisions', 'bundle', IDS.hardFailDecision, '--json']);
    expect(Object.keys(json(bundle.stdout))).toEqual(['ci_security', 'team_hygiene']);
    const nope = await ops(['policy', 'decisions', 'get', IDS.webApp]);
    expect(nope).toMatchObject({
      code: 3,
      stderr: `ops: pipelines: decision ${IDS.webApp} not found in policy context config of organization ${IDS.acme} (HTTP 404)\nhint: give --context CONTEXT or --org ORG to look elsewhere\n`,
    });
  });

  it('settings get and set', async () => {
    expect((await ops(['policy', 'settings', 'get'])).stdout).toBe('enabled  yes\n');
    expect((await ops(['policy', 'settings', 'set', '--enabled', 'false', '--json'])).stdout).toBe(
      '{\n  "enabled": false\n}\n',
    );
    expect((await ops(['policy', 'settings', 'get', '--field', 'enabled'])).stdout).toBe('false\n');
  });

  it('bundle: get, get one policy’s source, push --dry-run (the service’s dry run), push', async () => {
    const list = await ops(['policy', 'bundle', 'get']);
    expect(list.stdout).toMatch(
      /^NAME\s+CREATED BY\s+CREATED\s+LINES\nci_security\s+\S+\s+\S+\s+7\nteam_hygiene\s+/,
    );
    const src = await ops(['policy', 'bundle', 'get', 'ci_security']);
    expect(src.stdout).toMatch(/^package org\n\nimport future.keywords\n\npolicy_name\["ci_security"\]\n/);
    const dir = mkdtempSync(join(tmpdir(), 'ops-rego-'));
    mkdirSync(join(dir, 'team'));
    writeFileSync(
      join(dir, 'security.rego'),
      'package org\n\npolicy_name["ci_security"]\n\nenable_hard["x"]\n',
    );
    writeFileSync(join(dir, 'team', 'release.rego'), 'package org\n\npolicy_name["release_rules"]\n');
    writeFileSync(join(dir, 'README.md'), 'not a policy');
    // --dry-run sends the service's own dry run (it changes nothing) and prints the plan; no --yes needed.
    const dry = await ops(['policy', 'bundle', 'push', dir, '--dry-run']);
    expect(dry.stdout).toBe(
      'CHANGE             POLICY\nwould be created   release_rules\nwould be modified  ci_security\nwould be deleted   team_hygiene\n',
    );
    expect((await requests())[`POST /api/v2/owner/${IDS.acme}/context/config/policy-bundle`]).toBe(1);
    expect((await ops(['policy', 'bundle', 'get', '--json'])).stdout).toContain('team_hygiene');
    // Off a terminal without --yes: exit 2, nothing sent.
    await sb.control('POST', 'reset');
    const refused = await ops(['policy', 'bundle', 'push', dir]);
    expect(refused.code).toBe(2);
    expect(await requests()).toEqual({});
    expect((await ops(['policy', 'bundle', 'push', dir, '--dry'])).code).toBe(2);
    const push = await ops(['policy', 'bundle', 'push', dir, '--yes', '--json']);
    expect(json(push.stdout)).toEqual({
      created: ['release_rules'],
      deleted: ['team_hygiene'],
      modified: ['ci_security'],
    });
    expect(Object.keys(json((await ops(['policy', 'bundle', 'get', '--json'])).stdout))).toEqual([
      'ci_security',
      'release_rules',
    ]);
  });

  it('push --dry-run sends one request that changes nothing (dry in the body and the query)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-rego-'));
    writeFileSync(join(dir, 'a.rego'), 'package org\npolicy_name["a"]\n');
    const r = await ops(['policy', 'bundle', 'push', dir, '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({
      created: ['a'],
      deleted: ['ci_security', 'team_hygiene'],
      modified: [],
    });
    expect(await requests()).toEqual({ [`POST /api/v2/owner/${IDS.acme}/context/config/policy-bundle`]: 1 });
    expect(Object.keys(json((await ops(['policy', 'bundle', 'get', '--json'])).stdout))).toEqual([
      'ci_security',
      'team_hygiene',
    ]);
  });

  it('bad Rego: 400 {error} with the file named; an empty folder: exit 2 and nothing sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-rego-'));
    writeFileSync(join(dir, 'broken.rego'), 'policy_name["x"]\n');
    const r = await ops(['policy', 'bundle', 'push', dir, '--yes']);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        'ops: pipelines: failed to parse policy file(s): broken.rego: a policy must declare `package org` (HTTP 400)\n',
    });
    const empty = await ops(['policy', 'bundle', 'push', mkdtempSync(join(tmpdir(), 'ops-rego-')), '--yes']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^ops: no \.rego files in /);
  });

  it('a bundle over the size limit: 413 {error}, exit 1 with a hint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-rego-'));
    writeFileSync(join(dir, 'big.rego'), `package org\npolicy_name["big"]\n# ${'x'.repeat(1_100_000)}\n`);
    const r = await ops(['policy', 'bundle', 'push', dir, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: pipelines: policy bundle is over 1048576 bytes (HTTP 413)\nhint: the policy bundle is over the service’s size limit; push fewer or smaller policies\n',
    );
  });

  it('another organization’s policies: 403 {error}, exit 4', async () => {
    const r = await ops(['policy', 'settings', 'get', '--org', IDS.other]);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      "ops: pipelines: Forbidden: the token’s user is not an admin of this organization (HTTP 403)\nhint: the token's user needs admin rights on that organization\n",
    );
  });
});

describe('ops pipelines definition', () => {
  it('list by slug (one read for the id) or id; create, get, update, delete', async () => {
    const list = await ops(['definition', 'list', 'gh/acme/web-app']);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+CONFIG\s+CHECKOUT\s+DESCRIPTION\s+CREATED$/);
    expect(list.stdout).toContain('acme/web-app:.circleci/nightly.yml');
    expect((await requests())['GET /api/v2/project/gh%2Facme%2Fweb-app']).toBe(1);
    const made = await ops([
      'definition',
      'create',
      IDS.webApp,
      '--name',
      'release',
      '--config-repo',
      '401122001',
      '--config-path',
      '.circleci/release.yml',
      '--checkout-repo',
      '401122002',
      '--json',
    ]);
    const d = json<{ id: string; checkout_source: { repo: { full_name: string } } }>(made.stdout);
    expect(d.checkout_source.repo.full_name).toBe('acme/api-server');
    const upd = await ops([
      'definition',
      'update',
      'gh/acme/web-app',
      d.id,
      '--description',
      'tags only',
      '--json',
    ]);
    expect(json(upd.stdout)).toMatchObject({ name: 'release', description: 'tags only' });
    expect(
      (await ops(['definition', 'get', IDS.webApp, d.id, '--field', 'config_source.file_path'])).stdout,
    ).toBe('.circleci/release.yml\n');
    expect((await ops(['definition', 'delete', IDS.webApp, d.id, '--yes'])).stdout).toBe('');
    expect((await ops(['definition', 'get', IDS.webApp, d.id])).code).toBe(3);
  });

  it('an unknown repository: 400, exit 1; --dry-run of a create prints the POST and sends nothing', async () => {
    const r = await ops(['definition', 'create', 'gh/acme/web-app', '--name', 'x', '--config-repo', '999']);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        'ops: pipelines: config_source.repo.external_id: no repository with external id 999 (HTTP 400)\n',
    });
    await sb.control('POST', 'reset');
    const dry = await ops([
      'definition',
      'create',
      IDS.webApp,
      '--name',
      'x',
      '--config-repo',
      '401122001',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^curl -X POST .*/projects/${IDS.webApp}/pipeline-definitions .*--data-binary '\\{"name":"x"`,
      ),
    );
    expect(await requests()).toEqual({});
  });
});

describe('--org in any form, resolved where an endpoint needs another', () => {
  it('policies and claims take the id: a slug or a name costs one read of the user’s organizations', async () => {
    const bySlug = await ops(['policy', 'settings', 'get', '--org', 'gh/acme', '--json']);
    expect(bySlug.code).toBe(0);
    expect(await requests()).toEqual({
      'GET /api/v2/me/collaborations': 1,
      [`GET /api/v2/owner/${IDS.acme}/context/config/decision/settings`]: 1,
    });
    const byName = await ops(['oidc-claims', 'get', '--org', 'acme', '--field', 'org_id']);
    expect(byName.stdout).toBe(`${IDS.acme}\n`);
    // A circleci/<id> slug holds the id: nothing to look up.
    await ops(['oidc-claims', 'get', '--org', `circleci/${IDS.labs}`]);
    expect((await requests())['GET /api/v2/me/collaborations']).toBe(2);
  });

  it('the organization summary takes the slug: an id is looked up, a slug is not', async () => {
    const byId = await ops(['insights', 'summary', '--org', IDS.acme, '--json']);
    expect(byId.code).toBe(0);
    expect(Object.keys(await requests()).sort()).toEqual([
      'GET /api/v2/insights/gh%2Facme/summary',
      'GET /api/v2/me/collaborations',
    ]);
    const dflt = await ops(['insights', 'summary', '--json']);
    expect(dflt.stdout).toBe(byId.stdout);
  });

  it('project create takes the slug or id as given; a name becomes the id; --dry-run names the read', async () => {
    const dry = await ops(['project', 'create', 'worker', '--org', 'acme-labs', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toMatch(
      /^dry run: sent GET \S+\/api\/v2\/me\/collaborations \(read-only, to plan\)\n$/,
    );
    expect(dry.stdout).toMatch(new RegExp(`^curl -X POST \\S+/api/v2/organization/${IDS.labs}/project `));
    expect(await requests()).toEqual({ 'GET /api/v2/me/collaborations': 1 });
  });

  it('a context by name in --org: get, env list, and delete (the list read planned under --dry-run)', async () => {
    const got = await ops(['context', 'get', 'docker-hub', '--org', 'gh/acme', '--field', 'id']);
    expect(got.stdout).toBe(`${IDS.dockerHub}\n`);
    const vars = await ops(['context', 'env', 'list', 'docker-hub', '--json']);
    expect(json<Array<{ variable: string }>>(vars.stdout).map((v) => v.variable)).toEqual([
      'DOCKER_LOGIN',
      'DOCKER_PASSWORD',
    ]);
    const dry = await ops(['context', 'delete', 'docker-hub', '--dry-run']);
    expect(dry.stderr).toMatch(/^dry run: sent GET \S+\/api\/v2\/context\?owner-id=/);
    expect(dry.stdout).toMatch(new RegExp(`^curl -X DELETE \\S+/api/v2/context/${IDS.dockerHub} `));
    expect((await requests())[`DELETE /api/v2/context/${IDS.dockerHub}`]).toBeUndefined();
    const labs = await ops(['context', 'get', 'labs-shared', '--org', 'acme-labs', '--field', 'name']);
    expect(labs.stdout).toBe('labs-shared\n');
  });

  it('a project by name in --org: the slug is the organization’s slug and the name', async () => {
    const byName = await ops(['project', 'get', 'web-app', '--org', 'gh/acme', '--field', 'slug']);
    expect(byName.stdout).toBe('gh/acme/web-app\n');
    expect(await requests()).toEqual({ 'GET /api/v2/project/gh%2Facme%2Fweb-app': 1 });
    const byDefault = await ops(['env', 'list', 'api-server', '--json']);
    expect(byDefault.code).toBe(0);
    expect((await requests())['GET /api/v2/me/collaborations']).toBe(1);
    const dry = await ops(['project', 'delete', 'mobile', '--org', 'acme', '--dry-run']);
    expect(dry.stderr).toMatch(
      /^dry run: sent GET \S+\/api\/v2\/me\/collaborations \(read-only, to plan\)\ndry run: sent GET \S+\/api\/v2\/project\/gh%2Facme%2Fmobile \(read-only, to plan\)\n$/,
    );
    expect(dry.stdout).toMatch(/^curl -X DELETE \S+\/api\/v2\/project\/gh%2Facme%2Fmobile /);
    const labs = await ops(['project', 'get', 'anything', '--org', 'acme-labs']);
    expect(labs.code).toBe(2);
    expect(labs.stderr).toContain(`whose projects are named by slug or id only`);
    const missing = await ops(['project', 'get', 'nope', '--org', 'gh/acme']);
    expect(missing.code).toBe(2);
    const defs = await ops(['definition', 'list', 'web-app', '--org', 'gh/acme', '--field', 'name']);
    expect(defs.stdout).toBe('build-and-test\nnightly\n');
  });

  it('an unknown context name is exit 2 naming the candidates; an id costs no list', async () => {
    const r = await ops(['context', 'get', 'nope', '--org', 'acme-labs']);
    expect(r).toMatchObject({
      code: 2,
      stderr:
        'ops: no context is named "nope"\nhint: give an id or one of the names: labs-shared (`ops pipelines context list` lists them)\n',
    });
    await ops(['context', 'get', IDS.dockerHub, '--org', 'nobody']);
    expect(Object.keys(await requests())).toEqual([
      'GET /api/v2/me/collaborations',
      'GET /api/v2/context',
      `GET /api/v2/context/${IDS.dockerHub}`,
    ]);
  });
});

describe('failures', () => {
  it.each([
    ['context name', ['context', 'get', ' '], 'ops: the context id or name is blank'],
    ['org form', ['context', 'list', '--org', 'gitlab/acme'], 'ops: invalid --org "gitlab/acme"'],
    ['org of a context name', ['context', 'get', 'x', '--org', 'a b'], 'ops: invalid --org "a b"'],
    ['project slug', ['env', 'list', 'gh/web-app'], 'ops: invalid project slug "gh/web-app"'],
    ['project name', ['env', 'list', 'web app'], 'ops: invalid project "web app"'],
    ['slug traversal', ['project', 'get', 'gh/acme/..'], 'ops: invalid project slug "gh/acme/.."'],
    ['variable name', ['env', 'set', 'gh/acme/web-app', 'A-B'], 'ops: invalid variable name "A-B"'],
    [
      'a day that does not exist',
      ['policy', 'decisions', 'list', '--since', '2025-02-30'],
      'ops: invalid --since "2025-02-30": no such date or time',
    ],
    [
      'an hour that does not exist',
      ['policy', 'decisions', 'list', '--until', '2026-01-01T25:00'],
      'ops: invalid --until "2026-01-01T25:00": no such date or time',
    ],
    [
      'digest',
      ['checkout-key', 'list', 'gh/acme/web-app', '--digest', 'sha1'],
      'ops: invalid --digest "sha1"',
    ],
    [
      'fingerprint',
      ['checkout-key', 'delete', 'gh/acme/web-app', 'abc', '--yes'],
      'ops: invalid fingerprint "abc"',
    ],
    [
      'restriction type',
      ['context', 'restriction', 'create', IDS.awsStaging, '--type', 'team', '--value', 'x'],
      'ops: invalid --type "team"',
    ],
    ['--limit', ['context', 'list', '--limit', '0'], 'ops: invalid --limit "0"'],
    ['unknown flag', ['env', 'list', 'gh/acme/web-app', '--colour'], "ops: unknown option '--colour'"],
  ])('bad input (%s): exit 2, one line, no request', async (_what, args, line) => {
    const r = await ops(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(line);
    expect(await requests()).toEqual({});
  });

  it('no token: exit 4 before any request, naming the variable', async () => {
    const r = await ops(['project', 'get', 'gh/acme/web-app'], { env: { OPS_PIPELINES_TOKEN: undefined } });
    expect(r).toMatchObject({
      code: 4,
      stderr:
        'ops: pipelines: no token is set\nhint: set OPS_PIPELINES_TOKEN, or run: ops config set pipelines.token -   (reads the value from stdin); or pipe it to --token-stdin\n',
    });
    expect(await requests()).toEqual({});
  });

  it('a wrong token: 401, exit 4, the token never printed', async () => {
    const r = await ops(['project', 'get', 'gh/acme/web-app', '--debug'], {
      env: { OPS_PIPELINES_TOKEN: 'wrong-token-987' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'ops: pipelines: Invalid token provided. (HTTP 401)\nhint: check OPS_PIPELINES_TOKEN',
    );
    expect(r.stderr).not.toContain('wrong-token-987');
  });

  it('500: exit 7, not retried; 503 then success: retried', async () => {
    await sb.fault({
      service: 'pipelines',
      kind: 'status',
      status: 500,
      count: 1,
      body: { message: 'Internal Server Error' },
    });
    const r = await ops(['project', 'get', 'gh/acme/web-app']);
    expect(r).toMatchObject({ code: 7, stderr: 'ops: pipelines: Internal Server Error (HTTP 500)\n' });
    await sb.fault({
      service: 'pipelines',
      kind: 'status',
      status: 503,
      retryAfter: 0,
      count: 1,
      body: { message: 'busy' },
    });
    expect((await ops(['project', 'get', 'gh/acme/web-app', '--json'])).code).toBe(0);
    expect((await requests())['GET /api/v2/project/gh%2Facme%2Fweb-app']).toBe(3);
  });

  it('5xx after the retry budget: exit 7', async () => {
    await sb.fault({
      service: 'pipelines',
      kind: 'status',
      status: 502,
      retryAfter: 0,
      count: 3,
      body: { message: 'bad gateway' },
    });
    const r = await ops(['env', 'list', 'gh/acme/web-app', '--retries', '2']);
    expect(r).toMatchObject({ code: 7, stderr: 'ops: pipelines: bad gateway (HTTP 502)\n' });
  });

  it('429 {message} with Retry-After, then success', async () => {
    await sb.fault({
      service: 'pipelines',
      kind: 'status',
      status: 429,
      retryAfter: 0,
      count: 1,
      body: { message: 'Rate limit exceeded.' },
    });
    const r = await ops(['context', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(json<unknown[]>(r.stdout)).toHaveLength(12);
  });

  it('the emulator’s own rate limit in the middle of --all is waited out; with no retries left, exit 5', async () => {
    const r = await ops(['context', 'env', 'list', IDS.awsProduction, '--all', '--json'], { on: limited });
    expect(r.code).toBe(0);
    expect(json<unknown[]>(r.stdout)).toHaveLength(14);
    expect((await stats(limited)).rateLimited).toBeGreaterThan(0);
    await limited.control('POST', 'reset');
    const spent = await ops(
      ['context', 'env', 'list', IDS.awsProduction, '--all', '-o', 'ndjson', '--retries', '0'],
      { on: limited },
    );
    expect(spent.code).toBe(5);
    expect(spent.stderr).toMatch(/^ops: pipelines: Rate limit exceeded\. \(HTTP 429\)$/m);
    expect(spent.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(6);
  });

  it('a timeout: exit 6', async () => {
    await sb.fault({ service: 'pipelines', kind: 'delay', delayMs: 1500, count: 1 });
    const r = await ops(['project', 'get', 'gh/acme/web-app', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^ops: pipelines: no answer from 127\.0\.0\.1:\d+ within 0\.3 s\n/);
  });

  it('a dropped connection is retried for a read, and ends in exit 7 when it keeps dropping', async () => {
    await sb.fault({ service: 'pipelines', kind: 'drop', count: 1 });
    expect((await ops(['env', 'list', 'gh/acme/web-app', '--json'])).code).toBe(0);
    await sb.fault({ service: 'pipelines', kind: 'drop', count: 5 });
    const r = await ops(['env', 'list', 'gh/acme/web-app', '--retries', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('dropped before a complete answer');
  });

  it('a malformed body: exit 7 naming what came back', async () => {
    await sb.fault({ service: 'pipelines', kind: 'malformed', count: 1 });
    const r = await ops(['project', 'get', 'gh/acme/web-app']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('a body that is not valid JSON');
  });

  it('--json errors are one JSON object on stderr', async () => {
    const r = await ops(['project', 'get', 'gh/acme/nope', '--json']);
    expect(r.code).toBe(3);
    expect(json(r.stderr)).toEqual({
      error: {
        code: 'http_404',
        message: 'project nope not found in organization gh/acme',
        hint: 'give the project as gh/ORG/NAME, its id, or its name with --org ORG',
        status: 404,
        service: 'pipelines',
        requestId: null,
        retryAfter: null,
      },
    });
  });
});

describe('the built CLI and the demo', () => {
  it('ops pipelines --help lists every group, with examples', async () => {
    const r = await runCli(['pipelines', '--help']);
    expect(r.code).toBe(0);
    for (const g of [
      'context',
      'oidc-claims',
      'insights',
      'policy',
      'definition',
      'project',
      'checkout-key',
      'env',
    ])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${g} `));
    expect(r.stdout).toContain('\nExamples:\n');
  });

  it('the demo steps succeed on a fresh sandbox', async () => {
    const r = await runMain(['sandbox', 'demo', '--services', 'pipelines']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ ops pipelines context list --org gh/acme --limit 5');
    expect(r.stdout).toContain('$ ops pipelines insights summary gh/acme/web-app --window last-30-days');
  });

  it('lists contexts as NDJSON and maps a 401 to exit 4', async () => {
    const r = await runCli(['pipelines', 'context', 'list', '--all', '-o', 'ndjson'], { env: sb.env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
    const bad = await runCli(['pipelines', 'env', 'list', 'gh/acme/web-app'], {
      env: { ...sb.env, OPS_PIPELINES_TOKEN: 'x' },
    });
    expect(bad.code).toBe(4);
  });
});

describe('conformance with specs/pipelines.openapi.json', () => {
  it.skipIf(conformance.skipped)('requests and responses of every operation match the spec', async () => {
    if (conformance.skipped) return;
    const env = { OPS_PIPELINES_BASE_URL: conformance.baseUrl };
    const rego = mkdtempSync(join(tmpdir(), 'ops-rego-'));
    writeFileSync(join(rego, 'security.rego'), 'package org\n\npolicy_name["ci_security"]\n');
    const config = join(rego, 'config.yml');
    writeFileSync(config, 'version: 2.1\njobs:\n  build: {}\n');
    const S = IDS.awsStaging;
    const steps: Array<[string[], number, string?]> = [
      [['context', 'list', '--org', 'gh/acme', '--all'], 0],
      [['context', 'get', 'docker-hub', '--org', 'gh/acme'], 0],
      [['context', 'create', 'conformance', '--org', IDS.acme], 0],
      [['context', 'create', 'conformance-2', '--org', 'gh/acme'], 0],
      [['context', 'get', IDS.awsProduction], 0],
      [['context', 'get', IDS.webApp], 3],
      [['context', 'env', 'list', IDS.awsProduction, '--all'], 0],
      [['context', 'env', 'set', S, 'CONFORMANCE'], 0, 'value'],
      [['context', 'env', 'delete', S, 'CONFORMANCE', '--yes'], 0],
      [['context', 'env', 'delete', S, 'CONFORMANCE', '--yes'], 3],
      [['context', 'restriction', 'list', IDS.awsProduction], 0],
      [
        [
          'context',
          'restriction',
          'create',
          S,
          '--type',
          'expression',
          '--value',
          'pipeline.git.branch == "main"',
        ],
        0,
      ],
      [
        [
          'context',
          'restriction',
          'create',
          S,
          '--type',
          'expression',
          '--value',
          'pipeline.git.branch == "main"',
        ],
        1,
      ],
      [['context', 'restriction', 'create', S, '--type', 'project', '--value', IDS.dataPipeline], 1],
      [['context', 'restriction', 'delete', IDS.awsProduction, IDS.mainRestriction, '--yes'], 0],
      [['context', 'delete', IDS.dockerHub, '--yes'], 0],
      [['oidc-claims', 'get'], 0],
      [['oidc-claims', 'get', '--project', IDS.webApp], 0],
      [['oidc-claims', 'set', '--audience', 'sts.amazonaws.com', '--ttl', '1h30m'], 0],
      [['oidc-claims', 'set', '--project', IDS.webApp, '--ttl', '15m'], 0],
      [['oidc-claims', 'delete', '--claims', 'ttl', '--yes'], 0],
      [['oidc-claims', 'delete', '--project', IDS.webApp, '--yes'], 0],
      [['oidc-claims', 'get', '--org', IDS.other], 4],
      [
        [
          'insights',
          'summary',
          'gh/acme/web-app',
          '--window',
          'last-30-days',
          '--branch',
          'main',
          '--workflow',
          'deploy',
        ],
        0,
      ],
      [['insights', 'summary', '--org', 'gh/acme', '--window', 'last-7-days'], 0],
      [['insights', 'workflows', 'gh/acme/web-app', '--all-branches', '--window', 'last-60-days'], 0],
      [['insights', 'workflows', 'gh/acme/web-app', '--branch', 'develop'], 0],
      [
        [
          'insights',
          'runs',
          'gh/acme/web-app',
          'build-and-test',
          '--all',
          '--since',
          '-30d',
          '--until',
          '-1d',
        ],
        0,
      ],
      [
        [
          'insights',
          'jobs',
          'gh/acme/web-app',
          'deploy',
          '--job-name',
          'deploy',
          '--window',
          'last-24-hours',
        ],
        0,
      ],
      [['insights', 'branches', 'gh/acme/web-app', '--workflow', 'deploy'], 0],
      [['insights', 'flaky-tests', 'gh/acme/web-app'], 0],
      [
        [
          'insights',
          'time-series',
          'gh/acme/web-app',
          'build-and-test',
          '--granularity',
          'daily',
          '--branch',
          'main',
        ],
        0,
      ],
      [
        [
          'insights',
          'time-series',
          'gh/acme/web-app',
          'build-and-test',
          '--granularity',
          'hourly',
          '--since',
          '-24h',
        ],
        0,
      ],
      [['insights', 'workflows', 'gh/acme/nope'], 3],
      [['policy', 'decisions', 'list', '--all', '--status', 'PASS', '--since', '2026-01-01T00:00:00Z'], 0],
      [['policy', 'decisions', 'get', IDS.hardFailDecision], 0],
      [['policy', 'decisions', 'get', IDS.webApp], 3],
      [['policy', 'decisions', 'bundle', IDS.hardFailDecision], 0],
      [['policy', 'evaluate', '--file', config], 0],
      [['policy', 'settings', 'get'], 0],
      [['policy', 'settings', 'set', '--enabled', 'false'], 0],
      [['policy', 'bundle', 'get'], 0],
      [['policy', 'bundle', 'get', 'ci_security'], 0],
      [['policy', 'bundle', 'push', rego, '--dry-run'], 0],
      [['policy', 'bundle', 'push', rego, '--yes'], 0],
      [['policy', 'bundle', 'get', 'team_hygiene'], 3],
      [['policy', 'settings', 'get', '--org', IDS.other], 4],
      [['definition', 'list', IDS.webApp], 0],
      [
        [
          'definition',
          'create',
          IDS.webApp,
          '--name',
          'release',
          '--config-repo',
          '401122001',
          '--description',
          'tags',
        ],
        0,
      ],
      [['definition', 'get', IDS.webApp, IDS.buildDefinition], 0],
      [
        [
          'definition',
          'update',
          IDS.webApp,
          IDS.nightlyDefinition,
          '--config-path',
          'e2e.yml',
          '--checkout-repo',
          '401122002',
        ],
        0,
      ],
      [['definition', 'delete', IDS.webApp, IDS.nightlyDefinition, '--yes'], 0],
      [['definition', 'create', IDS.webApp, '--name', 'x', '--config-repo', '999'], 1],
      [['project', 'get', 'gh/acme/web-app'], 0],
      [['project', 'create', 'conformance', '--org', 'gh/acme'], 0],
      [['project', 'delete', 'gh/acme/conformance', '--yes'], 0],
      [['project', 'get', 'gh/acme/conformance'], 3],
      [['project', 'follow', 'gh/acme/docs'], 0],
      [['project', 'follow', `circleci/${IDS.labs}/x`], 1],
      [['checkout-key', 'list', 'gh/acme/web-app', '--digest', 'sha256'], 0],
      [['checkout-key', 'create', 'gh/acme/api-server', '--type', 'user-key'], 0],
      [['checkout-key', 'get', 'gh/acme/web-app', IDS.userKeySha256], 0],
      [['checkout-key', 'delete', 'gh/acme/web-app', IDS.deployKeySha256, '--yes'], 0],
      [['env', 'list', 'gh/acme/web-app'], 0],
      [['env', 'set', 'gh/acme/web-app', 'CONFORMANCE'], 0, 'secret-value'],
      [['env', 'get', 'gh/acme/web-app', 'CONFORMANCE'], 0],
      [['env', 'delete', 'gh/acme/web-app', 'CONFORMANCE', '--yes'], 0],
      [['env', 'get', 'gh/acme/web-app', 'CONFORMANCE'], 3],
    ];
    for (const [args, code, input] of steps) {
      const r = await ops([...args, '--retries', '0'], { env, input });
      expect(`${args.join(' ')} → ${r.code} ${r.stderr}`).toBe(`${args.join(' ')} → ${code} ${r.stderr}`);
    }
    expect(conformance.seen()).toBeGreaterThanOrEqual(steps.length);
    // The spec's `update_env_var` wraps its anyOf in `additionalProperties: false` with no properties,
    // so no answer can satisfy it (the same flaw specs/README.md corrects for the context owner): its
    // "additional property" findings on the PUT of a context variable are the spec's, not ours.
    const specFlaw = (v: { method: string; path: string; code: string; location: string[] }) =>
      v.method === 'PUT' &&
      /\/environment-variable\//.test(v.path) &&
      v.code === 'additionalProperties' &&
      v.location.join('.') === 'response.body';
    expect(conformance.violations().filter(specFlaw)).toHaveLength(4);
    expect(conformance.violations().filter((v) => !specFlaw(v))).toEqual([]);
  });
});
