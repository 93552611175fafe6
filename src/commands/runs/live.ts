import type { JobStepWire, JobWire, WorkflowRunWire } from '../../clients/runs/types.js';
import type { Sink } from '../../io.js';
import type { Style } from '../../output/color.js';
import { terminalSafe } from '../../output/text.js';
import { stateOf } from './columns.js';

function mark(x: { status: string | null; conclusion: string | null }, s: Style): string {
  if (x.status !== 'completed') return s.yellow(x.status === 'in_progress' ? '*' : '-');
  if (x.conclusion === 'success') return s.green('✓');
  if (x.conclusion === 'skipped') return s.dim('-');
  return s.red('X');
}

function took(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to) return '';
  const secs = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  return secs >= 60 ? ` (${Math.floor(secs / 60)}m ${secs % 60}s)` : ` (${secs}s)`;
}

/** The run, its jobs and their steps, one line each, as `watch` shows them on a terminal. */
export function renderRun(run: WorkflowRunWire, jobs: JobWire[], s: Style): string[] {
  // A field the service left null (an event, a title) is shown empty, not the end of the watch.
  const t = (text: string | null | undefined) => terminalSafe(text ?? '');
  const lines = [
    `${mark(run, s)} ${t(run.name ?? 'workflow')} · ${run.id} · ${t(run.display_title)} (${t(run.head_branch ?? '')}, ${t(run.event)}): ${stateOf(run)}`,
  ];
  for (const job of jobs) {
    lines.push(`  ${mark(job, s)} ${t(job.name)}${took(job.started_at, job.completed_at)}`);
    for (const step of job.steps ?? ([] as JobStepWire[]))
      lines.push(`    ${mark(step, s)} ${t(step.name)}${took(step.started_at, step.completed_at)}`);
  }
  return lines;
}

/** A block of lines on a terminal's stderr, redrawn in place. */
export class LiveBlock {
  private drawn = 0;
  constructor(private readonly out: Sink) {}
  draw(lines: string[]): void {
    const up = this.drawn > 0 ? `\u001b[${this.drawn}A` : '';
    this.out.write(`${up}\r\u001b[J${lines.join('\n')}\n`);
    this.drawn = lines.length;
  }
}
