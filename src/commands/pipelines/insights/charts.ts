import { type Bar, barChart, formatNumber, sparkline } from '../../../output/chart.js';

/**
 * The insights drawings, as lines fitted to a width. They use the shared chart module (sparklines and
 * bars drawn there, line charts by asciichart); only the layout is here.
 */

/** A trend as people read it: "▲ 8.0%", "▼ 5.1%", "= 0.0%". */
export function trendText(t: number | undefined): string {
  if (t === undefined || !Number.isFinite(t)) return '';
  const pct = `${Math.abs(t * 100).toFixed(1)}%`;
  return t > 0 ? `▲ ${pct}` : t < 0 ? `▼ ${pct}` : `= ${pct}`;
}

/** Label, value and trend, in aligned columns. */
export function metricLines(rows: ReadonlyArray<[string, string, number | undefined]>): string[] {
  const lw = Math.max(...rows.map((r) => r[0].length));
  const vw = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([label, value, trend]) =>
    `  ${label.padEnd(lw)}  ${value.padStart(vw)}  ${trendText(trend)}`.trimEnd(),
  );
}

/** A titled bar chart, or nothing when there is nothing to draw. */
export function barSection(title: string, bars: readonly Bar[], width: number): string[] {
  return bars.length ? ['', title, ...barChart(bars, width)] : [];
}

/**
 * Titled sparklines, one a row, over the same times: label, the line, then the smallest and largest
 * value (so the drawing can be read back).
 */
export function sparkSection(
  title: string,
  rows: ReadonlyArray<{
    label: string;
    values: ReadonlyArray<number | null>;
    format?: (n: number) => string;
  }>,
  width: number,
): string[] {
  if (rows.length === 0) return [];
  const lw = Math.min(Math.max(...rows.map((r) => r.label.length)), Math.floor(width / 3));
  const ranges = rows.map((r) => {
    const nums = r.values.filter((v): v is number => typeof v === 'number');
    const f = r.format ?? formatNumber;
    return nums.length ? `${f(Math.min(...nums))}–${f(Math.max(...nums))}` : '';
  });
  const rw = Math.max(...ranges.map((s) => s.length));
  const sw = Math.max(4, width - lw - rw - 4);
  return [
    '',
    title,
    ...rows.map((r, i) => {
      const label = r.label.length > lw ? `${r.label.slice(0, lw - 1)}…` : r.label.padEnd(lw);
      return `${label}  ${sparkline(r.values, sw).padEnd(Math.min(sw, r.values.length))}  ${ranges[i]}`.trimEnd();
    }),
  ];
}

const STATUS: Record<string, string> = {
  success: '●',
  failed: '✗',
  error: '✗',
  canceled: '○',
  unauthorized: '!',
};

/** One mark a run, oldest first, the newest that fit the width: ● success, ✗ failed, ○ canceled. */
export function statusStrip(statuses: readonly string[], width: number): string {
  return statuses
    .slice(-Math.max(1, width))
    .map((s) => STATUS[s] ?? '?')
    .join('');
}
