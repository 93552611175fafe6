import type { MetricSeriesWire, MetricValueWire } from '../../clients/cloud/types.js';
import { barChart, formatNumber, lineChart, sparkline } from '../../output/chart.js';
import type { Column, Printer } from '../../output/printer.js';
import { counted, humanBytes, wrapText } from '../../output/text.js';

/** How a metrics answer is shown: a chart (table on a terminal), rows (CSV, NDJSON, a table in a pipe), or whole. */
export type MetricsView = { kind: 'chart'; width: number } | { kind: 'rows' } | { kind: 'whole' };

/**
 * Picks the view from the output settings: JSON and YAML (and --query/--field) get the API's answer
 * unchanged, a table on a terminal gets a chart, everything else one row per timestamp.
 */
export function metricsView(o: {
  format: string;
  tty: boolean;
  columns: number;
  query?: string | undefined;
  field?: string | undefined;
}): MetricsView {
  if (o.query !== undefined || o.field !== undefined || o.format === 'json' || o.format === 'yaml')
    return { kind: 'whole' };
  if (o.format === 'table' && o.tty) return { kind: 'chart', width: o.columns > 0 ? o.columns : 80 };
  return { kind: 'rows' };
}

export interface NamedSeries extends MetricSeriesWire {
  name: string;
}

/** A metrics object is one series (`{unit, values}`) or named ones (`dataIn`, `2xx`…). */
export function seriesOf(metrics: unknown, single: string): NamedSeries[] {
  const m = (metrics ?? {}) as Record<string, unknown>;
  if (Array.isArray(m.values)) return [{ name: single, ...(m as unknown as MetricSeriesWire) }];
  return Object.entries(m)
    .filter(([, v]) => v && typeof v === 'object' && Array.isArray((v as MetricSeriesWire).values))
    .map(([name, v]) => ({ name, ...(v as MetricSeriesWire) }));
}

/** One row per timestamp, a column per series: what CSV and NDJSON get, values unchanged. */
export function metricRows(series: NamedSeries[]): {
  rows: Array<Record<string, unknown>>;
  columns: Column<Record<string, unknown>>[];
} {
  const byTime = new Map<string, Record<string, unknown>>();
  for (const s of series)
    for (const v of s.values) {
      const row = byTime.get(v.timestamp) ?? { timestamp: v.timestamp };
      row[s.name] = v.value;
      byTime.set(v.timestamp, row);
    }
  const rows = [...byTime.values()].sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
  return {
    rows,
    columns: [
      { header: 'timestamp', get: (r) => r.timestamp, format: 'relative' },
      ...series.map((s) => ({ header: s.name, get: (r: Record<string, unknown>) => r[s.name] })),
    ],
  };
}

const bytesUnit = (unit: string) => /^B(\/s)?$/.test(unit);

function show(n: number, unit: string): string {
  if (bytesUnit(unit)) return `${humanBytes(n)}${unit === 'B/s' ? '/s' : ''}`;
  return `${formatNumber(n)}${unit === '%' ? ' %' : ''}`;
}

/**
 * The chart of a metrics answer, fitted to `width` columns: a line chart for one or two series, and
 * for more (response codes) a sparkline each with the totals as bars. `notes` are lines printed under it.
 */
export async function chartLines(o: {
  title: string;
  series: NamedSeries[];
  width: number;
  notes?: string[];
}): Promise<string[]> {
  // The title wraps at the width the chart has; the rest is drawn for that width.
  const lines = wrapText(o.title, o.width);
  const series = o.series.filter((s) => s.values.length > 0);
  if (series.length === 0) return [...lines, 'no data points in this range'];
  const first = series[0]!.values;
  lines.push(`${first[0]!.timestamp} → ${first.at(-1)!.timestamp}, ${counted(first.length, 'point')}`);
  if (series.length <= 2) {
    for (const s of series) {
      const chart = await lineChart(
        [{ name: series.length > 1 ? `${s.name} (${s.unit})` : '', values: s.values.map((v) => v.value) }],
        {
          width: o.width,
          height: 8,
          format: (n) => show(n, s.unit),
        },
      );
      lines.push(...chart.filter((l) => l !== ''));
    }
  } else {
    const labelWidth = Math.max(...series.map((s) => s.name.length));
    for (const s of series)
      lines.push(
        `${s.name.padEnd(labelWidth)} ${sparkline(
          s.values.map((v) => v.value),
          Math.max(8, o.width - labelWidth - 1),
        )}`,
      );
  }
  if (series.length > 1) {
    lines.push('totals:');
    lines.push(
      ...barChart(
        series.map((s) => {
          const total = s.values.reduce((a, v) => a + v.value, 0);
          return { label: s.name, value: total, text: show(total, s.unit) };
        }),
        o.width,
      ),
    );
  }
  return [...lines, ...(o.notes ?? [])];
}

/** Prints a metrics answer in the view asked for. */
export async function printMetrics(o: {
  printer: Printer;
  view: MetricsView;
  answer: unknown;
  series: NamedSeries[];
  title: string;
  notes?: string[];
}): Promise<void> {
  if (o.view.kind === 'whole') return o.printer.print(o.answer);
  if (o.view.kind === 'rows') {
    const { rows, columns } = metricRows(o.series);
    return o.printer.print(rows, { columns });
  }
  const lines = await chartLines({ title: o.title, series: o.series, width: o.view.width, notes: o.notes });
  await o.printer.text(lines.join('\n'));
}

export function peakText(peak: MetricValueWire | undefined, unit: string): string {
  return peak ? `peak ${show(peak.value, unit)} at ${peak.timestamp}` : '';
}
