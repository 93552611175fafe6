import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type PipelinesBase, start } from '../shared.js';
import { type InsightsView, parseWorkflow, viewOf } from './shared.js';

export interface InsightsBranchesOptions extends PipelinesBase {
  slug: string;
  workflow: string | undefined;
  view: InsightsView;
}

export function insightsBranchesCommand(factory: Factory, run = runInsightsBranches): Command {
  return verbCommand(
    'branches',
    'The branches that have runs in the insights data of a project (or of one workflow)',
    [
      'ops pipelines insights branches gh/acme/web-app',
      'ops pipelines insights branches gh/acme/web-app --workflow deploy --json',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .option('--workflow <name>', 'only branches with runs of this workflow')
    .action(async (given: string, o: { workflow?: string }, c: Command) => {
      const parsed = {
        project: parseProjectArg(given, c.opts()),
        workflow: o.workflow === undefined ? undefined : parseWorkflow(o.workflow),
      };
      const { project, ...rest } = parsed;
      const { ctx, base, slug } = await start(factory, c, {}, { resolve: withSlug(project, c.opts()) });
      await run({ ...base, ...rest, slug, view: viewOf(ctx) });
    });
}

export async function runInsightsBranches(o: InsightsBranchesOptions): Promise<void> {
  const res = await (await o.client()).getAllInsightsBranches(o.slug, { 'workflow-name': o.workflow });
  if (o.view.raw) return o.printer.print(res);
  await o.printer.print(
    (res.branches ?? []).map((branch) => ({ branch })),
    { columns: [{ header: 'branch', get: (b: { branch: string }) => b.branch }] },
  );
}
