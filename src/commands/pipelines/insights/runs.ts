import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { BranchScope, DateRange, WorkflowRunWire } from '../../../clients/pipelines/types.js';
import { lineChart } from '../../../output/chart.js';
import type { Column } from '../../../output/printer.js';
import { counted } from '../../../output/text.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { duration } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { sparkSection, statusStrip } from './charts.js';
import {
  type InsightsView,
  addBranchOptions,
  tableOrCharts,
  parseBranchScope,
  parseRange,
  parseWorkflow,
  viewOf,
} from './shared.js';

export interface InsightsRunsOptions extends PipelinesBase {
  slug: string;
  workflow: string;
  scope: BranchScope;
  range: DateRange;
  limit: number | undefined;
  view: InsightsView;
}

export const RUN_COLUMNS: Column<WorkflowRunWire>[] = [
  { header: 'id', get: (r) => r.id },
  {
    header: 'status',
    get: (r) => r.status,
    color: (v, s) => (v === 'success' ? s.green : v === 'canceled' ? s.yellow : s.red),
  },
  { header: 'branch', get: (r) => r.branch },
  { header: 'duration', get: (r) => r.duration },
  { header: 'credits used', get: (r) => r.credits_used },
  { header: 'created at', get: (r) => r.created_at, format: 'relative' },
  { header: 'stopped at', get: (r) => r.stopped_at, format: 'relative' },
  { header: 'is approval', get: (r) => r.is_approval },
];

const PRETTY: Column<WorkflowRunWire>[] = [
  { header: 'id', get: (r) => r.id },
  RUN_COLUMNS[1]!,
  { header: 'branch', get: (r) => r.branch },
  { header: 'duration', get: (r) => duration(r.duration) },
  { header: 'credits', get: (r) => r.credits_used },
  { header: 'created', get: (r) => r.created_at, format: 'relative' },
];

/** Runs arrive newest first; they are drawn oldest to newest, left to right. */
export async function runCharts(items: readonly WorkflowRunWire[], width: number): Promise<string[]> {
  const runs = [...items].reverse();
  const chart = await lineChart([{ name: '', values: runs.map((r) => r.duration) }], {
    width,
    height: 8,
    format: (n) => duration(n),
  });
  return [
    `Duration of ${counted(runs.length, 'run')}, oldest to newest`,
    ...chart,
    ...sparkSection('Credits', [{ label: 'credits', values: runs.map((r) => r.credits_used) }], width),
    '',
    'Status (● success, ✗ failed, ○ canceled)',
    statusStrip(
      runs.map((r) => r.status),
      width,
    ),
  ];
}

export function insightsRunsCommand(factory: Factory, run = runInsightsRuns): Command {
  const cmd = addBranchOptions(
    verbCommand(
      'runs',
      'Recent runs of a workflow, newest first: status, branch, duration and credits; on a terminal drawn over time',
      [
        'ops pipelines insights runs gh/acme/web-app build-and-test --limit 20',
        'ops pipelines insights runs gh/acme/web-app deploy --since -14d --json',
        'ops pipelines insights runs gh/acme/web-app build-and-test --all-branches \\\n' +
          '    --all -o ndjson',
      ],
    )
      .argument('<project>', PROJECT_ARG)
      .option('--org <org>', PROJECT_ORG)
      .argument('<workflow>', 'workflow name, e.g. build-and-test')
      .option('--since <time>', 'runs created since: ISO time or relative (-7d); at most 90 days back')
      .option(
        '--until <time>',
        'runs created before: ISO time or relative (-1d); at most 90 days after --since',
      ),
  );
  addListFlags(cmd);
  return cmd.action(
    async (
      given: string,
      workflow: string,
      o: {
        branch?: string;
        allBranches?: boolean;
        since?: string;
        until?: string;
        limit?: string;
        all?: boolean;
      },
      c: Command,
    ) => {
      const list = parseListFlags(o);
      const parsed = {
        project: parseProjectArg(given, c.opts()),
        workflow: parseWorkflow(workflow),
        scope: parseBranchScope(o),
        range: parseRange(o, false),
      };
      const { project, ...rest } = parsed;
      const { ctx, base, slug } = await start(factory, c, {}, { resolve: withSlug(project, c.opts()) });
      await run({ ...base, ...rest, slug, limit: list.limit, view: viewOf(ctx) });
    },
  );
}

export async function runInsightsRuns(o: InsightsRunsOptions): Promise<void> {
  const client = await o.client();
  const pages = client.getProjectWorkflowRuns(
    o.slug,
    o.workflow,
    { ...o.scope, ...o.range },
    { limit: o.limit, raw: o.printer.takesRawJson },
  );
  await tableOrCharts(
    o,
    pages,
    { columns: RUN_COLUMNS, noun: 'runs' },
    (items) => runCharts(items, o.view.width),
    PRETTY,
  );
}
