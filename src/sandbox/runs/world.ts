import { createHash } from 'node:crypto';
import type { AttemptRec, Failure, JobRec, RepoRec, RunRec, World, WorkflowRec } from './model.js';
import { currentAttempt, jobState } from './timeline.js';
import type { UserRec } from './wire.js';

/** Changes to the world that several routes make: new runs, new attempts. */

export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

function failStep(run: RunRec, attempt: number, job: string, steps: string[]): number | undefined {
  const f = run.failure;
  if (!f || attempt > f.untilAttempt || f.job !== job) return undefined;
  const i = steps.indexOf(f.step);
  return i < 0 ? undefined : i;
}

function newJobs(world: World, run: RunRec, attempt: number): JobRec[] {
  return run.workflow.jobs.map((plan) => ({
    id: world.ids.job++,
    plan,
    failStep: failStep(
      run,
      attempt,
      plan.name,
      plan.steps.map((s) => s.name),
    ),
    runnerName: plan.labels.includes('self-hosted')
      ? 'build-box-1'
      : `hosted-runner-${(world.ids.job % 97) + 1}`,
  }));
}

function index(world: World, run: RunRec, attempt: AttemptRec): void {
  for (const job of attempt.jobs) world.jobs.set(job.id, { run, attempt, job });
}

export interface NewRun {
  event: string;
  branch: string;
  actor: UserRec;
  createdAt: number;
  queueMs?: number;
  failure?: Failure | undefined;
  awaitingApproval?: boolean;
  pullRequest?: number | undefined;
  title?: string;
  id?: number;
}

export function createRun(world: World, repo: RepoRec, workflow: WorkflowRec, o: NewRun): RunRec {
  const number = repo.nextRunNumber.get(workflow.id) ?? 1;
  repo.nextRunNumber.set(workflow.id, number + 1);
  const id = o.id ?? world.ids.run++;
  const run: RunRec = {
    id,
    number,
    workflow,
    repo,
    event: o.event,
    branch: o.branch,
    sha: fakeSha(`${repo.name}:${o.branch}:${id}`),
    actor: o.actor,
    title: o.title ?? workflow.name,
    createdAt: o.createdAt,
    attempts: [],
    awaitingApproval: Boolean(o.awaitingApproval),
    pullRequest: o.pullRequest,
    checkSuiteId: 4_200_000_000 + id,
    failure: o.failure,
    logsDeleted: false,
    deleted: false,
  };
  const attempt: AttemptRec = {
    number: 1,
    startAt: o.createdAt,
    queueMs: o.queueMs ?? 5000,
    jobs: run.awaitingApproval ? [] : newJobs(world, run, 1),
    debug: false,
    triggeringActor: o.actor,
  };
  run.attempts.push(attempt);
  index(world, run, attempt);
  repo.runs.unshift(run);
  world.runs.set(id, run);
  return run;
}

/** Approval starts the run now: its jobs are made and queued. */
export function approve(world: World, run: RunRec, now: number): void {
  const attempt = currentAttempt(run);
  run.awaitingApproval = false;
  attempt.startAt = now;
  attempt.jobs = newJobs(world, run, attempt.number);
  index(world, run, attempt);
}

/**
 * A new attempt: every job again (`all`), only the failed and cancelled ones (`failed`), or one job;
 * the jobs not run again keep their results and times.
 */
export function rerun(
  world: World,
  run: RunRec,
  o: { now: number; which: 'all' | 'failed' | number; debug: boolean; actor: UserRec },
): AttemptRec {
  const prev = currentAttempt(run);
  const number = prev.number + 1;
  const fresh = newJobs(world, run, number);
  const jobs = prev.jobs.map((old, i) => {
    const state = jobState(old, prev, o.now);
    const again =
      o.which === 'all' ||
      (o.which === 'failed' && state.conclusion !== 'success') ||
      (typeof o.which === 'number' && old.id === o.which);
    if (again) return fresh[i]!;
    return { ...fresh[i]!, failStep: old.failStep, startAt: state.startedAt };
  });
  const attempt: AttemptRec = {
    number,
    startAt: o.now,
    queueMs: 5000,
    jobs,
    debug: o.debug,
    triggeringActor: o.actor,
  };
  run.attempts.push(attempt);
  index(world, run, attempt);
  return attempt;
}
