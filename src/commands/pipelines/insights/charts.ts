import type {
  OrgSummaryWire,
  ProjectSummaryWire,
  ReportingWindow,
} from '../../../clients/pipelines/types.js';
import { type Bar, barChart, formatNumber, sparkline } from '../../../output/chart.js';
import { duration, percent } from '../columns.js';

/**
 * The insights drawings, as lines fitted to a width. They use the shared chart module (sparklines and
 * bars drawn there, line charts by asciichart); only the layout is here.
 */

/** A trend as people read it: "▲ 8.0%", "▼ 5.1%", "= 0.0%". */
export function trendText(t: number | undefined): string {
  if (t === undefined || !Number.isFinite(t)) return '';
  const pct = percent(Math.abs(t));
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

/** One bar section per metric (title, value, how it is printed), each bar an item named `name`. */
export function metricBars<T extends { name: string }>(
  items: readonly T[],
  sections: ReadonlyArray<[title: string, get: (item: T) => number, text?: (n: number) => string]>,
  width: number,
): string[] {
  const bars = (get: (item: T) => number, text?: (n: number) => string) =>
    items.map((t) => ({ label: t.name, value: get(t), ...(text ? { text: text(get(t)) } : {}) }));
  // Sections are separated by a blank line; the first needs none.
  return sections.flatMap(([title, get, text]) => barSection(title, bars(get, text), width)).slice(1);
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

const windowText = (w: ReportingWindow | undefined) => (w ?? 'last-90-days').replace(/-/g, ' ');

export function projectCharts(
  slug: string,
  o: { window: ReportingWindow | undefined; branches: string[] | undefined },
  res: ProjectSummaryWire,
  width: number,
): string[] {
  const m = res.project_data?.metrics;
  const t = res.project_data?.trends;
  const wf = res.project_workflow_data ?? [];
  return [
    `${slug} · ${windowText(o.window)} · ${o.branches ? `branches ${o.branches.join(', ')}` : 'all branches'}`,
    ...metricLines([
      ['runs', formatNumber(m?.total_runs ?? 0), t?.total_runs],
      ['success rate', percent(m?.success_rate ?? 0), t?.success_rate],
      ['duration', duration(m?.total_duration_secs ?? 0), t?.total_duration_secs],
      ['credits', formatNumber(m?.total_credits_used ?? 0), t?.total_credits_used],
      ['throughput', `${formatNumber(m?.throughput ?? 0)}/day`, t?.throughput],
    ]),
    ...barSection(
      'Success rate by workflow',
      wf.map((w) => ({
        label: w.workflow_name,
        value: w.metrics.success_rate,
        text: percent(w.metrics.success_rate),
      })),
      width,
    ),
    ...barSection(
      'P95 duration by workflow',
      wf.map((w) => ({
        label: w.workflow_name,
        value: w.metrics.p95_duration_secs,
        text: duration(w.metrics.p95_duration_secs),
      })),
      width,
    ),
    ...barSection(
      'Credits by workflow',
      wf.map((w) => ({ label: w.workflow_name, value: w.metrics.total_credits_used })),
      width,
    ),
    ...barSection(
      'Runs by workflow',
      wf.map((w) => ({ label: w.workflow_name, value: w.metrics.total_runs })),
      width,
    ),
  ];
}

export function orgCharts(
  org: string,
  window: ReportingWindow | undefined,
  res: OrgSummaryWire,
  width: number,
): string[] {
  const m = res.org_data?.metrics;
  const t = res.org_data?.trends;
  const p = res.org_project_data ?? [];
  return [
    `${org} · ${windowText(window)} · ${res.all_projects?.length ?? 0} projects`,
    ...metricLines([
      ['runs', formatNumber(m?.total_runs ?? 0), t?.total_runs],
      ['success rate', percent(m?.success_rate ?? 0), t?.success_rate],
      ['duration', duration(m?.total_duration_secs ?? 0), t?.total_duration_secs],
      ['credits', formatNumber(m?.total_credits_used ?? 0), t?.total_credits_used],
      ['throughput', `${formatNumber(m?.throughput ?? 0)}/day`, t?.throughput],
    ]),
    ...barSection(
      'Success rate by project',
      p.map((x) => ({
        label: x.project_name,
        value: x.metrics.success_rate,
        text: percent(x.metrics.success_rate),
      })),
      width,
    ),
    ...barSection(
      'Duration by project',
      p.map((x) => ({
        label: x.project_name,
        value: x.metrics.total_duration_secs,
        text: duration(x.metrics.total_duration_secs),
      })),
      width,
    ),
    ...barSection(
      'Credits by project',
      p.map((x) => ({ label: x.project_name, value: x.metrics.total_credits_used })),
      width,
    ),
  ];
}
