import { UsageError } from '../../errors.js';

/** Values of the `status` filter of run lists: states and conclusions. */
export const RUN_STATUS_VALUES = [
  'queued',
  'in_progress',
  'completed',
  'requested',
  'waiting',
  'pending',
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'skipped',
  'stale',
  'success',
  'timed_out',
] as const;

const DATE = String.raw`\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const CREATED = new RegExp(String.raw`^(?:(?:>=|<=|>|<)?${DATE}|(?:${DATE}|\*)\.\.(?:${DATE}|\*))$`);

/** `--created` in the service's search syntax: a date or time, with `>`, `>=`, `<`, `<=`, or a range `a..b`. */
export function parseCreated(raw: string): string {
  const s = raw.trim();
  const dates = s.match(new RegExp(DATE, 'g')) ?? [];
  if (
    !CREATED.test(s) ||
    dates.some((d) =>
      Number.isNaN(Date.parse(/T/.test(d) && !/[Z+-]\d*:?\d*$/.test(d.slice(10)) ? `${d}Z` : d)),
    )
  )
    throw new UsageError(
      `invalid --created "${raw}"`,
      'give a date or time (2026-01-31, 2026-01-31T12:00:00Z), with >, >=, <, <= before it, or a range such as 2026-01-01..2026-01-31',
    );
  return s;
}

export function parseStatus(raw: string): string {
  if (!(RUN_STATUS_VALUES as readonly string[]).includes(raw))
    throw new UsageError(`invalid --status "${raw}"`, `give one of ${RUN_STATUS_VALUES.join(', ')}`);
  return raw;
}

export function parseSha(raw: string): string {
  if (!/^[0-9a-f]{40}$/i.test(raw))
    throw new UsageError(`invalid --head-sha "${raw}"`, 'give the full 40-character commit SHA');
  return raw.toLowerCase();
}

export function parseEvent(raw: string): string {
  if (!/^[a-z_]+$/.test(raw))
    throw new UsageError(
      `invalid --event "${raw}"`,
      'give an event name such as push, pull_request, schedule or workflow_dispatch',
    );
  return raw;
}
