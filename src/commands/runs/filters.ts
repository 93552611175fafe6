import { UsageError } from '../../errors.js';
import { isoSeconds, parseTimeWindow } from '../shared/parse.js';
import { clockNow } from '../../clock.js';

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

/**
 * `--since`/`--until` as the service's `created` qualifier: `>=A`, `<=B` or `A..B`, each time read by
 * the one time parser (a date, RFC 3339 or relative).
 */
export function createdWindow(
  since: string | undefined,
  until: string | undefined,
  now = clockNow(),
): string | undefined {
  const { since: a, until: b } = parseTimeWindow({ since, until }, now);
  if (a !== undefined && b !== undefined) return `${isoSeconds(a)}..${isoSeconds(b)}`;
  if (a !== undefined) return `>=${isoSeconds(a)}`;
  if (b !== undefined) return `<=${isoSeconds(b)}`;
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
