import type { SandboxRequest } from '../core/framework.js';
import type { Env } from './http.js';
import type { AttemptRec, JobRec, RunRec, WorkflowRec } from './model.js';
import { type JobState, currentAttempt, jobState, runState } from './timeline.js';
import { iso, repository, simpleUser } from './wire.js';

/** The workflow-run, job and workflow objects of reference §A.3, from the records and the clock. */

export function workflowWire(
  env: Env,
  req: SandboxRequest,
  wf: WorkflowRec,
  repo: RunRec['repo'],
): Record<string, unknown> {
  const u = env.urls(req);
  const full = `${repo.owner.login}/${repo.name}`;
  return {
    id: wf.id,
    node_id: Buffer.from(`Workflow:${wf.id}`).toString('base64').replace(/=+$/, ''),
    name: wf.name,
    path: `.github/workflows/${wf.file}`,
    state: wf.state,
    created_at: iso(wf.createdAt),
    updated_at: iso(wf.updatedAt),
    url: `${u.api}/repos/${full}/actions/workflows/${wf.id}`,
    html_url: `${u.web}/${full}/blob/main/.github/workflows/${wf.file}`,
    badge_url: `${u.web}/${full}/workflows/${encodeURIComponent(wf.name)}/badge.svg`,
  };
}

export function runWire(
  env: Env,
  req: SandboxRequest,
  run: RunRec,
  o: { attempt?: AttemptRec; excludePullRequests?: boolean } = {},
): Record<string, unknown> {
  const u = env.urls(req);
  const now = env.now();
  const attempt = o.attempt ?? currentAttempt(run);
  const state = runState(run, now, attempt);
  const full = `${run.repo.owner.login}/${run.repo.name}`;
  const url = `${u.api}/repos/${full}/actions/runs/${run.id}`;
  const repo = repository(u, run.repo);
  const user = simpleUser(u, run.actor);
  const pr =
    run.pullRequest === undefined || o.excludePullRequests
      ? []
      : [
          {
            id: 1_000_000 + run.pullRequest,
            number: run.pullRequest,
            url: `${u.api}/repos/${full}/pulls/${run.pullRequest}`,
            head: {
              ref: run.branch,
              sha: run.sha,
              repo: { id: run.repo.id, url: repo.url, name: run.repo.name },
            },
            base: {
              ref: run.repo.defaultBranch,
              sha: run.sha.split('').reverse().join(''),
              repo: { id: run.repo.id, url: repo.url, name: run.repo.name },
            },
          },
        ];
  const author = { name: run.actor.login, email: `${run.actor.login}@users.noreply.src.example.com` };
  return {
    id: run.id,
    name: run.workflow.name,
    node_id: Buffer.from(`WorkflowRun:${run.id}`).toString('base64').replace(/=+$/, ''),
    check_suite_id: run.checkSuiteId,
    check_suite_node_id: Buffer.from(`CheckSuite:${run.checkSuiteId}`).toString('base64').replace(/=+$/, ''),
    head_branch: run.branch,
    head_sha: run.sha,
    path: `.github/workflows/${run.workflow.file}`,
    display_title: run.title,
    run_number: run.number,
    run_attempt: attempt.number,
    referenced_workflows: [],
    event: run.event,
    status: state.status,
    conclusion: state.conclusion,
    workflow_id: run.workflow.id,
    url,
    html_url: `${u.web}/${full}/actions/runs/${run.id}`,
    pull_requests: pr,
    created_at: iso(run.createdAt),
    updated_at: iso(state.updatedAt),
    actor: user,
    triggering_actor: simpleUser(u, attempt.triggeringActor),
    run_started_at: iso(state.startedAt),
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${u.api}/repos/${full}/check-suites/${run.checkSuiteId}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: attempt.number > 1 ? `${url}/attempts/${attempt.number - 1}` : null,
    workflow_url: `${u.api}/repos/${full}/actions/workflows/${run.workflow.id}`,
    head_commit: {
      id: run.sha,
      tree_id: run.sha.slice(20) + run.sha.slice(0, 20),
      message: run.title,
      timestamp: iso(run.createdAt),
      author,
      committer: author,
    },
    repository: repo,
    head_repository: repo,
    head_repository_id: run.repo.id,
  };
}

export function jobWire(
  env: Env,
  req: SandboxRequest,
  run: RunRec,
  attempt: AttemptRec,
  job: JobRec,
  state: JobState = jobState(job, attempt, env.now()),
): Record<string, unknown> {
  const u = env.urls(req);
  const full = `${run.repo.owner.login}/${run.repo.name}`;
  const started = state.status !== 'queued';
  const selfHosted = job.plan.labels.includes('self-hosted');
  return {
    id: job.id,
    run_id: run.id,
    run_url: `${u.api}/repos/${full}/actions/runs/${run.id}`,
    run_attempt: attempt.number,
    node_id: Buffer.from(`Job:${job.id}`).toString('base64').replace(/=+$/, ''),
    head_sha: run.sha,
    url: `${u.api}/repos/${full}/actions/jobs/${job.id}`,
    html_url: `${u.web}/${full}/actions/runs/${run.id}/job/${job.id}`,
    status: state.status,
    conclusion: state.conclusion,
    created_at: iso(attempt.startAt),
    started_at: iso(state.startedAt),
    completed_at: state.completedAt === undefined ? null : iso(state.completedAt),
    name: job.plan.name,
    steps: state.steps.map((s) => ({
      name: s.name,
      status: s.status,
      conclusion: s.conclusion,
      number: s.number,
      started_at: s.startedAt === undefined ? null : iso(s.startedAt),
      completed_at: s.completedAt === undefined ? null : iso(s.completedAt),
    })),
    check_run_url: `${u.api}/repos/${full}/check-runs/${job.id}`,
    labels: job.plan.labels,
    runner_id: started ? (selfHosted ? 7 : 1000 + (job.id % 97)) : null,
    runner_name: started ? job.runnerName : null,
    runner_group_id: started ? 1 : null,
    runner_group_name: started ? 'Default' : null,
    workflow_name: run.workflow.name,
    head_branch: run.branch,
  };
}
