const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The last day read, `YYYY-MM-DD`, and its first millisecond: a bulk send's events mostly share days. */
let lastDay = '';
let lastDayMs = 0;

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SS.sssZ` (what `toISOString` writes, and what exports carry), or
 * NaN for anything else. Read digit by digit, and the day checked and converted once for all the
 * timestamps that share it: Date.parse costs several times more, and a bulk send reads one timestamp
 * per event.
 */
export function canonicalTimeMs(v: string): number {
  return v.length === 24 ? canonicalTimeAt(v, 0) : Number.NaN;
}

/** canonicalTimeMs of the 24 characters of v from `at` (a timestamp inside a line, read in place). */
export function canonicalTimeAt(v: string, at: number): number {
  if (v.charCodeAt(at + 23) !== 90 || v.charCodeAt(at + 10) !== 84 || v.charCodeAt(at + 19) !== 46)
    return Number.NaN;
  if (v.charCodeAt(at + 13) !== 58 || v.charCodeAt(at + 16) !== 58) return Number.NaN;
  const h = two(v, at + 11);
  const mi = two(v, at + 14);
  const s = two(v, at + 17);
  const ms = two(v, at + 20) * 10 + digit(v, at + 22);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || ms < 0) return Number.NaN;
  let day = lastDayMs;
  if (lastDay === '' || !v.startsWith(lastDay, at)) {
    day = dayMs(v, at);
    if (Number.isNaN(day)) return Number.NaN;
    lastDay = v.slice(at, at + 10);
    lastDayMs = day;
  }
  return day + h * 3_600_000 + mi * 60_000 + s * 1000 + ms;
}

/** `YYYY-MM-DD` at v[at] as the milliseconds of its first instant (as Date.UTC reads it), or NaN. */
function dayMs(v: string, at: number): number {
  if (v.charCodeAt(at + 4) !== 45 || v.charCodeAt(at + 7) !== 45) return Number.NaN;
  const y = two(v, at) * 100 + two(v, at + 2);
  const mo = two(v, at + 5);
  const d = two(v, at + 8);
  if (y < 0 || mo < 1 || mo > 12 || d < 1) return Number.NaN;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS[mo - 1]! + (leap ? 1 : 0)) return Number.NaN;
  return Date.UTC(y, mo - 1, d);
}

/** The digit at v[at], or a negative number (far enough below zero that sums stay negative). */
function digit(v: string, at: number): number {
  const c = v.charCodeAt(at) - 48;
  return c >= 0 && c <= 9 ? c : -1e6;
}

function two(v: string, at: number): number {
  return digit(v, at) * 10 + digit(v, at + 1);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO 8601 time with a zone (a space for the T, no seconds, and an offset without a colon are
 * accepted), in milliseconds, or NaN. The fields are checked first: Date.parse would
 * quietly turn 30 February into 2 March.
 */
export function isoTimeMs(v: string): number {
  const fast = canonicalTimeMs(v);
  if (!Number.isNaN(fast)) return fast;
  const m = ISO.exec(v);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]! + (leap ? 1 : 0) || h > 23 || mi > 59 || s > 59)
    return Number.NaN;
  return Date.parse(v.replace(' ', 'T'));
}
