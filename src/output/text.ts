const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Strips terminal escapes and control characters (keeps newline and tab) from API text. */
export function terminalSafe(s: string): string {
  return s.replace(ANSI, '').replace(CONTROL, '');
}

const NAMED: Record<string, string> = { '\u001b': '\\e', '\u0007': '\\a', '\r': '\\r', '\b': '\\b' };

/**
 * Control characters made visible (`\e[31m`, `\a`, `\x9b`), newline and tab kept: for error messages,
 * and for outside text written to a terminal, where a raw escape could retitle or clear the screen.
 * Nothing is dropped, so the person sees what arrived.
 */
export function escapeControls(s: string): string {
  return s.replace(CONTROL, (c) => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Cuts a cell to `width` characters with an ellipsis. */
export function truncate(s: string, width: number): string {
  if (width <= 0 || s.length <= width) return s;
  return width <= 1 ? s.slice(0, width) : `${s.slice(0, width - 1)}…`;
}

/** "3 minutes ago", "in 2 hours", from a date and the present time. */
export function relativeTime(
  when: Date | number | string | undefined | null,
  now: number = Date.now(),
): string {
  if (when === undefined || when === null || when === '') return '';
  const t = typeof when === 'number' ? (when < 1e12 ? when * 1000 : when) : new Date(when).getTime();
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

/** "1.2 MB" from a byte count. */
export function humanBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
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
