const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SS.sssZ` (what `toISOString` writes, and what clients send), or
 * NaN for anything else. Read digit by digit: Date.parse costs several times more, and a bulk send
 * reads one timestamp per event.
 */
export function canonicalTimeMs(v: string): number {
  if (v.length !== 24 || v.charCodeAt(23) !== 90 || v.charCodeAt(10) !== 84 || v.charCodeAt(19) !== 46)
    return Number.NaN;
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58)
    return Number.NaN;
  const y = num(v, 0, 4);
  const mo = num(v, 5, 2);
  const d = num(v, 8, 2);
  const h = num(v, 11, 2);
  const mi = num(v, 14, 2);
  const s = num(v, 17, 2);
  const ms = num(v, 20, 3);
  if (Number.isNaN(y + mo + d + h + mi + s + ms) || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59)
    return Number.NaN;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS[mo - 1]! + (leap ? 1 : 0)) return Number.NaN;
  return Date.UTC(y, mo - 1, d, h, mi, s, ms);
}

function num(v: string, at: number, len: number): number {
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    n = n * 10 + c;
  }
  return n;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * An RFC 3339 date-time (the spec's `format: date-time`), in milliseconds, or NaN. The fields are checked first: Date.parse would
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
