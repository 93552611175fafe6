import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DateRange, JobTimeseriesWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { wrapText } from '../../../output/text.js';
import { lineChart } from '../../../output/chart.js';
import type { Column } from '../../../output/printer.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { duration, percent } from '../columns.js';
import { type PipelinesBase, WINDOWS, parseChoice, start } from '../shared.js';
import { sparkSection } from './charts.js';
import { type InsightsView, parseRange, parseWorkflow, tableOrCharts, viewOf } from './shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface InsightsTimeSeriesOptions extends PipelinesBase {
  slug: string;
  workflow: string;
  granularity: 'daily' | 'hourly' | undefined;
  branch: string | undefined;
  range: DateRange;
  view: InsightsView;
  /** Points at most; undefined with --all. */
  limit: number | undefined;
}

export const SERIES_COLUMNS: Column<JobTimeseriesWire>[] = [
  { header: 'timestamp', get: (p) => p.timestamp, format: 'relative' },
  { header: 'name', get: (p) => p.name },
  { header: 'total runs', get: (p) => p.metrics.total_runs },
  { header: 'successful runs', get: (p) => p.metrics.successful_runs },
  { header: 'failed runs', get: (p) => p.metrics.failed_runs },
  { header: 'throughput', get: (p) => p.metrics.throughput },
  { header: 'median credits used', get: (p) => p.metrics.median_credits_used },
  { header: 'total credits used', get: (p) => p.metrics.total_credits_used },
  { header: 'min secs', get: (p) => p.metrics.duration_metrics.min },
  { header: 'median secs', get: (p) => p.metrics.duration_metrics.median },
  { header: 'p95 secs', get: (p) => p.metrics.duration_metrics.p95 },
  { header: 'max secs', get: (p) => p.metrics.duration_metrics.max },
  { header: 'total secs', get: (p) => p.metrics.duration_metrics.total },
  { header: 'min started at', get: (p) => p.min_started_at, format: 'relative' },
  { header: 'max ended at', get: (p) => p.max_ended_at, format: 'relative' },
];

/**
 * Each job's series over the same buckets (every timestamp any job has, oldest first); a bucket a job
 * has no runs in is a gap.
 */
export function seriesByJob(items: readonly JobTimeseriesWire[]) {
  const times = [...new Set(items.map((p) => p.timestamp))].sort();
  const jobs = [...new Set(items.map((p) => p.name))].sort();
  const at = new Map(items.map((p) => [`${p.name}\u0000${p.timestamp}`, p]));
  return {
    times,
    jobs: jobs.map((name) => ({ name, points: times.map((t) => at.get(`${name}\u0000${t}`)) })),
  };
}

/**
 * The shared line chart cannot draw a gap (asciichart fails on a missing value), so a bucket without
 * runs is drawn on the straight line between its neighbours; the sparklines below show gaps as gaps.
 */
export function fillGaps(values: ReadonlyArray<number | null>): number[] {
  const known = values.flatMap((v, i) => (v === null ? [] : [i]));
  if (known.length === 0) return [];
  return values.map((v, i) => {
    if (v !== null) return v;
    const before = known.filter((k) => k < i).pop();
    const after = known.find((k) => k > i);
    if (before === undefined) return values[after!]!;
    if (after === undefined) return values[before]!;
    const a = values[before]!;
    const b = values[after]!;
    return a + ((b - a) * (i - before)) / (after - before);
  });
}

export async function seriesCharts(
  items: readonly JobTimeseriesWire[],
  o: {
    workflow: string;
    granularity: 'daily' | 'hourly' | undefined;
    branch: string | undefined;
    width: number;
  },
): Promise<string[]> {
  const { times, jobs } = seriesByJob(items);
  const unit = o.granularity === 'hourly' ? 'hour' : 'day';
  const pick = (get: (p: JobTimeseriesWire) => number) =>
    jobs.map((j) => ({ label: j.name, values: j.points.map((p) => (p ? get(p) : null)) }));
  const lines = await lineChart(
    jobs.map((j) => ({
      name: j.name,
      values: fillGaps(j.points.map((p) => p?.metrics.duration_metrics.median ?? null)),
    })),
    { width: o.width, height: 6, format: (n) => duration(n) },
  );
  return [
    ...wrapText(
      `${o.workflow} on ${o.branch ?? 'the default branch'} · per ${unit} · ${times[0]} → ${times[times.length - 1]}`,
      o.width,
    ),
    '',
    `Median duration per ${unit}`,
    ...lines,
    ...sparkSection(
      `Runs per ${unit}`,
      pick((p) => p.metrics.total_runs),
      o.width,
    ),
    ...sparkSection(
      `Success rate per ${unit}`,
      jobs.map((j) => ({
        label: j.name,
        values: j.points.map((p) =>
          p?.metrics.total_runs ? p.metrics.successful_runs / p.metrics.total_runs : null,
        ),
        format: percent,
      })),
      o.width,
    ),
    ...sparkSection(
      `Credits per ${unit}`,
      pick((p) => p.metrics.total_credits_used),
      o.width,
    ),
  ];
}

export function insightsTimeSeriesCommand(factory: Factory, run = runInsightsTimeSeries): Command {
  const cmd = verbCommand(
    'time-series',
    "A workflow's jobs over time, per day or hour: runs, successes, credits and durations; drawn as line charts and sparklines on a terminal",
    [
      'ops pipelines insights time-series gh/acme/web-app build-and-test',
      'ops pipelines insights time-series gh/acme/web-app build-and-test \\\n' +
        '    --granularity hourly --since -24h',
      'ops pipelines insights time-series gh/acme/web-app deploy \\\n' + '    --window last-30-days -o csv',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<workflow>', 'workflow name')
    .addOption(
      choiceOption('--granularity <g>', 'daily (default; 90 days kept) or hourly (48 hours kept)', [
        'daily',
        'hourly',
      ]),
    )
    .option('--branch <name>', "the branch (default: the project's default branch)")
    .option('--all-branches', 'not available: a time series covers one branch')
    .addOption(
      choiceOption(
        '--window <window>',
        'shorthand for --since: last-24-hours, last-7-days, last-30-days, last-60-days, last-90-days',
        WINDOWS,
      ),
    )
    .option('--since <time>', 'from: ISO time or relative (-7d, -36h)')
    .option('--until <time>', 'to: ISO time or relative; at most 90 days after --since');
  return addListFlags(cmd).action(
    async (
      given: string,
      workflow: string,
      o: {
        granularity?: string;
        branch?: string;
        allBranches?: boolean;
        window?: string;
        since?: string;
        until?: string;
        limit?: string;
        all?: boolean;
      },
      c: Command,
    ) => {
      const { limit } = parseListFlags(o);
      if (o.allBranches)
        throw new UsageError(
          'a time series covers one branch: --all-branches is not available',
          'give --branch NAME, or leave it out for the default branch',
        );
      const granularity =
        o.granularity === undefined
          ? undefined
          : parseChoice('--granularity', o.granularity, ['daily', 'hourly'] as const);
      const parsed = {
        project: parseProjectArg(given, c.opts()),
        workflow: parseWorkflow(workflow),
        granularity,
        branch: o.branch,
        range: parseRange(o, granularity === 'hourly'),
        limit,
      };
      const { project, ...rest } = parsed;
      const { ctx, base, slug } = await start(factory, c, {}, { resolve: withSlug(project, c.opts()) });
      await run({ ...base, ...rest, slug, view: viewOf(ctx) });
    },
  );
}

export async function runInsightsTimeSeries(o: InsightsTimeSeriesOptions): Promise<void> {
  const client = await o.client();
  const pages = client.getJobTimeseries(
    o.slug,
    o.workflow,
    { branch: o.branch, granularity: o.granularity, ...o.range },
    { limit: o.limit, raw: o.printer.takesRawJson },
  );
  await tableOrCharts(o, pages, { columns: SERIES_COLUMNS, noun: 'points' }, (items) =>
    seriesCharts(items, { ...o, width: o.view.width }),
  );
}
