import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { BranchScope, JobMetricsWire, ReportingWindow } from '../../../clients/pipelines/types.js';
import { formatNumber } from '../../../output/chart.js';
import type { Column } from '../../../output/printer.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { duration, percent } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { metricBars } from './charts.js';
import {
  type InsightsView,
  addBranchOptions,
  addWindowOption,
  tableOrCharts,
  parseBranchScope,
  parseWindow,
  parseWorkflow,
  viewOf,
} from './shared.js';

export interface InsightsJobsOptions extends PipelinesBase {
  slug: string;
  workflow: string;
  window: ReportingWindow | undefined;
  scope: BranchScope;
  jobName: string | undefined;
  limit: number | undefined;
  view: InsightsView;
}

export const JOB_COLUMNS: Column<JobMetricsWire>[] = [
  { header: 'name', get: (j) => j.name },
  { header: 'total runs', get: (j) => j.metrics.total_runs },
  { header: 'successful runs', get: (j) => j.metrics.successful_runs },
  { header: 'failed runs', get: (j) => j.metrics.failed_runs },
  { header: 'success rate', get: (j) => j.metrics.success_rate },
  { header: 'median secs', get: (j) => j.metrics.duration_metrics.median },
  { header: 'p95 secs', get: (j) => j.metrics.duration_metrics.p95 },
  { header: 'total credits used', get: (j) => j.metrics.total_credits_used },
  { header: 'throughput', get: (j) => j.metrics.throughput },
  { header: 'window start', get: (j) => j.window_start, format: 'relative' },
  { header: 'window end', get: (j) => j.window_end, format: 'relative' },
];

const PRETTY: Column<JobMetricsWire>[] = [
  { header: 'job', get: (j) => j.name },
  { header: 'runs', get: (j) => j.metrics.total_runs },
  { header: 'success', get: (j) => percent(j.metrics.success_rate) },
  { header: 'median', get: (j) => duration(j.metrics.duration_metrics.median) },
  { header: 'p95', get: (j) => duration(j.metrics.duration_metrics.p95) },
  { header: 'credits', get: (j) => formatNumber(j.metrics.total_credits_used) },
];

export function jobCharts(items: readonly JobMetricsWire[], width: number): string[] {
  return metricBars(
    items,
    [
      ['Success rate', (j) => j.metrics.success_rate, percent],
      ['Median duration', (j) => j.metrics.duration_metrics.median, duration],
      ['P95 duration', (j) => j.metrics.duration_metrics.p95, duration],
      ['Credits', (j) => j.metrics.total_credits_used],
    ],
    width,
  );
}

export function insightsJobsCommand(factory: Factory, run = runInsightsJobs): Command {
  const cmd = addBranchOptions(
    addWindowOption(
      verbCommand('jobs', "Metrics of a workflow's jobs: runs, success rate, durations, credits", [
        'ops pipelines insights jobs gh/acme/web-app build-and-test',
        'ops pipelines insights jobs gh/acme/web-app deploy --job-name deploy- \\\n' +
          '    --window last-30-days',
      ])
        .argument('<project>', PROJECT_ARG)
        .option('--org <org>', PROJECT_ORG)
        .argument('<workflow>', 'workflow name')
        .option('--job-name <name>', 'only jobs whose name is or contains this'),
    ),
  );
  addListFlags(cmd);
  return cmd.action(
    async (
      given: string,
      workflow: string,
      o: {
        window?: string;
        branch?: string;
        allBranches?: boolean;
        jobName?: string;
        limit?: string;
        all?: boolean;
      },
      c: Command,
    ) => {
      const list = parseListFlags(o);
      const parsed = {
        project: parseProjectArg(given, c.opts()),
        workflow: parseWorkflow(workflow),
        window: parseWindow(o.window),
        scope: parseBranchScope(o),
        jobName: o.jobName,
      };
      const { project, ...rest } = parsed;
      const { ctx, base, slug } = await start(factory, c, {}, { resolve: withSlug(project, c.opts()) });
      await run({ ...base, ...rest, slug, limit: list.limit, view: viewOf(ctx) });
    },
  );
}

export async function runInsightsJobs(o: InsightsJobsOptions): Promise<void> {
  const client = await o.client();
  const pages = client.getProjectWorkflowJobMetrics(
    o.slug,
    o.workflow,
    { ...o.scope, 'reporting-window': o.window, 'job-name': o.jobName },
    { limit: o.limit, raw: o.printer.takesRawJson },
  );
  await tableOrCharts(
    o,
    pages,
    { columns: JOB_COLUMNS, noun: 'jobs' },
    (items) => jobCharts(items, o.view.width),
    PRETTY,
  );
}
