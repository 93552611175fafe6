import { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import type { JobWire } from '../../clients/runs/types.js';
import { JOB_COLUMNS, RUN_FIELDS } from './columns.js';
import { type RunsBase, addRepoOption, allItems, inRepo, parseId, start } from './shared.js';

export interface RunsViewOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  /** Also print the jobs of the run (a person's table; scripts get the run object alone). */
  jobs: boolean;
}

export function runsViewCommand(factory: Factory, run = runRunsView): Command {
  return addRepoOption(
    new Command('view')
      .description('Show a workflow run, how long it took and, in a table, its jobs')
      .argument('<run-id>', 'the run id'),
  )
    .addHelpText(
      'after',
      `
Examples:
  ops runs view 30433643
  ops runs view 30433643 --json
  ops runs view 30433643 --field conclusion`,
    )
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const runId = parseId('run id', raw);
      const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
      const jobs = ctx.printer.format === 'table' && !ctx.flags.query && ctx.flags.field === undefined;
      await run({ ...base, repo, runId, jobs });
    });
}

export async function runRunsView(o: RunsViewOptions): Promise<void> {
  const client = await o.client();
  const run = await client.getWorkflowRun(o.repo, o.runId);
  await o.printer.print(run, { columns: RUN_FIELDS });
  if (!o.jobs) return;
  const jobs = await allItems<JobWire>(client.listJobsForWorkflowRun(o.repo, o.runId, {}));
  if (!jobs.length) return;
  // A heading, then the jobs under it (gh run view).
  await o.printer.text(`\n${o.printer.style.bold('JOBS')}`);
  await o.printer.print(jobs, { columns: JOB_COLUMNS });
}
