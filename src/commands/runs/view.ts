import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import type { JobWire } from '../../clients/runs/types.js';
import { openWeb } from '../shared/browser.js';
import { requireOrPick } from '../shared/pick.js';
import { JOB_COLUMNS, RUN_FIELDS } from './columns.js';
import { runArgument, pickRun } from './pick-run.js';
import { type RunsBase, addRepoOption, allItems, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsViewOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  /** Also print the jobs of the run (a person's table; scripts get the run object alone). */
  jobs: boolean;
  /** `--web`: open the run's page instead of printing it. */
  web?: (url: string) => Promise<void>;
}

export function runsViewCommand(factory: Factory, run = runRunsView): Command {
  return addRepoOption(
    verbCommand('view', 'Show a workflow run, how long it took and, in a table, its jobs', [
      'ops runs view 30433643',
      'ops runs view 30433643 --json',
      'ops runs view 30433643 --field conclusion',
      'ops runs view 30433643 --web',
    ])
      .addArgument(runArgument())
      .option('--web', "open the run's page in a browser (the address is printed if none opens)"),
  ).action(async (raw: string | undefined, o: { repo?: string; web?: boolean }, c: Command) => {
    requireOrPick(factory.io, c, 'run-id', raw);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    const runId = raw === undefined ? await pickRun(ctx, c, base, repo) : parseId('run id', raw, RUN_ID);
    const jobs = ctx.printer.format === 'table' && !ctx.flags.query && ctx.flags.field === undefined;
    const web = o.web ? (url: string) => openWeb(ctx, url) : undefined;
    await run({ ...base, repo, runId, jobs, web });
  });
}

export async function runRunsView(o: RunsViewOptions): Promise<void> {
  const client = await o.client();
  const run = await client.getWorkflowRun(o.repo, o.runId);
  if (o.web) return o.web(run.html_url);
  await o.printer.print(run, { columns: RUN_FIELDS });
  if (!o.jobs) return;
  const jobs = await allItems<JobWire>(client.listJobsForWorkflowRun(o.repo, o.runId, {}));
  if (!jobs.length) return;
  // A heading, then the jobs under it (gh run view).
  await o.printer.text(`\n${o.printer.style.bold('JOBS')}`);
  await o.printer.print(jobs, { columns: JOB_COLUMNS });
}
