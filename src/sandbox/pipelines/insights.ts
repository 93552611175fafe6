import type { OperationTable } from '../core/anatomy.js';
import { type SandboxRequest, json } from '../core/framework.js';
import type { Env } from './env.js';
import { DAY, HISTORY_DAYS, HOUR, type JobRun, type Run, WORKFLOWS, history } from './history.js';
import { iso } from './ids.js';
import { projectBySlug } from './projects.js';
import { OWNERS } from './seed.js';
import { type ProjectState, message, page } from './model.js';

/**
 * Insights, all computed from the one run history (history.ts) on the sandbox clock:
 * - a reporting window is the last 24 hours, 7, 30, 60 or 90 days (default 90);
 * - success rate = successful runs / runs; failed runs count `failed` and `error`; throughput = runs
 *   per day of the window (per bucket in a time series);
 * - durations (min, mean, median, p95 by nearest rank, max, standard deviation) are of successful runs;
 * - MTTR is the mean time from the end of a failed run to the end of the next successful run of the
 *   same workflow, and each such pair is one recovery;
 * - trends compare the last min(window, 30 days) with the same length just before it:
 *   (now − before) / before, 0 when there was nothing before (the seed keeps trends to 30 days);
 * - the summary covers every branch unless `branches` names some; workflows, runs, jobs and time series
 *   cover the project's default branch unless `branch` or `all-branches=true` is given;
 * - hourly time series reach 48 hours back, daily ones 90 days; start and end at most 90 days apart.
 */

const fail = message;

export const WINDOWS: Record<string, number> = {
  'last-24-hours': DAY,
  'last-7-days': 7 * DAY,
  'last-30-days': 30 * DAY,
  'last-60-days': 60 * DAY,
  'last-90-days': 90 * DAY,
};

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places;

function windowOf(req: SandboxRequest): number {
  const w = req.query.get('reporting-window') ?? 'last-90-days';
  const ms = WINDOWS[w];
  if (ms === undefined) throw fail(400, `reporting-window must be one of ${Object.keys(WINDOWS).join(', ')}`);
  return ms;
}

/** Absolute-time copies of a project's runs (the history is kept relative to the sandbox's start). */
function runsOf(env: Env, p: ProjectState): Run[] {
  if (!p.history) return [];
  const t0 = env.state().t0;
  return (history().get(p.history) ?? []).map((r) => ({
    ...r,
    start: t0 + r.start,
    stop: t0 + r.stop,
    jobs: r.jobs.map((j) => ({ ...j, start: t0 + j.start, stop: t0 + j.stop })),
  }));
}

const within = (from: number, to: number) => (r: { start: number }) => r.start >= from && r.start < to;
const ok = (s: string) => s === 'success';
const bad = (s: string) => s === 'failed' || s === 'error';

/** The branch a list covers: undefined means every branch. */
function branchScope(req: SandboxRequest, p: ProjectState): string | undefined {
  const all = req.query.get('all-branches');
  const branch = req.query.get('branch');
  if (all !== null && all !== 'true' && all !== 'false')
    throw fail(400, 'all-branches must be true or false');
  if (all === 'true' && branch !== null) throw fail(400, 'give either branch or all-branches, not both');
  if (all === 'true') return undefined;
  return branch ?? p.defaultBranch;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

function durations(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return { min: 0, mean: 0, median: 0, p95: 0, max: 0, standard_deviation: 0 };
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const variance = s.reduce((a, b) => a + (b - mean) ** 2, 0) / s.length;
  return {
    min: s[0]!,
    mean: Math.round(mean),
    median: percentile(s, 0.5),
    p95: percentile(s, 0.95),
    max: s[s.length - 1]!,
    standard_deviation: round(Math.sqrt(variance), 2),
  };
}

function recoveries(runs: Run[]): { mttr: number; count: number } {
  let failedAt: number | undefined;
  let total = 0;
  let count = 0;
  for (const r of [...runs].sort((a, b) => a.start - b.start)) {
    if (bad(r.status)) failedAt ??= r.stop;
    else if (ok(r.status) && failedAt !== undefined) {
      total += r.stop - failedAt;
      count++;
      failedAt = undefined;
    }
  }
  return { mttr: count ? Math.round(total / count / 1000) : 0, count };
}

function summaryMetrics(runs: Run[], windowMs: number) {
  const total = runs.length;
  return {
    total_runs: total,
    total_duration_secs: runs.reduce((n, r) => n + r.duration, 0),
    total_credits_used: runs.reduce((n, r) => n + r.credits, 0),
    success_rate: total ? round(runs.filter((r) => ok(r.status)).length / total) : 0,
    throughput: round(total / (windowMs / DAY)),
  };
}

function workflowSummary(runs: Run[]) {
  const total = runs.length;
  return {
    total_credits_used: runs.reduce((n, r) => n + r.credits, 0),
    p95_duration_secs: percentile(
      runs
        .filter((r) => ok(r.status))
        .map((r) => r.duration)
        .sort((a, b) => a - b),
      0.95,
    ),
    total_runs: total,
    success_rate: total ? round(runs.filter((r) => ok(r.status)).length / total) : 0,
  };
}

/** (now − before) / before for each number of two metric objects of the same shape. */
function trends<T extends Record<string, number>>(now: T, before: T): T {
  const out: Record<string, number> = {};
  for (const k of Object.keys(now)) out[k] = before[k] ? round((now[k]! - before[k]!) / before[k]!) : 0;
  return out as T;
}

/** Metrics of `runs` over the window, and their trends over the last min(window, 30 days). */
function withTrends<T extends Record<string, number>>(
  runs: Run[],
  now: number,
  windowMs: number,
  metric: (rs: Run[], ms: number) => T,
): { metrics: T; trends: T } {
  const span = Math.min(windowMs, 30 * DAY);
  return {
    metrics: metric(runs.filter(within(now - windowMs, now)), windowMs),
    trends: trends(
      metric(runs.filter(within(now - span, now)), span),
      metric(runs.filter(within(now - 2 * span, now - span)), span),
    ),
  };
}

function sortedUnique(values: string[]): string[] {
  return [...new Set(values)].sort();
}

function listParam(req: SandboxRequest, name: string): string[] | undefined {
  const v = req.query
    .getAll(name)
    .flatMap((s) => s.split(','))
    .filter(Boolean);
  return v.length ? v : undefined;
}

function workflowMetrics(runs: Run[], windowMs: number) {
  const r = recoveries(runs);
  const successful = runs.filter((x) => ok(x.status));
  return {
    total_runs: runs.length,
    successful_runs: successful.length,
    mttr: r.mttr,
    total_credits_used: runs.reduce((n, x) => n + x.credits, 0),
    failed_runs: runs.filter((x) => bad(x.status)).length,
    success_rate: runs.length ? round(successful.length / runs.length) : 0,
    duration_metrics: durations(successful.map((x) => x.duration)),
    total_recoveries: r.count,
    throughput: round(runs.length / (windowMs / DAY)),
  };
}

function jobMetrics(jobs: JobRun[], windowMs: number) {
  const successful = jobs.filter((j) => ok(j.status));
  return {
    total_runs: jobs.length,
    failed_runs: jobs.filter((j) => bad(j.status)).length,
    successful_runs: successful.length,
    duration_metrics: durations(successful.map((j) => j.duration)),
    success_rate: jobs.length ? round(successful.length / jobs.length) : 0,
    total_credits_used: jobs.reduce((n, j) => n + j.credits, 0),
    throughput: round(jobs.length / (windowMs / DAY)),
  };
}

function date(raw: string | null, what: string): number | undefined {
  if (raw === null) return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(raw))
    throw fail(400, `${what} must be an RFC 3339 date-time`);
  return t;
}

/**
 * The range of a runs list or time series, checked against the seed's limits: at most 90 days back,
 * start and end at most 90 days apart, and hourly data only for the last 48 hours.
 */
function range(req: SandboxRequest, now: number, hourly: boolean): { from: number; to: number } {
  const to = date(req.query.get('end-date'), 'end-date') ?? now;
  const from =
    date(req.query.get('start-date'), 'start-date') ?? (hourly ? now - 48 * HOUR : now - HISTORY_DAYS * DAY);
  if (from >= to) throw fail(400, 'start-date must be before end-date');
  if (to - from > 90 * DAY) throw fail(400, 'start-date and end-date must be at most 90 days apart');
  if (from < now - HISTORY_DAYS * DAY - HOUR)
    throw fail(400, 'start-date is more than 90 days ago; runs are kept 90 days');
  if (hourly && from < now - 48 * HOUR - HOUR)
    throw fail(400, 'hourly data is kept for 48 hours: start-date must be within the last 48 hours');
  return { from, to };
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

type Project = (req: SandboxRequest) => ProjectState;
type WorkflowRuns = (req: SandboxRequest, p: ProjectState) => Run[];

/** A project's summary page, an organisation's summary, and a project's branches. */
function summaryOps(router: OperationTable, env: Env, project: Project): void {
  router
    .op('getProjectWorkflowsPageData', 'GET', '/api/v2/insights/pages/:slug/summary', (req) => {
      const p = project(req);
      const windowMs = windowOf(req);
      const now = env.clock.now();
      const all = runsOf(env, p);
      const branches = listParam(req, 'branches');
      const names = listParam(req, 'workflow-names');
      const runs = all.filter(
        (r) => (!branches || branches.includes(r.branch)) && (!names || names.includes(r.workflow)),
      );
      const inWindow = all.filter(within(now - windowMs, now));
      const workflows = sortedUnique(runs.map((r) => r.workflow));
      return json(200, {
        org_id: p.owner.id,
        project_id: p.id,
        project_data: withTrends(runs, now, windowMs, summaryMetrics),
        project_workflow_data: workflows.map((w) => ({
          workflow_name: w,
          ...withTrends(
            runs.filter((r) => r.workflow === w),
            now,
            windowMs,
            workflowSummary,
          ),
        })),
        project_workflow_branch_data: workflows.flatMap((w) =>
          sortedUnique(
            runs.filter((r) => r.workflow === w && within(now - windowMs, now)(r)).map((r) => r.branch),
          ).map((b) => ({
            workflow_name: w,
            branch: b,
            ...withTrends(
              runs.filter((r) => r.workflow === w && r.branch === b),
              now,
              windowMs,
              workflowSummary,
            ),
          })),
        ),
        all_branches: sortedUnique(inWindow.map((r) => r.branch)),
        all_workflows: sortedUnique(inWindow.map((r) => r.workflow)),
      });
    })
    .op('getOrgSummaryData', 'GET', '/api/v2/insights/:slug/summary', (req) => {
      const slug = req.params.slug ?? '';
      const org = OWNERS.find(
        (o) => o.slug.toLowerCase() === slug.toLowerCase() && o.type === 'organization',
      );
      if (!org?.admin) throw fail(404, 'Organization not found');
      const windowMs = windowOf(req);
      const now = env.clock.now();
      const projects = [...env.state().projects.values()]
        .filter((p) => p.owner === org)
        .sort((a, b) => a.name.localeCompare(b.name));
      const names = listParam(req, 'project-names');
      const chosen = projects.filter((p) => !names || names.includes(p.name));
      const runsBy = new Map(chosen.map((p) => [p, runsOf(env, p)]));
      const orgMetric = (rs: Run[], ms: number) => {
        const m = summaryMetrics(rs, ms);
        return {
          total_credits_used: m.total_credits_used,
          total_duration_secs: m.total_duration_secs,
          total_runs: m.total_runs,
          success_rate: m.success_rate,
        };
      };
      return json(200, {
        org_data: withTrends([...runsBy.values()].flat(), now, windowMs, summaryMetrics),
        org_project_data: chosen.map((p) => ({
          project_name: p.name,
          ...withTrends(runsBy.get(p)!, now, windowMs, orgMetric),
        })),
        all_projects: projects.map((p) => p.name),
      });
    })
    .op('getAllInsightsBranches', 'GET', '/api/v2/insights/:slug/branches', (req) => {
      const p = project(req);
      const workflow = req.query.get('workflow-name');
      const runs = runsOf(env, p).filter((r) => workflow === null || r.workflow === workflow);
      return json(200, {
        org_id: p.owner.id,
        project_id: p.id,
        branches: sortedUnique(runs.map((r) => r.branch)),
      });
    });
}

/** A project's flaky tests, the latest flake of each shown. */
function flakyTestOps(router: OperationTable, env: Env, project: Project): void {
  router.op('getFlakyTests', 'GET', '/api/v2/insights/:slug/flaky-tests', (req) => {
    const p = project(req);
    const groups = new Map<
      string,
      {
        first: { run: Run; job: JobRun };
        count: number;
        wasted: number;
        test: JobRun['flakes'][number]['test'];
      }
    >();
    for (const run of runsOf(env, p))
      for (const job of run.jobs)
        for (const f of job.flakes) {
          const key = `${run.workflow}\u0000${job.name}\u0000${f.test.classname}\u0000${f.test.name}`;
          const g = groups.get(key);
          // The latest run in which the test flaked is the one shown.
          if (g) {
            g.count++;
            g.wasted += f.wasted;
            g.first = { run, job };
          } else groups.set(key, { first: { run, job }, count: 1, wasted: f.wasted, test: f.test });
        }
    const tests = [...groups.values()]
      .sort((a, b) => b.count - a.count || a.test.name.localeCompare(b.test.name))
      .map((g) => ({
        'time-wasted': g.wasted,
        'workflow-created-at': iso(g.first.run.start),
        'workflow-id': g.first.run.id,
        classname: g.test.classname,
        'pipeline-number': g.first.run.pipelineNumber,
        'workflow-name': g.first.run.workflow,
        'test-name': g.test.name,
        'job-name': g.first.job.name,
        'job-number': g.first.job.number,
        'times-flaked': g.count,
        source: g.test.source,
        file: g.test.file,
      }));
    return json(200, { 'flaky-tests': tests, 'total-flaky-tests': tests.length });
  });
}

/** A project's workflows: their metrics, their runs and their jobs' metrics. */
function workflowOps(router: OperationTable, env: Env, project: Project, workflowRuns: WorkflowRuns): void {
  router
    .op('getProjectWorkflowMetrics', 'GET', '/api/v2/insights/:slug/workflows', (req) => {
      const p = project(req);
      const windowMs = windowOf(req);
      const branch = branchScope(req, p);
      const now = env.clock.now();
      const runs = runsOf(env, p).filter(
        (r) => within(now - windowMs, now)(r) && (branch === undefined || r.branch === branch),
      );
      const items = sortedUnique(runs.map((r) => r.workflow)).map((name) => {
        const rs = runs.filter((r) => r.workflow === name);
        return {
          name,
          metrics: workflowMetrics(rs, windowMs),
          window_start: iso(Math.min(...rs.map((r) => r.start))),
          window_end: iso(Math.max(...rs.map((r) => r.stop))),
          project_id: p.id,
        };
      });
      return page(req, items, env.pageSize(100), fail);
    })
    .op('getProjectWorkflowRuns', 'GET', '/api/v2/insights/:slug/workflows/:workflow', (req) => {
      const p = project(req);
      const branch = branchScope(req, p);
      const { from, to } = range(req, env.clock.now(), false);
      const items = workflowRuns(req, p)
        .filter((r) => within(from, to)(r) && (branch === undefined || r.branch === branch))
        .sort((a, b) => b.start - a.start)
        .map((r) => ({
          id: r.id,
          branch: r.branch,
          duration: r.duration,
          created_at: iso(r.start),
          stopped_at: iso(r.stop),
          credits_used: r.credits,
          status: r.status,
          is_approval: r.isApproval,
        }));
      return page(req, items, env.pageSize(100), fail);
    })
    .op('getProjectWorkflowJobMetrics', 'GET', '/api/v2/insights/:slug/workflows/:workflow/jobs', (req) => {
      const p = project(req);
      const windowMs = windowOf(req);
      const branch = branchScope(req, p);
      const now = env.clock.now();
      const filter = req.query.get('job-name');
      const jobs = workflowRuns(req, p)
        .filter((r) => within(now - windowMs, now)(r) && (branch === undefined || r.branch === branch))
        .flatMap((r) => r.jobs)
        .filter((j) => filter === null || j.name.includes(filter));
      const items = sortedUnique(jobs.map((j) => j.name)).map((name) => {
        const js = jobs.filter((j) => j.name === name);
        return {
          name,
          metrics: jobMetrics(js, windowMs),
          window_start: iso(Math.min(...js.map((j) => j.start))),
          window_end: iso(Math.max(...js.map((j) => j.stop))),
        };
      });
      return page(req, items, env.pageSize(100), fail);
    });
}

/** A workflow's jobs as a time series, daily or hourly. */
function jobTimeseriesOps(
  router: OperationTable,
  env: Env,
  project: Project,
  workflowRuns: WorkflowRuns,
): void {
  router.op(
    'getJobTimeseries',
    'GET',
    '/api/v2/insights/time-series/:slug/workflows/:workflow/jobs',
    (req) => {
      const p = project(req);
      const granularity = req.query.get('granularity') ?? 'daily';
      if (granularity !== 'daily' && granularity !== 'hourly')
        throw fail(400, 'granularity must be daily or hourly');
      const hourly = granularity === 'hourly';
      const branch = req.query.get('branch') ?? p.defaultBranch;
      const { from, to } = range(req, env.clock.now(), hourly);
      const bucketMs = hourly ? HOUR : DAY;
      const buckets = new Map<string, JobRun[]>();
      // Runs are chosen by when they started, as every other list does, so the sums agree.
      for (const r of workflowRuns(req, p))
        if (r.branch === branch && within(from, to)(r))
          for (const j of r.jobs) {
            const key = `${Math.floor(j.start / bucketMs) * bucketMs}\u0000${j.name}`;
            buckets.set(key, [...(buckets.get(key) ?? []), j]);
          }
      const items = [...buckets.entries()]
        .map(([key, js]) => {
          const [at, name] = key.split('\u0000') as [string, string];
          const secs = js.map((j) => j.duration).sort((a, b) => a - b);
          return {
            name,
            min_started_at: iso(Math.min(...js.map((j) => j.start))),
            max_ended_at: iso(Math.max(...js.map((j) => j.stop))),
            timestamp: iso(Number(at)),
            metrics: {
              total_runs: js.length,
              failed_runs: js.filter((j) => bad(j.status)).length,
              successful_runs: js.filter((j) => ok(j.status)).length,
              throughput: js.length,
              median_credits_used: median(js.map((j) => j.credits)),
              total_credits_used: js.reduce((n, j) => n + j.credits, 0),
              duration_metrics: {
                min: secs[0]!,
                median: percentile(secs, 0.5),
                max: secs[secs.length - 1]!,
                p95: percentile(secs, 0.95),
                total: secs.reduce((a, b) => a + b, 0),
              },
            },
          };
        })
        .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.name.localeCompare(b.name));
      return page(req, items, env.pageSize(100), fail);
    },
  );
}

export function insightsRoutes(router: OperationTable, env: Env): void {
  const project = (req: SandboxRequest) => projectBySlug(env, req.params.slug ?? '');
  const workflowRuns = (req: SandboxRequest, p: ProjectState) => {
    const runs = runsOf(env, p);
    const name = req.params.workflow ?? '';
    const known = p.history ? (WORKFLOWS[p.history] ?? []).some((w) => w.name === name) : false;
    if (!known) throw fail(404, `Workflow "${name}" not found in project ${p.slug}`);
    return runs.filter((r) => r.workflow === name);
  };
  summaryOps(router, env, project);
  flakyTestOps(router, env, project);
  workflowOps(router, env, project, workflowRuns);
  jobTimeseriesOps(router, env, project, workflowRuns);
}
