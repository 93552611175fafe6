const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Strips terminal escapes and control characters (keeps newline and tab) from API text. */
export function terminalSafe(s: string): string {
  return s.replace(ANSI, '').replace(CONTROL, '');
}

const DEL_OR_C1 = /[\u007f-\u009f]/;
const DELS_AND_C1S = /[\u007f-\u009f]/g;

/** `text` with DEL and each C1 control written as `written` gives its two hex digits. */
function escapeDelAndC1(text: string, written: (hex: string) => string): string {
  if (!DEL_OR_C1.test(text)) return text;
  return text.replace(DELS_AND_C1S, (c) => written(c.charCodeAt(0).toString(16)));
}

/**
 * JSON text with DEL and the C1 controls written as `\u009b` escapes: JSON allows them raw in a
 * string (C0 it escapes itself), and a terminal may act on them. The same value, read back.
 */
export function jsonSafe(text: string): string {
  return escapeDelAndC1(text, (hex) => `\\u00${hex}`);
}

/**
 * YAML text with DEL and the C1 controls written as `\x9b` escapes: YAML does not allow them raw, and
 * the yaml library writes them raw inside the double quotes it gives every string holding one (ESC it
 * writes as `\e` itself). Only there does a raw one appear, so each becomes an escape in quotes.
 */
export function yamlSafe(text: string): string {
  return escapeDelAndC1(text, (hex) => `\\x${hex}`);
}

const NAMED: Record<string, string> = { '\u001b': '\\e', '\u0007': '\\a', '\r': '\\r', '\b': '\\b' };

/**
 * What `escapeControls` shows escaped: the C0 and C1 controls but tab and newline, DEL, and the
 * bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), with which a name
 * can reorder the line it is shown in on a terminal (Trojan Source, CVE-2021-42574).
 */
const SHOWN_ESCAPED =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Control characters made visible (`\e[31m`, `\a`, `\x9b`, a bidi control as `\u202e`), newline and
 * tab kept: for error messages, and for outside text written to a terminal, where a raw escape could
 * retitle or clear the screen. Nothing is dropped, so the person sees what arrived.
 */
export function escapeControls(s: string): string {
  return s.replace(SHOWN_ESCAPED, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED[c] ??
      (code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`)
    );
  });
}

/** `escapeControls` on one line: a newline too is shown, as `\n` (an error is one line, PRODUCT §4). */
export function escapeLine(s: string): string {
  return escapeControls(s).replace(/\n/g, '\\n');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// East Asian Wide (W) and Fullwidth (F) code points (Unicode 16), which a terminal draws two columns
// wide; emoji shown as emoji are among them. Unassigned code points inside a range count as wide.
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2630, 0x2637],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x268a, 0x268f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f3],
  [0x26f5, 0x26f5],
  [0x26fa, 0x26fa],
  [0x26fd, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x3247],
  [0x3250, 0xa4c6],
  [0xa960, 0xa97c],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6b],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x1b2fb],
  [0x1d300, 0x1d376],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f1ae, 0x1f1ae],
  [0x1f200, 0x1f320],
  [0x1f32d, 0x1f335],
  [0x1f337, 0x1f37c],
  [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca],
  [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0],
  [0x1f3f4, 0x1f3f4],
  [0x1f3f8, 0x1f43e],
  [0x1f440, 0x1f440],
  [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d],
  [0x1f54b, 0x1f54e],
  [0x1f550, 0x1f567],
  [0x1f57a, 0x1f57a],
  [0x1f595, 0x1f596],
  [0x1f5a4, 0x1f5a4],
  [0x1f5fb, 0x1f64f],
  [0x1f680, 0x1f6c5],
  [0x1f6cc, 0x1f6cc],
  [0x1f6d0, 0x1f6d2],
  [0x1f6d5, 0x1f6df],
  [0x1f6eb, 0x1f6ec],
  [0x1f6f4, 0x1f6fc],
  [0x1f7da, 0x1f7f0],
  [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945],
  [0x1f947, 0x1f9ff],
  [0x1fa70, 0x1fafa],
  [0x20000, 0x3fffd],
];

function isWide(cp: number): boolean {
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, z] = WIDE[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > z) lo = mid + 1;
    else return true;
  }
  return false;
}

const ZWJ = 0x200d;
const EMOJI_STYLE = 0xfe0f;
const isRegional = (cp: number) => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const isSkinTone = (cp: number) => cp >= 0x1f3fb && cp <= 0x1f3ff;

// Compiled at the first text that is not plain ASCII: a Unicode property class costs a fraction of a
// millisecond to build, which every command would otherwise pay at start-up.
let zeroWidthClass: RegExp | undefined;
/** Combining marks, and format and control characters: drawn over the character before, or not at all. */
function isZeroWidth(ch: string): boolean {
  zeroWidthClass ??= /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;
  return zeroWidthClass.test(ch);
}

/**
 * The user-perceived characters of a string, for measuring: a letter with its combining marks, an
 * emoji with its modifiers and joined sequence, a flag's pair of regional indicators. (Close enough to
 * Unicode's grapheme clusters for widths; Intl.Segmenter would cost some 25 ms to create.)
 */
function graphemes(s: string): string[] {
  const out: string[] = [];
  let joined = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const last = out.length - 1;
    const extend =
      last >= 0 &&
      (joined ||
        cp === EMOJI_STYLE ||
        isSkinTone(cp) ||
        isZeroWidth(ch) ||
        (isRegional(cp) && out[last]!.length === 2 && isRegional(out[last]!.codePointAt(0)!)));
    if (extend) out[last] += ch;
    else out.push(ch);
    joined = cp === ZWJ;
  }
  return out;
}

/** How many columns one user-perceived character takes: 0, 1 or 2. */
function graphemeWidth(g: string): number {
  const cp = g.codePointAt(0)!;
  if (isZeroWidth(String.fromCodePoint(cp))) return 0;
  if (isWide(cp) || isRegional(cp) || g.includes('\u{fe0f}')) return 2;
  return 1;
}

/**
 * How many columns a string takes on a terminal: escape sequences and control characters count 0,
 * East Asian wide characters and emoji 2, combining marks 0.
 */
export function displayWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s)) return s.length;
  let w = 0;
  for (const g of graphemes(s.replace(ANSI, ''))) w += graphemeWidth(g);
  return w;
}

/** Cuts plain text to at most `width` columns, the last of which is an ellipsis. */
export function cutText(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 1) return width === 1 ? '…' : '';
  if (PRINTABLE_ASCII.test(s)) return `${s.slice(0, width - 1).trimEnd()}…`;
  let out = '';
  let w = 0;
  for (const g of graphemes(s)) {
    const gw = graphemeWidth(g);
    if (w + gw > width - 1) break;
    out += g;
    w += gw;
  }
  return `${out.trimEnd()}…`;
}

/** Plain text broken at spaces into lines of at most `width` columns; a longer word is split. */
export function wrapText(s: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let w = 0;
  for (const word of s.split(' ')) {
    const ww = displayWidth(word);
    if (line !== '' && w + 1 + ww <= width) {
      line += ` ${word}`;
      w += 1 + ww;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    w = 0;
    if (ww <= width) {
      line = word;
      w = ww;
      continue;
    }
    for (const g of graphemes(word)) {
      const gw = graphemeWidth(g);
      if (w + gw > width && line !== '') {
        lines.push(line);
        line = '';
        w = 0;
      }
      line += g;
      w += gw;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * Milliseconds since the epoch of a time in any form an API gives one: RFC 3339 with or without
 * fractions or an offset, `2026-11-25 20:10:35 +00:00`, epoch seconds or milliseconds (a number or
 * digits); NaN for anything else.
 */
export function timeOf(when: Date | number | string): number {
  if (when instanceof Date) return when.getTime();
  const n = typeof when === 'number' ? when : /^\d+(\.\d+)?$/.test(when) ? Number(when) : undefined;
  if (n !== undefined) return n < 1e12 ? n * 1000 : n;
  return new Date(when).getTime();
}

/**
 * A time as UTC RFC 3339 to the second (`2026-11-25T20:10:35Z`), whatever form it came in (see
 * `timeOf`); a date alone (`2026-11-25`) and what is not a time stay as they are.
 */
export function utcTime(when: unknown): string {
  if (when === undefined || when === null || when === '') return '';
  if (typeof when === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(when)) return when;
  if (typeof when !== 'string' && typeof when !== 'number' && !(when instanceof Date)) return String(when);
  const t = timeOf(when);
  return Number.isNaN(t) ? String(when) : `${new Date(t).toISOString().slice(0, 19)}Z`;
}

/** `total runs` from `total_runs`, `totalRuns` or `total-runs`: the words of a header, lower case. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A CSV header from a column's header: its words in lower case joined with `_` (`total_runs`). */
export function csvHeader(header: string): string {
  return words(header).replace(/\s+/g, '_');
}

/** "3 minutes ago", "in 2 hours", from a date and the present time. */
export function relativeTime(
  when: Date | number | string | undefined | null,
  now: number = Date.now(),
): string {
  if (when === undefined || when === null || when === '') return '';
  const t = timeOf(when);
  if (Number.isNaN(t)) return String(when);
  const diff = Math.round((t - now) / 1000);
  const abs = Math.abs(diff);
  const units: Array<[number, string]> = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ];
  let value = abs;
  let unit = 'second';
  for (const [size, name] of units) {
    unit = name;
    if (value < size) break;
    value = Math.floor(value / size);
  }
  if (abs < 5) return 'just now';
  const label = `${value} ${unit}${value === 1 ? '' : 's'}`;
  return diff < 0 ? `${label} ago` : `in ${label}`;
}

/**
 * A number too large (or small) to read in digits, with an exponent and at most three significant
 * digits: `1e+308`, `1.23e+20`.
 */
export function exponential(n: number): string {
  return n.toExponential(2).replace(/\.?0+e/, 'e');
}

const DAY_SECONDS = 86_400;
/** Past this many days a duration is days with an exponent: hours would be digits nobody counts. */
const MOST_DAYS = 10_000;

/** "45s", "3m 7s", "2h 5m": a duration in seconds as people read it; past 10,000 days "1.16e+5d". */
export function humanDuration(secs: number): string {
  if (!Number.isFinite(secs)) return String(secs);
  const s = Math.max(0, Math.round(secs));
  if (s >= MOST_DAYS * DAY_SECONDS) return `${exponential(s / DAY_SECONDS)}d`;
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** The seconds between two times in any form `timeOf` reads; undefined when either is missing or not a time. */
export function secondsBetween(from: unknown, to: unknown): number | undefined {
  if (typeof from !== 'string' && typeof from !== 'number') return undefined;
  if (typeof to !== 'string' && typeof to !== 'number') return undefined;
  const d = (timeOf(to) - timeOf(from)) / 1000;
  return Number.isNaN(d) ? undefined : d;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/**
 * "1.2 MB" from a byte count, up to yottabytes; past 1,000 YB with an exponent ("1e+6 YB"). A value
 * that one decimal would round to 1000 is the next unit's ("1.0 MB", not "1000.0 KB").
 */
export function humanBytes(n: number): string {
  if (!Number.isFinite(n)) return `${n} B`;
  let v = n;
  let i = 0;
  while (v >= 999.95 && i < BYTE_UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  const shown = i === 0 ? String(v) : v >= 999.95 ? exponential(v) : v.toFixed(1);
  return `${shown} ${BYTE_UNITS[i]}`;
}

/** Plain text from an HTML fragment (breach descriptions): tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  const entities: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
    mdash: '—',
    ndash: '–',
    hellip: '…',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    copy: '©',
    reg: '®',
    trade: '™',
    euro: '€',
    pound: '£',
  };
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(
          e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        );
      return entities[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const TEENS = [
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** A count as prose writes it: a word up to twenty (`eleven`), digits above (`21`). */
export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? TEENS[n - 11] ?? String(n);
}

/** `1 point`, `8 points`: a count and its noun, singular for one. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
