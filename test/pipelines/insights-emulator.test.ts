import { describe, expect, it } from 'vitest';
import { IDS, emulator } from './helpers.js';

interface WorkflowItem {
  name: string;
  metrics: {
    total_runs: number;
    successful_runs: number;
    failed_runs: number;
    success_rate: number;
    total_credits_used: number;
    mttr: number;
    total_recoveries: number;
    throughput: number;
  };
}
interface RunItem {
  id: string;
  branch: string;
  status: string;
  credits_used: number;
  duration: number;
  created_at: string;
}

const P = '/api/v2/insights';
const WEB = 'gh%2Facme%2Fweb-app';
const DAY = 86_400_000;

/** Every page of a token list. */
async function all<T>(call: ReturnType<typeof emulator>['call'], path: string): Promise<T[]> {
  const out: T[] = [];
  let token = '';
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await call<{ items: T[]; next_page_token: string }>(
      'GET',
      token ? `${path}${sep}page-token=${token}` : path,
    );
    expect(r.status).toBe(200);
    out.push(...r.body.items);
    token = r.body.next_page_token;
    if (!token) return out;
  }
}

describe('insights agree with each other (one history)', () => {
  it('summary, workflows and runs count the same runs, credits and successes', async () => {
    const { call, clock } = emulator();
    const summary = await call<{
      project_data: { metrics: { total_runs: number; total_credits_used: number; success_rate: number } };
      project_workflow_data: Array<{
        workflow_name: string;
        metrics: { total_runs: number; total_credits_used: number; success_rate: number };
      }>;
      all_workflows: string[];
      org_id: string;
      project_id: string;
    }>('GET', `${P}/pages/${WEB}/summary?reporting-window=last-30-days`);
    expect(summary.body).toMatchObject({
      org_id: IDS.acme,
      project_id: IDS.webApp,
      all_workflows: ['build-and-test', 'deploy', 'nightly'],
    });
    const workflows = await all<WorkflowItem>(
      call,
      `${P}/${WEB}/workflows?all-branches=true&reporting-window=last-30-days`,
    );
    expect(workflows.reduce((n, w) => n + w.metrics.total_runs, 0)).toBe(
      summary.body.project_data.metrics.total_runs,
    );
    expect(workflows.reduce((n, w) => n + w.metrics.total_credits_used, 0)).toBe(
      summary.body.project_data.metrics.total_credits_used,
    );
    const since = new Date(clock.now() - 30 * DAY).toISOString();
    for (const w of workflows) {
      const s = summary.body.project_workflow_data.find((x) => x.workflow_name === w.name)!;
      expect(s.metrics).toMatchObject({
        total_runs: w.metrics.total_runs,
        total_credits_used: w.metrics.total_credits_used,
        success_rate: w.metrics.success_rate,
      });
      const runs = await all<RunItem>(
        call,
        `${P}/${WEB}/workflows/${w.name}?all-branches=true&start-date=${since}`,
      );
      expect(runs).toHaveLength(w.metrics.total_runs);
      expect(runs.filter((r) => r.status === 'success')).toHaveLength(w.metrics.successful_runs);
      expect(runs.filter((r) => r.status === 'failed' || r.status === 'error')).toHaveLength(
        w.metrics.failed_runs,
      );
      expect(runs.reduce((n, r) => n + r.credits_used, 0)).toBe(w.metrics.total_credits_used);
      expect(w.metrics.throughput).toBeCloseTo(w.metrics.total_runs / 30, 3);
    }
  });

  it('the organization summary adds up its projects’ summaries', async () => {
    const { call } = emulator();
    const org = await call<{
      org_data: { metrics: { total_runs: number } };
      org_project_data: Array<{ project_name: string; metrics: { total_runs: number } }>;
      all_projects: string[];
    }>('GET', `${P}/gh%2Facme/summary?reporting-window=last-7-days`);
    expect(org.body.all_projects).toEqual(['api-server', 'mobile', 'web-app']);
    const web = await call<{ project_data: { metrics: { total_runs: number } } }>(
      'GET',
      `${P}/pages/${WEB}/summary?reporting-window=last-7-days`,
    );
    expect(org.body.org_project_data.find((p) => p.project_name === 'web-app')!.metrics.total_runs).toBe(
      web.body.project_data.metrics.total_runs,
    );
    expect(org.body.org_project_data.reduce((n, p) => n + p.metrics.total_runs, 0)).toBe(
      org.body.org_data.metrics.total_runs,
    );
    const only = await call<{ org_project_data: unknown[] }>(
      'GET',
      `${P}/gh%2Facme/summary?project-names=mobile`,
    );
    expect(only.body.org_project_data).toHaveLength(1);
  });

  it('jobs and time series count the jobs of the same runs; branches are those of the runs', async () => {
    const { call } = emulator();
    const runs = await all<RunItem>(call, `${P}/${WEB}/workflows/build-and-test`);
    expect(new Set(runs.map((r) => r.branch))).toEqual(new Set(['main']));
    const jobs = await all<{ name: string; metrics: { total_runs: number; total_credits_used: number } }>(
      call,
      `${P}/${WEB}/workflows/build-and-test/jobs`,
    );
    expect(jobs.map((j) => j.name)).toEqual(['build', 'lint', 'unit-tests']);
    // Every run starts with lint; the jobs' credits add up to the runs'.
    expect(jobs.find((j) => j.name === 'lint')!.metrics.total_runs).toBe(runs.length);
    expect(jobs.reduce((n, j) => n + j.metrics.total_credits_used, 0)).toBe(
      runs.reduce((n, r) => n + r.credits_used, 0),
    );
    const series = await all<{
      name: string;
      timestamp: string;
      metrics: { total_runs: number; total_credits_used: number };
    }>(call, `${P}/time-series/${WEB}/workflows/build-and-test/jobs?granularity=daily`);
    for (const j of jobs) {
      const points = series.filter((p) => p.name === j.name);
      expect(points.reduce((n, p) => n + p.metrics.total_runs, 0)).toBe(j.metrics.total_runs);
      expect(points.reduce((n, p) => n + p.metrics.total_credits_used, 0)).toBe(j.metrics.total_credits_used);
      expect(points.every((p) => p.timestamp.endsWith('T00:00:00Z'))).toBe(true);
    }
    const everyBranch = await all<RunItem>(call, `${P}/${WEB}/workflows/build-and-test?all-branches=true`);
    const branches = await call<{ branches: string[] }>(
      'GET',
      `${P}/${WEB}/branches?workflow-name=build-and-test`,
    );
    expect(branches.body.branches).toEqual([...new Set(everyBranch.map((r) => r.branch))].sort());
  });

  it('flaky tests name runs of the history', async () => {
    const { call } = emulator();
    const flaky = await call<{
      'flaky-tests': Array<Record<string, string | number>>;
      'total-flaky-tests': number;
    }>('GET', `${P}/${WEB}/flaky-tests`);
    expect(flaky.body['total-flaky-tests']).toBe(flaky.body['flaky-tests'].length);
    expect(flaky.body['flaky-tests'][0]).toMatchObject({
      'test-name': 'applies a coupon at checkout',
      'job-name': 'unit-tests',
      source: 'jest',
    });
    for (const t of flaky.body['flaky-tests']) {
      const runs = await all<RunItem>(call, `${P}/${WEB}/workflows/${t['workflow-name']}?all-branches=true`);
      const run = runs.find((r) => r.id === t['workflow-id']);
      expect(run?.created_at).toBe(t['workflow-created-at']);
      expect(run?.status).toBe('success');
    }
  });

  it('the history is the same on every start; trends compare the last 30 days with the 30 before', async () => {
    const a = await emulator().call('GET', `${P}/pages/${WEB}/summary`);
    const b = await emulator().call('GET', `${P}/pages/${WEB}/summary`);
    expect(a.body).toEqual(b.body);
    const t = (a.body as { project_data: { trends: Record<string, number> } }).project_data.trends;
    expect(t.total_runs).not.toBe(0);
  });

  it('the sandbox clock moves the windows: 100 days later there is nothing left', async () => {
    const { call, clock } = emulator();
    clock.advance(100 * DAY);
    const w = await call<{ items: unknown[] }>('GET', `${P}/${WEB}/workflows`);
    expect(w.body.items).toEqual([]);
  });
});

describe('insights limits and errors ({message})', () => {
  it.each([
    [`${P}/${WEB}/workflows?reporting-window=last-year`, 'reporting-window must be one of'],
    [`${P}/${WEB}/workflows?branch=main&all-branches=true`, 'give either branch or all-branches, not both'],
    [
      `${P}/${WEB}/workflows/deploy?start-date=2020-01-01T00:00:00Z`,
      'start-date and end-date must be at most 90 days apart',
    ],
    [`${P}/${WEB}/workflows/deploy?start-date=yesterday`, 'start-date must be an RFC 3339 date-time'],
    [
      `${P}/time-series/${WEB}/workflows/deploy/jobs?granularity=weekly`,
      'granularity must be daily or hourly',
    ],
  ])('%s → 400', async (path, text) => {
    const r = await emulator().call('GET', path);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(text);
  });

  it('hourly data only for 48 hours; more than 90 days back is refused', async () => {
    const { call, clock } = emulator();
    const iso = (msAgo: number) => new Date(clock.now() - msAgo).toISOString();
    expect(
      (
        await call(
          'GET',
          `${P}/time-series/${WEB}/workflows/deploy/jobs?granularity=hourly&start-date=${iso(72 * 3_600_000)}`,
        )
      ).body.message,
    ).toContain('hourly data is kept for 48 hours');
    expect(
      (
        await call(
          'GET',
          `${P}/time-series/${WEB}/workflows/deploy/jobs?granularity=hourly&start-date=${iso(24 * 3_600_000)}`,
        )
      ).status,
    ).toBe(200);
    const old = await call(
      'GET',
      `${P}/${WEB}/workflows/deploy?start-date=${iso(95 * DAY)}&end-date=${iso(10 * DAY)}`,
    );
    expect(old.body.message).toContain('more than 90 days ago');
  });

  it('unknown project or workflow: 404 {message}', async () => {
    const { call } = emulator();
    expect(await call('GET', `${P}/gh%2Facme%2Fnope/flaky-tests`)).toMatchObject({
      status: 404,
      body: { message: 'Project not found' },
    });
    expect((await call('GET', `${P}/${WEB}/workflows/nope`)).status).toBe(404);
    expect((await call('GET', `${P}/gh%2Fnope/summary`)).status).toBe(404);
  });

  it('a project without runs has empty insights, not an error', async () => {
    const { call } = emulator();
    await call('POST', '/api/v2/organization/gh%2Facme/project', { body: { name: 'fresh' } });
    const s = await call<{ project_data: { metrics: { total_runs: number } }; all_workflows: string[] }>(
      'GET',
      `${P}/pages/gh%2Facme%2Ffresh/summary`,
    );
    expect(s.body.project_data.metrics.total_runs).toBe(0);
    expect(s.body.all_workflows).toEqual([]);
  });
});
