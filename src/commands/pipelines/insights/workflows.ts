import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { BranchScope, ReportingWindow, WorkflowMetricsWire } from '../../../clients/pipelines/types.js';
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
  viewOf,
} from './shared.js';

export interface InsightsWorkflowsOptions extends PipelinesBase {
  slug: string;
  window: ReportingWindow | undefined;
  scope: BranchScope;
  limit: number | undefined;
  view: InsightsView;
}

/** The numbers as the service sends them (CSV, and a table that is not on a terminal). */
export const WORKFLOW_COLUMNS: Column<WorkflowMetricsWire>[] = [
  { header: 'name', get: (w) => w.name },
  { header: 'total runs', get: (w) => w.metrics.total_runs },
  { header: 'successful runs', get: (w) => w.metrics.successful_runs },
  { header: 'failed runs', get: (w) => w.metrics.failed_runs },
  { header: 'success rate', get: (w) => w.metrics.success_rate },
  { header: 'median secs', get: (w) => w.metrics.duration_metrics.median },
  { header: 'p95 secs', get: (w) => w.metrics.duration_metrics.p95 },
  { header: 'total credits used', get: (w) => w.metrics.total_credits_used },
  { header: 'throughput', get: (w) => w.metrics.throughput },
  { header: 'mttr secs', get: (w) => w.metrics.mttr },
  { header: 'window start', get: (w) => w.window_start, format: 'relative' },
  { header: 'window end', get: (w) => w.window_end, format: 'relative' },
];

const PRETTY: Column<WorkflowMetricsWire>[] = [
  { header: 'workflow', get: (w) => w.name },
  { header: 'runs', get: (w) => w.metrics.total_runs },
  { header: 'success', get: (w) => percent(w.metrics.success_rate) },
  { header: 'median', get: (w) => duration(w.metrics.duration_metrics.median) },
  { header: 'p95', get: (w) => duration(w.metrics.duration_metrics.p95) },
  { header: 'credits', get: (w) => formatNumber(w.metrics.total_credits_used) },
  { header: 'runs/day', get: (w) => formatNumber(w.metrics.throughput) },
  { header: 'mttr', get: (w) => duration(w.metrics.mttr) },
];

export function workflowCharts(items: readonly WorkflowMetricsWire[], width: number): string[] {
  return metricBars(
    items,
    [
      ['Success rate', (w) => w.metrics.success_rate, percent],
      ['P95 duration', (w) => w.metrics.duration_metrics.p95, duration],
      ['Credits', (w) => w.metrics.total_credits_used],
      ['Runs per day', (w) => w.metrics.throughput],
    ],
    width,
  );
}

export function insightsWorkflowsCommand(factory: Factory, run = runInsightsWorkflows): Command {
  const cmd = addBranchOptions(
    addWindowOption(
      verbCommand(
        'workflows',
        "Metrics of a project's workflows: runs, success rate, durations, credits, throughput, MTTR",
        [
          'ops pipelines insights workflows gh/acme/web-app',
          'ops pipelines insights workflows gh/acme/web-app --all-branches \\\n' + '    --window last-7-days',
          'ops pipelines insights workflows gh/acme/api-server --branch develop -o csv',
          'ops pipelines insights workflows web-app --org gh/acme   # by name',
        ],
      )
        .argument('<project>', PROJECT_ARG)
        .option('--org <org>', PROJECT_ORG),
    ),
  );
  addListFlags(cmd);
  return cmd.action(
    async (
      given: string,
      o: { window?: string; branch?: string; allBranches?: boolean; limit?: string; all?: boolean },
      c: Command,
    ) => {
      const list = parseListFlags(o);
      const parsed = {
        project: parseProjectArg(given, c.opts()),
        window: parseWindow(o.window),
        scope: parseBranchScope(o),
      };
      const { project, ...rest } = parsed;
      const { ctx, base, slug } = await start(factory, c, {}, { resolve: withSlug(project, c.opts()) });
      await run({ ...base, ...rest, slug, limit: list.limit, view: viewOf(ctx) });
    },
  );
}

export async function runInsightsWorkflows(o: InsightsWorkflowsOptions): Promise<void> {
  const client = await o.client();
  const pages = client.getProjectWorkflowMetrics(
    o.slug,
    { ...o.scope, 'reporting-window': o.window },
    { limit: o.limit, raw: o.printer.takesRawJson },
  );
  await tableOrCharts(
    o,
    pages,
    { columns: WORKFLOW_COLUMNS, noun: 'workflows' },
    (items) => workflowCharts(items, o.view.width),
    PRETTY,
  );
}
