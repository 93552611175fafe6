import type { AttemptRec, JobRec, RunRec } from './model.js';

/**
 * Run, job and step states follow from their planned times and the sandbox clock, so that tests move
 * runs from queued to in_progress to completed by advancing the clock: nothing ticks in the background.
 */

export type Outcome = 'success' | 'failure' | 'skipped' | 'cancelled';

export interface StepState {
  name: string;
  number: number;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: Outcome | null;
  startedAt: number | undefined;
  completedAt: number | undefined;
  /** Planned interval and outcome, whatever the time now (logs are written from these). */
  from: number;
  to: number;
  outcome: Outcome;
}

export interface JobState {
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: Outcome | null;
  startedAt: number;
  completedAt: number | undefined;
  steps: StepState[];
  /** When it ends as planned. */
  end: number;
}

export interface RunState {
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: 'success' | 'failure' | 'cancelled' | 'action_required' | null;
  startedAt: number;
  updatedAt: number;
  jobs: JobState[];
}

export function jobState(job: JobRec, attempt: AttemptRec, now: number): JobState {
  const start = job.startAt ?? attempt.startAt + attempt.queueMs;
  const cut = attempt.cancelledAt;
  const steps: StepState[] = [];
  let t = start;
  let stop: Outcome | undefined;
  job.plan.steps.forEach((plan, i) => {
    let from = t;
    let to = t + plan.seconds * 1000;
    let outcome: Outcome = i === job.failStep ? 'failure' : 'success';
    if (stop) {
      to = from;
      outcome = 'skipped';
    } else if (cut !== undefined && job.startAt === undefined && cut < to) {
      if (cut <= from) {
        from = Math.max(cut, start);
        to = from;
        outcome = 'skipped';
      } else {
        to = cut;
        outcome = 'cancelled';
      }
      stop = 'cancelled';
    } else if (outcome === 'failure') stop = 'failure';
    t = to;
    const status = now < from ? 'queued' : now < to ? 'in_progress' : 'completed';
    steps.push({
      name: plan.name,
      number: i + 1,
      status,
      conclusion: status === 'completed' ? outcome : null,
      startedAt: status === 'queued' ? undefined : from,
      completedAt: status === 'completed' ? to : undefined,
      from,
      to,
      outcome,
    });
  });
  const end = t;
  const cancelledBeforeStart = cut !== undefined && job.startAt === undefined && cut <= start;
  const status = now < start && !cancelledBeforeStart ? 'queued' : now < end ? 'in_progress' : 'completed';
  const outcome: Outcome =
    steps.some((s) => s.outcome === 'cancelled') || cancelledBeforeStart
      ? 'cancelled'
      : steps.some((s) => s.outcome === 'failure')
        ? 'failure'
        : 'success';
  return {
    status,
    conclusion: status === 'completed' ? outcome : null,
    startedAt: Math.min(start, end),
    completedAt: status === 'completed' ? end : undefined,
    steps,
    end,
  };
}

export function currentAttempt(run: RunRec): AttemptRec {
  return run.attempts[run.attempts.length - 1]!;
}

export function runState(run: RunRec, now: number, attempt: AttemptRec = currentAttempt(run)): RunState {
  if (run.awaitingApproval)
    return {
      status: 'completed',
      conclusion: 'action_required',
      startedAt: run.createdAt,
      updatedAt: run.createdAt,
      jobs: [],
    };
  const jobs = attempt.jobs.map((j) => jobState(j, attempt, now));
  const done = jobs.every((j) => j.status === 'completed');
  const queued = now < attempt.startAt + attempt.queueMs && attempt.cancelledAt === undefined;
  let conclusion: RunState['conclusion'] = null;
  if (done)
    conclusion = jobs.some((j) => j.conclusion === 'cancelled')
      ? 'cancelled'
      : jobs.some((j) => j.conclusion === 'failure')
        ? 'failure'
        : 'success';
  const marks = [attempt.startAt, ...jobs.flatMap((j) => [j.startedAt, j.end])].filter((m) => m <= now);
  return {
    status: done ? 'completed' : queued ? 'queued' : 'in_progress',
    conclusion,
    startedAt: attempt.startAt,
    updatedAt: Math.max(run.createdAt, ...marks),
    jobs,
  };
}
