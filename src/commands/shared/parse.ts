import { UsageError } from '../../errors.js';
import { clockNow } from '../../clock.js';

const QUOTE_MAX = 40;

/**
 * A value as an error quotes it: whole when short, else its first 40 characters and `…`, so that a
 * long argument (a pasted file) never floods the terminal (docs/grammar.md, "Values").
 */
export function quote(raw: string): string {
  const chars = [...raw];
  return `"${chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX).join('')}…` : raw}"`;
}

/**
 * An id or a name as given, trimmed; blank (empty, or spaces only) is exit 2 as `the <what> is blank`,
 * never `invalid … ""`. Every id and name parser starts here; `hint` says what to give and where it is
 * listed.
 */
export function notBlank(what: string, raw: string, hint: string): string {
  const v = raw.trim();
  if (v === '') throw new UsageError(`the ${what} is blank`, hint);
  return v;
}

/**
 * The one parser of integer flags: decimal digits only (`1e2`, `0x10`, `1.0`, ` 5` are refused),
 * with a range; the message names the flag.
 */
export function parseInteger(
  flag: string,
  raw: string | undefined,
  o: { min?: number; max?: number } = {},
): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(raw))
    throw new UsageError(`invalid ${flag} ${quote(raw)}`, 'give a whole number in decimal digits');
  const n = Number(raw);
  if (o.min !== undefined && n < o.min) throw new UsageError(`${flag} must be at least ${o.min} (got ${n})`);
  if (o.max !== undefined && n > o.max) throw new UsageError(`${flag} must be at most ${o.max} (got ${n})`);
  return n;
}

const UNIT = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 } as const;
/**
 * RFC 3339 and the forms the services print: a space for the `T` (`2026-11-28 06:53:38`), a space before
 * the offset (dataapi's `2026-11-28 06:53:38 +00:00`), any number of fraction digits (secrets' nine), an
 * offset with or without its colon, no seconds (breach's `2026-11-28T06:53Z`).
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:([Zz])|\s?([+-])(\d{2}):?(\d{2}))?)?$/;

/** Epoch seconds of an ISO match, or undefined when a part does not exist (no 30 February, no hour 25). */
function isoEpoch(m: RegExpExecArray): number | undefined {
  const [y, mo, d, h = 0, mi = 0, s = 0, , , oh = 0, om = 0] = m
    .slice(1)
    .map((p) => (p === undefined || !/^\d+$/.test(p) ? undefined : Number(p)));
  if (mo! < 1 || mo! > 12 || d! < 1) return undefined;
  const days = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  if (!(d! <= days && h! <= 23 && mi! <= 59 && s! <= 59 && oh! <= 23 && om! <= 59)) return undefined;
  const offset = (m[8] === '-' ? -1 : 1) * (oh! * 60 + om!) * 60;
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) / 1000 - offset;
}

/**
 * The one time parser (docs/grammar.md, "Values"): RFC 3339, a date (midnight UTC), epoch seconds,
 * `now`, or a time relative to now (`-3h`, `-2d` in the past; `+1h` or `1h` in the future). A date or
 * time that does not exist (`2025-02-30`, `T25:00`) is refused, never rolled over. Epoch seconds out.
 */
export function parseTime(flag: string, raw: string, now: number = clockNow()): number {
  const s = raw.trim();
  if (/^\d{1,12}$/.test(s)) return Number(s);
  if (s.toLowerCase() === 'now') return Math.floor(now / 1000);
  const rel = /^([+-]?)(.+)$/.exec(s)!;
  const secs = durationSeconds(rel[2]!);
  if (secs !== undefined)
    return notBeforeEpoch(flag, raw, Math.floor(now / 1000 + (rel[1] === '-' ? -secs : secs)));
  const iso = ISO.exec(s);
  if (iso) {
    const t = isoEpoch(iso);
    if (t === undefined)
      throw new UsageError(
        `invalid ${flag} ${quote(raw)}: no such date or time`,
        'give a day and time that exist',
      );
    return notBeforeEpoch(flag, raw, t);
  }
  throw new UsageError(
    `invalid ${flag} ${quote(raw)}`,
    'give an RFC 3339 time (2026-01-02T15:04:05Z), a date (2026-01-02), epoch seconds, or a relative time (-3h, +2d, now)',
  );
}

/** Seconds of `90s`, `60m`, `1.5h`, `2d`, `1w`, or of several such parts (`1h30m`, Go's form); else undefined. */
function durationSeconds(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d{1,9}(?:\.\d{1,6})?)\s*([smhdw])/gi)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== text) return undefined;
  return parts.reduce((n, m) => n + Number(m[1]) * UNIT[m[2]!.toLowerCase() as keyof typeof UNIT], 0);
}

/**
 * The one duration parser (`--cache 1h`, and the relative times of parseTime): a number and a unit
 * (`s`, `m`, `h`, `d`, `w`), or several (`1h30m`), greater than 0; seconds out.
 */
export function parseDuration(flag: string, raw: string): number {
  const secs = durationSeconds(raw.trim());
  if (secs === undefined || !(secs > 0))
    throw new UsageError(`invalid ${flag} ${quote(raw)}`, 'give a duration such as 3600s, 60m, 1h or 1h30m');
  return secs;
}

/** Epoch seconds as UTC RFC 3339 to the second, as errors and the APIs' query strings write them. */
export const isoSeconds = (s: number): string => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

/** The two ends of a time window, epoch seconds; either may be absent. */
export interface TimeWindow {
  since: number | undefined;
  until: number | undefined;
}

/**
 * The one reading of a time window (`--since`/`--until`, `--<field>-since`/`--<field>-until`): each end by
 * `parseTime`, and an end before its start is exit 2 before any request, in every verb (docs/grammar.md,
 * "Values"). The ends are compared as times, before a verb cuts them to days or to the API's format.
 */
export function parseTimeWindow(
  raw: { since?: string | undefined; until?: string | undefined },
  now: number = clockNow(),
  flags: { since: string; until: string } = { since: '--since', until: '--until' },
): TimeWindow {
  const since = raw.since === undefined ? undefined : parseTime(flags.since, raw.since, now);
  const until = raw.until === undefined ? undefined : parseTime(flags.until, raw.until, now);
  if (since !== undefined && until !== undefined && until < since)
    throw new UsageError(
      `${flags.until} ${quote(raw.until!)} is before ${flags.since} ${quote(raw.since!)}`,
      `got ${flags.since} ${isoSeconds(since)} and ${flags.until} ${isoSeconds(until)}: give the earlier time to ${flags.since}`,
    );
  return { since, until };
}

/** No service here keeps anything from before 1970, and epoch seconds cannot say it: refused, not sent. */
function notBeforeEpoch(flag: string, raw: string, seconds: number): number {
  if (seconds < 0)
    throw new UsageError(
      `invalid ${flag} ${quote(raw)}: before 1970-01-01T00:00:00Z`,
      'give a time after the Unix epoch',
    );
  return seconds;
}

/** Parses `key=value` pairs; the message names the bad one. */
export function parseKeyValue(flag: string, raw: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new UsageError(`invalid ${flag} ${quote(raw)}`, 'write it as key=value');
  return [raw.slice(0, i), raw.slice(i + 1)];
}
