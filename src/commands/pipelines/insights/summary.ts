import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type {
  OrgSummaryWire,
  ProjectSummaryWire,
  ReportingWindow,
} from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import type { Column } from '../../../output/printer.js';
import { words } from '../../../output/text.js';
import { addOrgOption, orgOf, orgSlug, parseOrg } from '../org.js';
import { PROJECT_ARG, parseProjectArg, withSlug } from '../project-ref.js';
import { type PipelinesBase, start } from '../shared.js';
import { orgCharts, projectCharts } from './charts.js';
import { type InsightsView, addWindowOption, collectValues, draw, parseWindow, viewOf } from './shared.js';

export interface InsightsSummaryOptions extends PipelinesBase {
  /** A project's summary (by slug) or an organization's. */
  project: string | undefined;
  /** The organization's slug, resolved from any form `--org` takes. */
  org: string | undefined;
  window: ReportingWindow | undefined;
  branches: string[] | undefined;
  workflows: string[] | undefined;
  projects: string[] | undefined;
  view: InsightsView;
}

interface Flags {
  org?: string;
  window?: string;
  branch?: string[];
  allBranches?: boolean;
  workflow?: string[];
  project?: string[];
}

export function parseSummaryFlags(slug: string | undefined, o: Flags) {
  const project = slug === undefined ? undefined : parseProjectArg(slug, o);
  // With a project's name or id, --org is where it is looked up.
  if (project !== undefined && 'slug' in project && o.org !== undefined)
    throw new UsageError(
      'give a project slug or --org, not both',
      'e.g. gh/acme/web-app, or --org gh/acme (without either: the organization of OPS_PIPELINES_ORG)',
    );
  if (o.branch && o.allBranches)
    throw new UsageError('--branch and --all-branches cannot be combined', 'give one of them');
  if (slug === undefined && (o.branch || o.workflow))
    throw new UsageError(
      '--branch and --workflow are for a project summary',
      'use --project NAME with --org',
    );
  if (slug !== undefined && o.project)
    throw new UsageError('--project is for an organization summary (--org)');
  return {
    project,
    org: o.org === undefined ? undefined : parseOrg(o.org),
    window: parseWindow(o.window),
    branches: o.branch,
    workflows: o.workflow,
    projects: o.project,
  };
}

export function insightsSummaryCommand(factory: Factory, run = runInsightsSummary): Command {
  return addWindowOption(
    addOrgOption(
      verbCommand(
        'summary',
        'Runs, success rate, duration, credits and throughput of a project (per workflow and branch) or of an organization (per project), with trends; drawn as charts on a terminal',
        [
          'ops pipelines insights summary gh/acme/web-app',
          'ops pipelines insights summary gh/acme/web-app --window last-30-days \\\n' + '    --branch main',
          'ops pipelines insights summary --org gh/acme --window last-7-days',
          'ops pipelines insights summary --org acme --json',
          'ops pipelines insights summary gh/acme/web-app -o csv',
          'ops pipelines insights summary web-app --org acme   # a project by name',
        ],
      ).argument('[project]', `${PROJECT_ARG}; without it, the organization's summary`),
      'the organization: its summary (the default without a project), or where a project name or id is looked up',
    ),
  )
    .option('--branch <name>', 'only these branches (repeatable; default every branch)', collectValues)
    .option('--all-branches', 'every branch (the default)')
    .option('--workflow <name>', 'only these workflows (repeatable)', collectValues)
    .option('--project <name>', 'with --org: only these projects (repeatable)', collectValues)
    .action(async (slug: string | undefined, o: Flags, c: Command) => {
      const parsed = parseSummaryFlags(slug, o);
      const {
        ctx,
        base,
        slug: project,
      } = await start(factory, c, { org: o.org }, { resolve: withSlug(parsed.project, {}) });
      // The organization's slug: an id or a name costs one read of the user's organizations.
      const org =
        parsed.project !== undefined ? undefined : await orgSlug(await base.client(), await orgOf(ctx));
      await run({ ...base, ...parsed, project, org, view: viewOf(ctx) });
    });
}

export async function runInsightsSummary(o: InsightsSummaryOptions): Promise<void> {
  const client = await o.client();
  if (o.org !== undefined) {
    const res = await client.getOrgSummaryData(o.org, {
      'reporting-window': o.window,
      'project-names': o.projects,
    });
    if (o.view.raw) return o.printer.print(res);
    if (o.view.charts) return draw(o.printer, orgCharts(o.org, o.window, res, o.view.width));
    return o.printer.print(orgRows(res), { columns: ORG_COLUMNS });
  }
  const project = o.project!;
  const res = await client.getProjectWorkflowsPageData(project, {
    'reporting-window': o.window,
    branches: o.branches,
    'workflow-names': o.workflows,
  });
  if (o.view.raw) return o.printer.print(res);
  if (o.view.charts) return draw(o.printer, projectCharts(project, o, res, o.view.width));
  return o.printer.print(projectRows(res), { columns: PROJECT_COLUMNS });
}

/** A row of CSV or of a table that is not on a terminal: a name, then each metric and its trend as sent. */
interface Row {
  /** The workflow, or the project of an organization's summary. */
  name: string;
  branch: string;
  metrics: Record<string, number>;
  trends: Record<string, number>;
}

const numbers = (o: object) => o as unknown as Record<string, number>;

/** One row a workflow (branch `*`: every branch given), then one a workflow and branch. */
export function projectRows(res: ProjectSummaryWire): Row[] {
  return [
    ...(res.project_workflow_data ?? []).map((w) => ({ ...w, branch: '*' })),
    ...(res.project_workflow_branch_data ?? []),
  ].map((w) => ({
    name: w.workflow_name,
    branch: w.branch,
    metrics: numbers(w.metrics),
    trends: numbers(w.trends),
  }));
}

function orgRows(res: OrgSummaryWire): Row[] {
  return (res.org_project_data ?? []).map((p) => ({
    name: p.project_name,
    branch: '',
    metrics: numbers(p.metrics),
    trends: numbers(p.trends),
  }));
}

const metric = (key: string): Column<Row>[] => [
  { header: words(key), get: (r) => r.metrics[key] },
  { header: `${words(key)} trend`, get: (r) => r.trends[key] },
];

const PROJECT_COLUMNS: Column<Row>[] = [
  { header: 'workflow', get: (r) => r.name },
  { header: 'branch', get: (r) => r.branch },
  ...metric('total_runs'),
  ...metric('success_rate'),
  ...metric('p95_duration_secs'),
  ...metric('total_credits_used'),
];

const ORG_COLUMNS: Column<Row>[] = [
  { header: 'project', get: (r) => r.name },
  ...metric('total_runs'),
  ...metric('success_rate'),
  ...metric('total_duration_secs'),
  ...metric('total_credits_used'),
];
