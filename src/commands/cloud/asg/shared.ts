import type {
  AsgType,
  AutoScalingGroupDetailsWire,
  CreateAutoScalingGroupWire,
} from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import type { Printer } from '../../../output/printer.js';
import { isoSeconds, parseInteger, parseTimeWindow } from '../../shared/parse.js';
import { GROUP_FIELDS } from '../columns.js';
import { parseRef } from '../names.js';
import { clockNow } from '../../../clock.js';

export const ASG_LIST = 'ops cloud asg list';

/** A group id or unique reference, checked before any request; `resolveGroup` gives the id. */
export function asgId(raw: string): string {
  return parseRef('auto scaling group', raw, ASG_LIST);
}

/** The sizing flags, as given. */
export interface SizingFlags {
  desired?: string;
  min?: string;
  max?: string;
  cpuThreshold?: string;
  warmup?: string;
  cooldown?: string;
  startsAt?: string;
  endsAt?: string;
}

type Sizing = Omit<CreateAutoScalingGroupWire, 'type' | 'reference' | 'instanceId'>;

/** Each flag, its body field, and the group types it belongs to (seed 002 C, create body). */
const FIELDS: Array<{ flag: string; key: keyof SizingFlags; field: keyof Sizing; types: AsgType[] }> = [
  { flag: '--desired', key: 'desired', field: 'desiredAmount', types: ['MANUAL', 'SCHEDULED'] },
  { flag: '--min', key: 'min', field: 'minimumAmount', types: ['CPU_BASED'] },
  { flag: '--max', key: 'max', field: 'maximumAmount', types: ['CPU_BASED'] },
  { flag: '--cpu-threshold', key: 'cpuThreshold', field: 'cpuThreshold', types: ['CPU_BASED'] },
  { flag: '--warmup', key: 'warmup', field: 'warmupTime', types: ['CPU_BASED'] },
  { flag: '--cooldown', key: 'cooldown', field: 'cooldownTime', types: ['CPU_BASED'] },
  { flag: '--starts-at', key: 'startsAt', field: 'startsAt', types: ['SCHEDULED'] },
  { flag: '--ends-at', key: 'endsAt', field: 'endsAt', types: ['SCHEDULED'] },
];

/** The seed's Limits table. */
const RANGES: Partial<Record<keyof SizingFlags, { min: number; max?: number }>> = {
  desired: { min: 1 },
  min: { min: 1 },
  max: { min: 1 },
  cpuThreshold: { min: 1, max: 100 },
  warmup: { min: 60, max: 900 },
  cooldown: { min: 300, max: 900 },
};

/**
 * Reads the sizing flags into body fields, every range checked; `startsAt`/`endsAt` become UTC
 * date-times, the start before the end and the end in the future.
 */
export function parseSizing(o: SizingFlags, now = clockNow()): Sizing {
  const body: Sizing = {};
  // The schedule is a time window: one reading, an end before its start refused (parseTimeWindow).
  const schedule = parseTimeWindow({ since: o.startsAt, until: o.endsAt }, now, {
    since: '--starts-at',
    until: '--ends-at',
  });
  for (const f of FIELDS) {
    const raw = o[f.key];
    if (raw === undefined) continue;
    if (f.key === 'startsAt' || f.key === 'endsAt') {
      (body as Record<string, unknown>)[f.field] = isoSeconds(
        schedule[f.key === 'startsAt' ? 'since' : 'until']!,
      );
      continue;
    }
    (body as Record<string, unknown>)[f.field] = parseInteger(f.flag, raw, RANGES[f.key]);
  }
  if (
    body.minimumAmount !== undefined &&
    body.maximumAmount !== undefined &&
    body.minimumAmount > body.maximumAmount
  )
    throw new UsageError(
      `--min ${body.minimumAmount} is above --max ${body.maximumAmount}`,
      'give a --max of at least --min',
    );
  if (
    body.startsAt !== undefined &&
    body.endsAt !== undefined &&
    Date.parse(body.startsAt) >= Date.parse(body.endsAt)
  )
    throw new UsageError('--ends-at must be later than --starts-at', `got ${body.startsAt} → ${body.endsAt}`);
  if (body.endsAt !== undefined && Date.parse(body.endsAt) <= now)
    throw new UsageError(
      `--ends-at ${body.endsAt} is in the past`,
      'give a later time, or a duration such as +2d',
    );
  return body;
}

/** Flags of another group type are refused, naming the type they belong to. */
export function checkSizingFor(type: AsgType, body: Sizing): void {
  for (const f of FIELDS)
    if (body[f.field] !== undefined && !f.types.includes(type))
      throw new UsageError(
        `${f.flag} does not apply to a ${type} group`,
        `it is for ${f.types.join(' and ')} groups`,
      );
}

/** What each type requires at creation (seed: desiredAmount for MANUAL and SCHEDULED, …). */
export function checkRequiredFor(type: AsgType, body: Sizing): void {
  const need: Record<AsgType, Array<[keyof Sizing, string]>> = {
    MANUAL: [['desiredAmount', '--desired']],
    SCHEDULED: [
      ['desiredAmount', '--desired'],
      ['startsAt', '--starts-at'],
      ['endsAt', '--ends-at'],
    ],
    CPU_BASED: [
      ['minimumAmount', '--min'],
      ['maximumAmount', '--max'],
    ],
  };
  const missing = need[type].filter(([f]) => body[f] === undefined).map(([, flag]) => flag);
  if (missing.length)
    throw new UsageError(`a ${type} group needs ${missing.join(', ')}`, 'see `ops cloud asg create --help`');
}

export function printGroup(printer: Printer, g: AutoScalingGroupDetailsWire): Promise<void> {
  return printer.print(g, { columns: GROUP_FIELDS });
}
