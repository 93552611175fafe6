import { zipSync } from 'fflate';
import type { AttemptRec, JobRec } from './model.js';
import { type JobState, jobState } from './timeline.js';

/** Log lines carry the time they were written: `2026-01-02T03:04:05.0000000Z text`. */
function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
}

/** The lines of one step, spread over its time; a failed or cancelled step ends saying so. */
function stepLines(job: JobRec, state: JobState, index: number, debug: boolean): string[] {
  const plan = job.plan.steps[index]!;
  const s = state.steps[index]!;
  const texts = [...plan.lines];
  if (debug) texts.unshift('##[debug]Step debug logging is enabled');
  if (s.outcome === 'failure') texts.push('##[error]Process completed with exit code 1.');
  if (s.outcome === 'cancelled') texts.push('##[error]The operation was canceled.');
  const span = Math.max(0, s.to - s.from);
  return texts.map((t, i) => `${stamp(s.from + Math.floor((span * i) / Math.max(1, texts.length)))} ${t}`);
}

/** A job's whole log as plain text (downloadJobLogsForWorkflowRun). */
export function jobLog(job: JobRec, attempt: AttemptRec, now: number): string {
  const state = jobState(job, attempt, now);
  const lines: string[] = [];
  job.plan.steps.forEach((_, i) => {
    if (state.steps[i]!.outcome !== 'skipped') lines.push(...stepLines(job, state, i, attempt.debug));
  });
  return `${lines.join('\n')}\n`;
}

/** Names as the archive writes them: no slashes or characters that file systems refuse. */
function safeName(s: string): string {
  return s.replace(/[/\\:*?"<>|]/g, '');
}

/**
 * The log archive of one attempt, as the service builds it: `<n>_<job>.txt` with each job's whole
 * log at the top, and `<job>/<n>_<step>.txt` with each step that ran.
 */
export function logArchive(attempt: AttemptRec, now: number): Buffer {
  const files: Record<string, Uint8Array> = {};
  const mtime = new Date(now);
  attempt.jobs.forEach((job, j) => {
    const state = jobState(job, attempt, now);
    const name = safeName(job.plan.name);
    files[`${j}_${name}.txt`] = Buffer.from(jobLog(job, attempt, now));
    job.plan.steps.forEach((step, i) => {
      if (state.steps[i]!.outcome === 'skipped') return;
      files[`${name}/${i + 1}_${safeName(step.name)}.txt`] = Buffer.from(
        `${stepLines(job, state, i, attempt.debug).join('\n')}\n`,
      );
    });
  });
  return Buffer.from(zipSync(files, { mtime }));
}

/** An artifact's archive from its files. */
export function filesArchive(files: Record<string, string>, at: number): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(files)) entries[name] = Buffer.from(text);
  return Buffer.from(zipSync(entries, { mtime: new Date(at) }));
}
