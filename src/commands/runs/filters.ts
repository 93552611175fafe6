import { UsageError } from '../../errors.js';
import { parseTime } from '../shared/parse.js';

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

const iso = (epoch: number) => new Date(epoch * 1000).toISOString().replace('.000Z', 'Z');

/**
 * `--since`/`--until` as the service's `created` qualifier: `>=A`, `<=B` or `A..B`, each time read by
 * the one time parser (a date, RFC 3339 or relative).
 */
export function createdWindow(
  since: string | undefined,
  until: string | undefined,
  now = Date.now(),
): string | undefined {
  const a = since === undefined ? undefined : parseTime('--since', since, now);
  const b = until === undefined ? undefined : parseTime('--until', until, now);
  if (a !== undefined && b !== undefined) {
    if (b < a)
      throw new UsageError('--until is before --since', `got --since ${iso(a)} and --until ${iso(b)}`);
    return `${iso(a)}..${iso(b)}`;
  }
  if (a !== undefined) return `>=${iso(a)}`;
  if (b !== undefined) return `<=${iso(b)}`;
  return undefined;
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
