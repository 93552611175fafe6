import { UsageError } from '../../errors.js';

/** Parses a whole number option, with a range; the message names the flag. */
export function parseInteger(
  flag: string,
  raw: string | undefined,
  o: { min?: number; max?: number } = {},
): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new UsageError(`invalid ${flag} "${raw}"`, 'give a whole number');
  if (o.min !== undefined && n < o.min) throw new UsageError(`${flag} must be at least ${o.min} (got ${n})`);
  if (o.max !== undefined && n > o.max) throw new UsageError(`${flag} must be at most ${o.max} (got ${n})`);
  return n;
}

/**
 * Parses a time as epoch seconds: epoch seconds, an ISO date or time, or a relative time such as
 * `-3h`, `-15m`, `-2d` (in the past) or `+1h` / `1h` (in the future).
 */
export function parseTime(flag: string, raw: string, now: number = Date.now()): number {
  const s = raw.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const rel = /^([+-]?)(\d+(?:\.\d+)?)\s*(s|m|h|d|w)$/i.exec(s);
  if (rel) {
    const unit = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[
      rel[3]!.toLowerCase() as 's' | 'm' | 'h' | 'd' | 'w'
    ];
    const secs = Number(rel[2]) * unit;
    return Math.floor(now / 1000 + (rel[1] === '-' ? -secs : secs));
  }
  const t = Date.parse(s);
  if (!Number.isNaN(t)) return Math.floor(t / 1000);
  throw new UsageError(
    `invalid ${flag} "${raw}"`,
    'give epoch seconds, an ISO time (2026-01-02T15:04:05Z) or a relative time (-3h, 30m)',
  );
}

/** Parses `key=value` pairs; the message names the bad one. */
export function parseKeyValue(flag: string, raw: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new UsageError(`invalid ${flag} "${raw}"`, 'write it as key=value');
  return [raw.slice(0, i), raw.slice(i + 1)];
}
