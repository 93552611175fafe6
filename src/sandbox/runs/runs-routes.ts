import type { OperationTable } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, empty, json } from '../core/framework.js';
import { type Env, bodyOf, fail, intParam, invalid, notFound, page, repoOf } from './http.js';
import { jobLog, logArchive } from './logs.js';
import { DAY, type RepoRec, type RunRec, type WorkflowRec } from './model.js';
import { jobWire, runWire, workflowWire } from './run-wire.js';
import { currentAttempt, jobState, runState } from './timeline.js';
import { approve, createRun, rerun } from './world.js';

const RUN_STATUSES = ['queued', 'in_progress', 'completed', 'requested', 'waiting', 'pending'];
const RUN_CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'skipped',
  'stale',
  'success',
  'timed_out',
];
/** Run searches with one of these filters stop at 1,000 results (seed, Limits). */
const SEARCH_FILTERS = ['actor', 'branch', 'check_suite_id', 'created', 'event', 'head_sha', 'status'];

/** Where downloads go: answered with a 302 to a short-lived address that takes no API credentials. */
export interface Downloads {
  redirect(req: SandboxRequest, body: Buffer, contentType: string): Reply;
}

function parseMoment(s: string, end: boolean): number | undefined {
  if (s === '*') return end ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const t = Date.parse(`${s}T00:00:00Z`);
    return Number.isNaN(t) ? undefined : end ? t + DAY - 1 : t;
  }
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return undefined;
  const t = Date.parse(/[Z+-]\d{0,2}:?\d{0,2}$/.test(s.slice(10)) ? s : `${s}Z`);
  if (Number.isNaN(t)) return undefined;
  // A time names its whole last unit, as the API's `created` does: `…T10:00:13Z` holds a run created at
  // 10:00:13.227 (its created_at, to the second, says 10:00:13Z), and `…T10:00` the whole minute.
  const unit = m[2] ? 1 : m[1] ? 1000 : 60_000;
  return end ? t + unit - 1 : t;
}

/** `created` in the search syntax: a date or time, `>=`/`>`/`<=`/`<` one, or a range `a..b` (`*` open). */
export function createdRange(raw: string): [number, number] | undefined {
  const m = /^(>=|<=|>|<)?(.+)$/.exec(raw.trim());
  if (!m) return undefined;
  const [, op, rest = ''] = m;
  if (!op && rest.includes('..')) {
    const [a = '', b = ''] = rest.split('..');
    const from = parseMoment(a, false);
    const to = parseMoment(b, true);
    return from === undefined || to === undefined ? undefined : [from, to];
  }
  const lo = parseMoment(rest, false);
  const hi = parseMoment(rest, true);
  if (lo === undefined || hi === undefined) return undefined;
  if (op === '>=') return [lo, Number.POSITIVE_INFINITY];
  if (op === '>') return [hi + 1, Number.POSITIVE_INFINITY];
  if (op === '<=') return [Number.NEGATIVE_INFINITY, hi];
  if (op === '<') return [Number.NEGATIVE_INFINITY, lo - 1];
  return [lo, hi];
}

function findWorkflow(repo: RepoRec, raw: string): WorkflowRec {
  const wf = /^\d+$/.test(raw)
    ? repo.workflows.find((w) => w.id === Number(raw))
    : repo.workflows.find((w) => w.file === raw || `.github/workflows/${w.file}` === raw);
  if (!wf) throw notFound();
  return wf;
}

export function runOf(env: Env, req: SandboxRequest, repo: RepoRec): RunRec {
  const id = intParam(req, 'run_id');
  const run = env.world().runs.get(id);
  if (!run || run.repo !== repo || run.deleted) throw notFound();
  return run;
}

function listRuns(env: Env, req: SandboxRequest, repo: RepoRec, wf?: WorkflowRec): Reply {
  const q = req.query;
  const now = env.now();
  const status = q.get('status');
  if (status !== null && !RUN_STATUSES.includes(status) && !RUN_CONCLUSIONS.includes(status))
    throw invalid('Validation Failed', [{ resource: 'WorkflowRun', field: 'status', code: 'invalid' }]);
  const createdRaw = q.get('created');
  const created = createdRaw === null ? undefined : createdRange(createdRaw);
  if (createdRaw !== null && !created)
    throw invalid('Validation Failed', [{ resource: 'WorkflowRun', field: 'created', code: 'invalid' }]);
  const checkSuite = q.get('check_suite_id');
  let runs = repo.runs.filter((r) => !r.deleted && (!wf || r.workflow === wf));
  const eq = (a: string, b: string | null) => b === null || a.toLowerCase() === b.toLowerCase();
  runs = runs.filter((r) => {
    const s = runState(r, now);
    return (
      eq(r.actor.login, q.get('actor')) &&
      (q.get('branch') === null || r.branch === q.get('branch')) &&
      (q.get('event') === null || r.event === q.get('event')) &&
      (q.get('head_sha') === null || r.sha === q.get('head_sha')) &&
      (checkSuite === null || String(r.checkSuiteId) === checkSuite) &&
      (status === null || s.status === status || s.conclusion === status) &&
      (!created || (r.createdAt >= created[0] && r.createdAt <= created[1]))
    );
  });
  runs.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  if (SEARCH_FILTERS.some((f) => q.has(f))) runs = runs.slice(0, 1000);
  const exclude = q.get('exclude_pull_requests') === 'true';
  return page(env, req, 'workflow_runs', runs, (r) => runWire(env, req, r, { excludePullRequests: exclude }));
}

function requireCompleted(env: Env, run: RunRec, what: string): void {
  if (run.awaitingApproval)
    throw fail(403, `This workflow run is waiting for approval; ${what} is not possible yet.`);
  if (runState(run, env.now()).status !== 'completed')
    throw fail(403, `This workflow run is not completed; ${what} is not possible yet.`);
}

function rerunBody(req: SandboxRequest): boolean {
  const body = bodyOf(req, true);
  const debug = body.enable_debug_logging;
  if (debug !== undefined && typeof debug !== 'boolean')
    throw invalid('Validation Failed', [
      { resource: 'WorkflowRun', field: 'enable_debug_logging', code: 'invalid' },
    ]);
  return debug === true;
}

function dispatchInputs(wf: WorkflowRec, raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw invalid('Invalid request.', [
      { resource: 'WorkflowDispatch', field: 'inputs', code: 'invalid', message: 'inputs must be an object' },
    ]);
  const given = raw as Record<string, unknown>;
  const names = Object.keys(given);
  // The seed's limit; the vendor's description now allows 25.
  if (names.length > 10)
    throw invalid('Invalid request.', [`inputs has ${names.length} properties; at most 10 are allowed.`]);
  const unexpected = names.filter((n) => !(n in wf.inputs));
  if (unexpected.length) throw invalid(`Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(wf.inputs)) {
    const v = given[name];
    if (v === undefined || v === '') {
      if (spec.required) throw invalid(`Required input '${name}' not provided`);
      if (spec.default !== undefined) out[name] = spec.default;
      continue;
    }
    if (typeof v !== 'string' && typeof v !== 'boolean' && typeof v !== 'number')
      throw invalid(`Provided value for input '${name}' is not a string`);
    const s = String(v);
    if (spec.type === 'boolean' && s !== 'true' && s !== 'false')
      throw invalid(`Provided value '${s}' for input '${name}' is not a boolean`);
    if (spec.type === 'choice' && !spec.options?.includes(s))
      throw invalid(`Provided value '${s}' for input '${name}' not in the list of allowed values`);
    out[name] = s;
  }
  return out;
}

function refName(repo: RepoRec, ref: string): string | undefined {
  const short = ref.replace(/^refs\/(heads|tags)\//, '');
  if (ref.startsWith('refs/tags/')) return repo.tags.includes(short) ? short : undefined;
  if (ref.startsWith('refs/heads/')) return repo.branches.includes(short) ? short : undefined;
  return repo.branches.includes(short) || repo.tags.includes(short) ? short : undefined;
}

const R = '/repos/:owner/:repo/actions';

/** The sandbox's user, who re-runs, approves and dispatches. */
const me = (env: Env) => env.world().users.get('octocat')!;

/** Workflow runs: list, read, delete, re-run, cancel and approve. */
function runOps(router: OperationTable, env: Env): void {
  router
    .op('listWorkflowRunsForRepo', 'GET', `${R}/runs`, (req) => listRuns(env, req, repoOf(env, req)))
    .op('listWorkflowRuns', 'GET', `${R}/workflows/:workflow_id/runs`, (req) => {
      const repo = repoOf(env, req);
      return listRuns(env, req, repo, findWorkflow(repo, req.params.workflow_id ?? ''));
    })
    .op('getWorkflowRun', 'GET', `${R}/runs/:run_id`, (req) =>
      json(200, runWire(env, req, runOf(env, req, repoOf(env, req)))),
    )
    .op('deleteWorkflowRun', 'DELETE', `${R}/runs/:run_id`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      if (!run.awaitingApproval && runState(run, env.now()).status !== 'completed')
        throw fail(409, 'Cannot delete a workflow run that is not completed.');
      run.deleted = true;
      return empty(204);
    })
    .op('reRunWorkflow', 'POST', `${R}/runs/:run_id/rerun`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const debug = rerunBody(req);
      requireCompleted(env, run, 'a re-run');
      rerun(env.world(), run, { now: env.now(), which: 'all', debug, actor: me(env) });
      return json(201, {});
    })
    .op('reRunWorkflowFailedJobs', 'POST', `${R}/runs/:run_id/rerun-failed-jobs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const debug = rerunBody(req);
      requireCompleted(env, run, 'a re-run');
      if (runState(run, env.now()).conclusion === 'success')
        throw fail(403, 'There are no failed jobs to re-run.');
      rerun(env.world(), run, { now: env.now(), which: 'failed', debug, actor: me(env) });
      return json(201, {});
    })
    .op('reRunJobForWorkflowRun', 'POST', `${R}/jobs/:job_id/rerun`, (req) => {
      const repo = repoOf(env, req);
      const found = env.world().jobs.get(intParam(req, 'job_id'));
      if (!found || found.run.repo !== repo || found.run.deleted) throw notFound();
      const debug = rerunBody(req);
      requireCompleted(env, found.run, 'a re-run');
      if (found.attempt !== currentAttempt(found.run))
        throw fail(403, 'Only a job of the latest attempt can be re-run.');
      rerun(env.world(), found.run, { now: env.now(), which: found.job.id, debug, actor: me(env) });
      return json(201, {});
    })
    .op('cancelWorkflowRun', 'POST', `${R}/runs/:run_id/cancel`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      if (run.awaitingApproval || runState(run, env.now()).status === 'completed')
        throw fail(409, 'Cannot cancel a workflow run that is completed.');
      currentAttempt(run).cancelledAt = env.now();
      return json(202, {});
    })
    .op('approveWorkflowRun', 'POST', `${R}/runs/:run_id/approve`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      if (!run.awaitingApproval) throw fail(403, 'This workflow run is not waiting for approval.');
      approve(env.world(), run, env.now());
      return json(201, {});
    });
}

/** A run's logs and jobs, and a job's logs. */
function logAndJobOps(router: OperationTable, env: Env, downloads: Downloads): void {
  router
    .op('downloadWorkflowRunLogs', 'GET', `${R}/runs/:run_id/logs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      return logsOf(env, req, run, currentAttempt(run), downloads);
    })
    .op('deleteWorkflowRunLogs', 'DELETE', `${R}/runs/:run_id/logs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      if (runState(run, env.now()).status !== 'completed')
        throw fail(403, 'Cannot delete the logs of a workflow run that is not completed.');
      run.logsDeleted = true;
      return empty(204);
    })
    .op('downloadWorkflowRunAttemptLogs', 'GET', `${R}/runs/:run_id/attempts/:attempt_number/logs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const attempt = run.attempts[intParam(req, 'attempt_number') - 1];
      if (!attempt) throw notFound();
      return logsOf(env, req, run, attempt, downloads);
    })
    .op('listJobsForWorkflowRun', 'GET', `${R}/runs/:run_id/jobs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const filter = req.query.get('filter') ?? 'latest';
      if (filter !== 'latest' && filter !== 'all')
        throw invalid('Validation Failed', [{ resource: 'Job', field: 'filter', code: 'invalid' }]);
      const attempts = filter === 'all' ? [...run.attempts].reverse() : [currentAttempt(run)];
      const jobs = attempts.flatMap((a) => a.jobs.map((job) => ({ a, job })));
      return page(env, req, 'jobs', jobs, ({ a, job }) => jobWire(env, req, run, a, job));
    })
    .op('listJobsForWorkflowRunAttempt', 'GET', `${R}/runs/:run_id/attempts/:attempt_number/jobs`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const attempt = run.attempts[intParam(req, 'attempt_number') - 1];
      if (!attempt) throw notFound();
      return page(env, req, 'jobs', attempt.jobs, (job) => jobWire(env, req, run, attempt, job));
    })
    .op('getJobForWorkflowRun', 'GET', `${R}/jobs/:job_id`, (req) => {
      const found = jobOf(env, req);
      return json(200, jobWire(env, req, found.run, found.attempt, found.job));
    })
    .op('downloadJobLogsForWorkflowRun', 'GET', `${R}/jobs/:job_id/logs`, (req) => {
      const { run, attempt, job } = jobOf(env, req);
      if (run.logsDeleted) throw fail(410, 'The logs of this workflow run have been deleted.');
      if (jobState(job, attempt, env.now()).status !== 'completed') throw notFound();
      return downloads.redirect(
        req,
        Buffer.from(jobLog(job, attempt, env.now())),
        'text/plain; charset=utf-8',
      );
    });
}

/** A workflow dispatched: its inputs and ref checked, a run created (its details returned when asked). */
function dispatchWorkflow(env: Env, req: SandboxRequest) {
  const repo = repoOf(env, req);
  const wf = findWorkflow(repo, req.params.workflow_id ?? '');
  const body = bodyOf(req);
  if (typeof body.ref !== 'string' || body.ref === '')
    throw invalid('Invalid request.', [
      {
        resource: 'WorkflowDispatch',
        field: 'ref',
        code: 'missing_field',
        message: '"ref" wasn\'t supplied.',
      },
    ]);
  const inputs = dispatchInputs(wf, body.inputs);
  if (!wf.triggers.includes('workflow_dispatch'))
    throw invalid("Workflow does not have 'workflow_dispatch' trigger");
  if (wf.state !== 'active') throw invalid("Cannot trigger a 'workflow_dispatch' on a disabled workflow");
  const branch = refName(repo, body.ref);
  if (!branch) throw invalid(`No ref found for: ${body.ref}`);
  const run = createRun(env.world(), repo, wf, {
    event: 'workflow_dispatch',
    branch,
    actor: me(env),
    createdAt: env.now(),
    title: wf.name + (inputs.version ? ` ${inputs.version}` : ''),
    // The test suite on develop has a flaky test: a dispatched CI run there fails once.
    failure:
      wf.name === 'CI' && branch === 'develop'
        ? { job: 'test', step: 'Run tests', untilAttempt: 1 }
        : undefined,
  });
  env.onDispatch?.(run, inputs);
  if (body.return_run_details === true) {
    const u = env.urls(req);
    const full = `${repo.owner.login}/${repo.name}`;
    return json(200, {
      workflow_run_id: run.id,
      run_url: `${u.api}/repos/${full}/actions/runs/${run.id}`,
      html_url: `${u.web}/${full}/actions/runs/${run.id}`,
    });
  }
  return empty(204);
}

/** Workflows: list, read, disable, enable and dispatch. */
function workflowOps(router: OperationTable, env: Env): void {
  router
    .op('listRepoWorkflows', 'GET', `${R}/workflows`, (req) => {
      const repo = repoOf(env, req);
      return page(env, req, 'workflows', repo.workflows, (wf) => workflowWire(env, req, wf, repo));
    })
    .op('getWorkflow', 'GET', `${R}/workflows/:workflow_id`, (req) => {
      const repo = repoOf(env, req);
      return json(200, workflowWire(env, req, findWorkflow(repo, req.params.workflow_id ?? ''), repo));
    })
    .op('disableWorkflow', 'PUT', `${R}/workflows/:workflow_id/disable`, (req) => {
      const wf = findWorkflow(repoOf(env, req), req.params.workflow_id ?? '');
      wf.state = 'disabled_manually';
      wf.updatedAt = env.now();
      return empty(204);
    })
    .op('enableWorkflow', 'PUT', `${R}/workflows/:workflow_id/enable`, (req) => {
      const wf = findWorkflow(repoOf(env, req), req.params.workflow_id ?? '');
      wf.state = 'active';
      wf.updatedAt = env.now();
      return empty(204);
    })
    .op('createWorkflowDispatch', 'POST', `${R}/workflows/:workflow_id/dispatches`, (req) =>
      dispatchWorkflow(env, req),
    );
}

export function runRoutes(router: OperationTable, env: Env, downloads: Downloads): void {
  runOps(router, env);
  logAndJobOps(router, env, downloads);
  workflowOps(router, env);
}

function jobOf(env: Env, req: SandboxRequest) {
  const repo = repoOf(env, req);
  const found = env.world().jobs.get(intParam(req, 'job_id'));
  if (!found || found.run.repo !== repo || found.run.deleted) throw notFound();
  return found;
}

function logsOf(
  env: Env,
  req: SandboxRequest,
  run: RunRec,
  attempt: RunRec['attempts'][number],
  downloads: Downloads,
): Reply {
  if (run.logsDeleted) throw fail(410, 'The logs of this workflow run have been deleted.');
  if (run.awaitingApproval || runState(run, env.now(), attempt).status !== 'completed') throw notFound();
  return downloads.redirect(req, logArchive(attempt, env.now()), 'application/zip');
}
