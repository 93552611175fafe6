import type {
  ActionsCacheWire,
  ActionsSecretWire,
  ActionsVariableWire,
  ArtifactWire,
  AuthenticationTokenWire,
  JobWire,
  RepositoryBaseWire,
  RunnerApplicationWire,
  RunnerLabelWire,
  RunnerWire,
  WorkflowRunWire,
  WorkflowWire,
} from '../../clients/runs/types.js';
import type { Style } from '../../output/color.js';
import type { Column } from '../../output/printer.js';
import { humanDuration, secondsBetween } from '../../output/text.js';

/** How long a run or job took, once it has ended ("3m 7s"); empty before. */
function took(x: { status: string | null }, from: unknown, to: unknown): string | undefined {
  const secs = x.status === 'completed' ? secondsBetween(from, to) : undefined;
  return secs === undefined ? undefined : humanDuration(secs);
}

/** `success`, `failure`… once completed; `queued`, `in_progress` before. */
export function stateOf(x: { status: string | null; conclusion: string | null }): string {
  return x.status === 'completed' ? (x.conclusion ?? 'completed') : (x.status ?? 'unknown');
}

function stateColor(v: unknown, s: Style) {
  if (v === 'success') return s.green;
  if (v === 'failure' || v === 'timed_out' || v === 'startup_failure') return s.red;
  return s.yellow;
}

export const RUN_COLUMNS: Column<WorkflowRunWire>[] = [
  { header: 'state', get: stateOf, color: stateColor },
  { header: 'title', get: (r) => r.display_title, kind: 'text' },
  { header: 'workflow', get: (r) => r.name, kind: 'text', priority: 2 },
  { header: 'branch', get: (r) => r.head_branch, kind: 'text', priority: 2 },
  { header: 'event', get: (r) => r.event, priority: 3 },
  { header: 'id', get: (r) => r.id },
  { header: 'attempt', get: (r) => r.run_attempt, priority: 3 },
  { header: 'created', get: (r) => r.created_at, format: 'relative' },
];

/** One run, key / value. */
export const RUN_FIELDS: Column<WorkflowRunWire>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'workflow', get: (r) => r.name, kind: 'text' },
  { header: 'title', get: (r) => r.display_title, kind: 'text' },
  { header: 'number', get: (r) => r.run_number },
  { header: 'attempt', get: (r) => r.run_attempt },
  { header: 'status', get: (r) => r.status },
  { header: 'conclusion', get: (r) => r.conclusion, color: stateColor },
  { header: 'event', get: (r) => r.event },
  { header: 'branch', get: (r) => r.head_branch },
  { header: 'commit', get: (r) => r.head_sha },
  { header: 'actor', get: (r) => r.actor?.login },
  { header: 'created', get: (r) => r.created_at, format: 'relative' },
  { header: 'updated', get: (r) => r.updated_at, format: 'relative' },
  { header: 'duration', get: (r) => took(r, r.run_started_at ?? r.created_at, r.updated_at) },
  { header: 'url', get: (r) => r.html_url },
];

export const JOB_COLUMNS: Column<JobWire>[] = [
  { header: 'state', get: stateOf, color: stateColor },
  { header: 'name', get: (j) => j.name, kind: 'text' },
  { header: 'id', get: (j) => j.id },
  { header: 'attempt', get: (j) => j.run_attempt, priority: 3 },
  { header: 'runner', get: (j) => j.runner_name, kind: 'text', priority: 3 },
  { header: 'started', get: (j) => j.started_at, format: 'relative' },
  { header: 'completed', get: (j) => j.completed_at, format: 'relative', priority: 2 },
  { header: 'duration', get: (j) => took(j, j.started_at, j.completed_at) },
];

/** One job, key / value. */
export const JOB_FIELDS: Column<JobWire>[] = [
  { header: 'id', get: (j) => j.id },
  { header: 'name', get: (j) => j.name, kind: 'text' },
  { header: 'run', get: (j) => j.run_id },
  { header: 'attempt', get: (j) => j.run_attempt },
  { header: 'state', get: stateOf, color: stateColor },
  { header: 'workflow', get: (j) => j.workflow_name, kind: 'text' },
  { header: 'branch', get: (j) => j.head_branch },
  { header: 'runner', get: (j) => j.runner_name, kind: 'text' },
  { header: 'labels', get: (j) => j.labels?.join(', '), kind: 'text' },
  { header: 'started', get: (j) => j.started_at, format: 'relative' },
  { header: 'completed', get: (j) => j.completed_at, format: 'relative' },
  { header: 'duration', get: (j) => took(j, j.started_at, j.completed_at) },
  { header: 'url', get: (j) => j.html_url },
];

export const WORKFLOW_COLUMNS: Column<WorkflowWire>[] = [
  { header: 'name', get: (w) => w.name, kind: 'text' },
  { header: 'state', get: (w) => w.state, color: (v, s) => (v === 'active' ? s.green : s.yellow) },
  { header: 'id', get: (w) => w.id },
  { header: 'path', get: (w) => w.path, priority: 2 },
];

export const ARTIFACT_COLUMNS: Column<ArtifactWire>[] = [
  { header: 'id', get: (a) => a.id },
  { header: 'name', get: (a) => a.name },
  { header: 'size', get: (a) => a.size_in_bytes, format: 'bytes' },
  { header: 'expired', get: (a) => a.expired, priority: 3 },
  { header: 'created', get: (a) => a.created_at, format: 'relative' },
  { header: 'expires', get: (a) => a.expires_at, format: 'relative', priority: 2 },
];

export const CACHE_COLUMNS: Column<ActionsCacheWire>[] = [
  { header: 'id', get: (c) => c.id },
  { header: 'key', get: (c) => c.key, kind: 'text' },
  { header: 'ref', get: (c) => c.ref, priority: 2 },
  { header: 'size', get: (c) => c.size_in_bytes, format: 'bytes' },
  { header: 'created', get: (c) => c.created_at, format: 'relative', priority: 3 },
  { header: 'last used', get: (c) => c.last_accessed_at, format: 'relative', priority: 2 },
];

export const SECRET_COLUMNS: Column<ActionsSecretWire>[] = [
  { header: 'name', get: (s) => s.name },
  { header: 'updated', get: (s) => s.updated_at, format: 'relative' },
  { header: 'visibility', get: (s) => s.visibility },
];

export const VARIABLE_COLUMNS: Column<ActionsVariableWire>[] = [
  { header: 'name', get: (v) => v.name },
  { header: 'value', get: (v) => v.value, kind: 'text' },
  { header: 'updated', get: (v) => v.updated_at, format: 'relative' },
  { header: 'visibility', get: (v) => v.visibility, priority: 2 },
];

export const REPOSITORY_COLUMNS: Column<RepositoryBaseWire>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'name', get: (r) => r.full_name },
  { header: 'private', get: (r) => r.private },
];

export const RUNNER_COLUMNS: Column<RunnerWire>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'name', get: (r) => r.name, kind: 'text' },
  { header: 'os', get: (r) => r.os, priority: 2 },
  { header: 'status', get: (r) => r.status, color: (v, s) => (v === 'online' ? s.green : s.yellow) },
  { header: 'busy', get: (r) => r.busy, priority: 2 },
  { header: 'labels', get: (r) => r.labels.map((l) => l.name).join(', '), kind: 'text', priority: 3 },
];

export const LABEL_COLUMNS: Column<RunnerLabelWire>[] = [
  { header: 'name', get: (l) => l.name },
  { header: 'type', get: (l) => l.type },
  { header: 'id', get: (l) => l.id },
];

/** The token is what the command is for: shown, not masked. */
export const TOKEN_COLUMNS: Column<AuthenticationTokenWire>[] = [
  { header: 'token', get: (t) => t.token },
  { header: 'expires', get: (t) => t.expires_at, format: 'relative' },
];

export const DOWNLOAD_COLUMNS: Column<RunnerApplicationWire>[] = [
  { header: 'os', get: (d) => d.os },
  { header: 'architecture', get: (d) => d.architecture },
  { header: 'filename', get: (d) => d.filename },
  { header: 'url', get: (d) => d.download_url, kind: 'text', priority: 3 },
];
