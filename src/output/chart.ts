/**
 * Terminal charts for series people would rather see than read (pipeline insights, cloud metrics):
 * sparklines and horizontal bars drawn here (a few lines each, width-aware, no colour needed), and
 * multi-row line charts by asciichart, a small dependency-free library loaded only when a line chart
 * is drawn. Charts are for a terminal; the numbers stay available unchanged with -o json|csv.
 */

import { namedExports } from '../lazy.js';

const TICKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** Averages `values` into at most `width` buckets, keeping their order. */
export function resample(values: readonly number[], width: number): number[] {
  const w = Math.max(1, Math.floor(width));
  if (values.length <= w) return [...values];
  const out: number[] = [];
  for (let i = 0; i < w; i++) {
    const from = Math.floor((i * values.length) / w);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / w));
    let sum = 0;
    for (let j = from; j < to; j++) sum += values[j]!;
    out.push(sum / (to - from));
  }
  return out;
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
      return TICKS[Math.min(TICKS.length - 1, Math.floor(((v - min) / (max - min)) * TICKS.length))];
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

/** 1234.5 → "1,234.5"; 0.12345 → "0.123". */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = Math.abs(n) >= 100 || Number.isInteger(n) ? 0 : Math.abs(n) >= 1 ? 1 : 3;
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
  const withData = series.filter((s) => s.values.some((v) => typeof v === 'number'));
  if (withData.length === 0) return [];
  const { plot } = namedExports(await import('asciichart'));
  const format = o.format ?? ((n: number) => formatNumber(n));
  const lines: string[] = [];
  for (const s of withData) {
    const nums = s.values.filter((v): v is number => typeof v === 'number');
    const labelWidth = Math.max(format(Math.min(...nums)).length, format(Math.max(...nums)).length) + 1;
    const points = Math.max(2, o.width - labelWidth - 3);
    const data = resample(
      s.values.map((v) => (typeof v === 'number' ? v : Number.NaN)),
      points,
    );
    if (withData.length > 1 || s.name) lines.push(s.name);
    lines.push(
      ...plot(data, { height: o.height ?? 8, format: (n: number) => format(n).padStart(labelWidth) }).split(
        '\n',
      ),
    );
  }
  return lines;
}
