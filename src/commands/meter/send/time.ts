const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const DAY_MS = 86_400_000;

/**
 * The last day read (its ten bytes, `YYYY-MM-DD`, as three numbers) and its number (days since
 * 1970): a bulk send's events mostly share days.
 */
let lastDay0 = -1;
let lastDay1 = -1;
let lastDay2 = -1;
let lastDay = 0;

/** Room for the UTF-8 bytes of a 24-character string. */
const scratch = Buffer.alloc(24);

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SS.sssZ` (what `toISOString` writes, and what exports carry), or
 * NaN for anything else. Read digit by digit, and the day checked and converted once for all the
 * timestamps that share it: Date.parse costs several times more, and a bulk send reads one timestamp
 * per event.
 */
export function canonicalTimeMs(v: string): number {
  // Written as UTF-8, a character beyond ASCII is bytes that no position of the form accepts.
  if (v.length !== 24 || scratch.write(v, 0, 24, 'utf8') !== 24) return Number.NaN;
  const into = timeOfDayAt(scratch, 0);
  return into < 0 ? Number.NaN : dayOfLastTime() * DAY_MS + into;
}

/**
 * The canonical time in the 24 bytes of v from `at` (a timestamp inside a line, read in place), as the
 * milliseconds into its day, or -1; `dayOfLastTime()` then gives the day. Two small integers rather
 * than the time itself: a bulk read then makes no number object a timestamp.
 */
export function timeOfDayAt(v: Uint8Array, at: number): number {
  if (v[at + 23] !== 90 || v[at + 10] !== 84 || v[at + 19] !== 46) return -1;
  if (v[at + 13] !== 58 || v[at + 16] !== 58) return -1;
  const h = two(v, at + 11);
  const mi = two(v, at + 14);
  const s = two(v, at + 17);
  const ms = two(v, at + 20) * 10 + digit(v, at + 22);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || ms < 0) return -1;
  const d0 = v[at]! | (v[at + 1]! << 8) | (v[at + 2]! << 16) | (v[at + 3]! << 24);
  const d1 = v[at + 4]! | (v[at + 5]! << 8) | (v[at + 6]! << 16) | (v[at + 7]! << 24);
  const d2 = v[at + 8]! | (v[at + 9]! << 8);
  if (d0 !== lastDay0 || d1 !== lastDay1 || d2 !== lastDay2) {
    const day = dayMs(v, at);
    if (Number.isNaN(day)) return -1;
    lastDay0 = d0;
    lastDay1 = d1;
    lastDay2 = d2;
    lastDay = day / DAY_MS;
  }
  return h * 3_600_000 + mi * 60_000 + s * 1000 + ms;
}

/** The day (days since 1970-01-01) of the time timeOfDayAt read last. */
export function dayOfLastTime(): number {
  return lastDay;
}

/** `YYYY-MM-DD` at v[at] as the milliseconds of its first instant (as Date.UTC reads it), or NaN. */
function dayMs(v: Uint8Array, at: number): number {
  if (v[at + 4] !== 45 || v[at + 7] !== 45) return Number.NaN;
  const y = two(v, at) * 100 + two(v, at + 2);
  const mo = two(v, at + 5);
  const d = two(v, at + 8);
  if (y < 0 || mo < 1 || mo > 12 || d < 1) return Number.NaN;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS[mo - 1]! + (leap ? 1 : 0)) return Number.NaN;
  return Date.UTC(y, mo - 1, d);
}

/** The digit at v[at], or a negative number (far enough below zero that sums stay negative). */
function digit(v: Uint8Array, at: number): number {
  const c = v[at]! - 48;
  return c >= 0 && c <= 9 ? c : -1e6;
}

function two(v: Uint8Array, at: number): number {
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
