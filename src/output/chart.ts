/**
 * Terminal charts for series people would rather see than read (pipeline insights, cloud metrics):
 * sparklines and horizontal bars drawn here (a few lines each, width-aware, no colour needed), and
 * multi-row line charts by asciichart, a small dependency-free library loaded only when a line chart
 * is drawn. Charts are for a terminal; the numbers stay available unchanged with -o json|csv.
 */

import { namedExports } from '../lazy.js';
import { exponential } from './text.js';

const TICKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/**
 * Averages `values` into at most `width` buckets, keeping their order. NaN is a gap (no data): a
 * bucket averages the values it has, and is a gap only when it has none.
 */
export function resample(values: readonly number[], width: number): number[] {
  const w = Math.max(1, Math.floor(width));
  if (values.length <= w) return [...values];
  const out: number[] = [];
  for (let i = 0; i < w; i++) {
    const from = Math.floor((i * values.length) / w);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / w));
    const bucket = values.slice(from, to).filter((v) => !Number.isNaN(v));
    // Each value divided before the sum: two values near the largest number would add up to Infinity.
    out.push(bucket.length === 0 ? Number.NaN : bucket.reduce((sum, v) => sum + v / bucket.length, 0));
  }
  return out;
}

/**
 * Where `v` lies between `min` and `max`, from 0 to 1 (0 when they are equal). Halves are subtracted:
 * the difference of two finite numbers (-1e308 and 1e308) can be Infinity, and the chart NaN.
 */
function position(v: number, min: number, max: number): number {
  const span = max / 2 - min / 2;
  if (!(span > 0)) return 0;
  return Math.min(1, Math.max(0, (v / 2 - min / 2) / span));
}

/** The number `t` of the way from `min` to `max` (0 to 1), without computing their difference. */
function between(min: number, max: number, t: number): number {
  return min * (1 - t) + max * t;
}

/**
 * "▁▂▅█▃": one character a value (resampled to `width`), scaled between the smallest and largest.
 * Values that are not numbers (no data) are shown as a space.
 */
export function sparkline(values: readonly (number | null | undefined)[], width = values.length): string {
  const nums = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN));
  const shown = resample(nums, width);
  const real = shown.filter((v) => !Number.isNaN(v));
  if (real.length === 0) return ' '.repeat(shown.length);
  const min = Math.min(...real);
  const max = Math.max(...real);
  return shown
    .map((v) => {
      if (Number.isNaN(v)) return ' ';
      if (max === min) return TICKS[max === 0 ? 0 : 3];
      return TICKS[Math.min(TICKS.length - 1, Math.floor(position(v, min, max) * TICKS.length))];
    })
    .join('');
}

export interface Bar {
  label: string;
  value: number;
  /** The value as printed after the bar (default: the number). */
  text?: string;
}

/**
 * Horizontal bars, one line each, fitted to `width` columns: label, bar scaled to the largest value,
 * then the value. Labels longer than a third of the width are cut with "…".
 */
export function barChart(bars: readonly Bar[], width: number): string[] {
  if (bars.length === 0) return [];
  const texts = bars.map((b) => b.text ?? formatNumber(b.value));
  const labelWidth = Math.min(
    Math.max(...bars.map((b) => b.label.length)),
    Math.max(8, Math.floor(width / 3)),
  );
  const textWidth = Math.max(...texts.map((t) => t.length));
  const barWidth = Math.max(4, width - labelWidth - textWidth - 3);
  const max = Math.max(...bars.map((b) => Math.abs(b.value)), 0);
  return bars.map((b, i) => {
    const label = b.label.length > labelWidth ? `${b.label.slice(0, labelWidth - 1)}…` : b.label;
    const eighths = max === 0 ? 0 : Math.round((Math.abs(b.value) / max) * barWidth * 8);
    const full = Math.floor(eighths / 8);
    const part = eighths % 8;
    const bar = `${'█'.repeat(full)}${part ? '▏▎▍▌▋▊▉'[7 - part] : ''}`;
    return `${label.padEnd(labelWidth)} ${bar.padEnd(barWidth)} ${texts[i]!.padStart(textWidth)}`.trimEnd();
  });
}

/**
 * 1234.5 → "1,234.5"; 0.12345 → "0.123". From a quadrillion up, and below a thousandth (which three
 * decimals show as 0), three significant digits and an exponent, as JavaScript writes one: 1e308 →
 * "1e+308", 0.00012 → "1.2e-4". Grouped, 1e308 was an axis label of 103 groups of digits.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1e15 || (abs > 0 && abs < 1e-3)) return exponential(n);
  const digits = abs >= 100 || Number.isInteger(n) ? 0 : abs >= 1 ? 1 : 3;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export interface LineSeries {
  name: string;
  values: readonly (number | null | undefined)[];
}

/**
 * A line chart of each series over the same times, `height` rows tall and fitted to `width` columns
 * (resampled to fit beside the axis labels). Several series are drawn one under the other, each under
 * its name: without colour, lines drawn over each other cannot be told apart.
 */
export async function lineChart(
  series: readonly LineSeries[],
  o: { width: number; height?: number; format?: (n: number) => string },
): Promise<string[]> {
  const withData = series.filter((s) => s.values.some((v) => typeof v === 'number' && Number.isFinite(v)));
  if (withData.length === 0) return [];
  const { plot } = namedExports(await import('asciichart'));
  const format = o.format ?? ((n: number) => formatNumber(n));
  const lines: string[] = [];
  for (const s of withData) {
    const nums = s.values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    // Every row is labelled, and a row between the ends can need more digits ("2.6" between 1 and 3).
    const height = o.height ?? 8;
    const [min, max] = [Math.min(...nums), Math.max(...nums)];
    const labels = Array.from({ length: height + 1 }, (_, i) => format(between(min, max, i / height)));
    const labelWidth = Math.max(...labels.map((l) => l.length)) + 1;
    const points = Math.max(2, o.width - labelWidth - 3);
    const data = resample(
      s.values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN)),
      points,
    );
    // asciichart has no gaps: a NaN made its scale NaN and the chart threw. It draws the series with
    // each gap holding the value before it, and the gaps' columns are blanked after.
    const gaps = data.map((v) => Number.isNaN(v));
    if (withData.length > 1 || s.name) lines.push(s.name);
    const rows = plotRows(plot, filledGaps(data), height, (n) => format(n).padStart(labelWidth));
    lines.push(...(gaps.includes(true) ? rows.map((row) => blankGaps(row, gaps)) : rows));
  }
  return lines;
}

/**
 * asciichart's rows for `values` (no gaps): each value is handed to it as the row it is drawn on
 * (ROW_BASE to ROW_BASE + height), and each row's label turned back into a value. Given the values
 * themselves, it counted rows from the value's multiple of the row height: past 2^53 (1e16 alone, or
 * 10000 beside 10000.000000000002) a step of one left the count where it was, and its loop never
 * ended. It marks its row 0 `┼` (mirrored from where 0 is); from 1, that row is off the chart and `┼`
 * marks the first value only.
 */
function plotRows(
  plot: typeof import('asciichart').plot,
  values: readonly number[],
  height: number,
  label: (n: number) => string,
): string[] {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return plot(
    values.map((v) => ROW_BASE + position(v, low, high) * height),
    { height, format: (row: number) => label(between(low, high, (row - ROW_BASE) / height)) },
  ).split('\n');
}

const ROW_BASE = 1;

/** Each gap (NaN) holding the value before it (the first value after it, at the start). */
function filledGaps(values: readonly number[]): number[] {
  const first = values.find((v) => !Number.isNaN(v)) ?? 0;
  let last = first;
  return values.map((v) => (Number.isNaN(v) ? last : (last = v)));
}

/**
 * A chart row with the gaps' columns blanked: asciichart draws the step from point x to x + 1 in the
 * row's x-th data column (a value before a gap shows as a level step), and the data columns are the
 * row's last characters.
 */
function blankGaps(row: string, gaps: readonly boolean[]): string {
  const chars = [...row];
  const start = chars.length - gaps.length;
  for (let x = 0; x < gaps.length; x++) if (gaps[x]) chars[start + x] = ' ';
  return chars.join('').trimEnd();
}
