import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { openWeb } from '../../shared/browser.js';
import { JOB_FIELDS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';

export interface JobViewOptions extends RunsBase {
  repo: RepoRef;
  jobId: number;
  /** `--web`: open the job's page instead of printing it. */
  web?: (url: string) => Promise<void>;
}

export function jobViewCommand(factory: Factory, run = runJobView): Command {
  return addRepoOption(
    verbCommand('view', 'Show a job of a workflow run: its state, runner and how long it took', [
      'ops runs job view 399444123',
      'ops runs job view 399444123 --query "steps[?conclusion==\'failure\'].name"',
      'ops runs job view 399444123 --web',
    ])
      .argument('<job-id>', 'the job id')
      .option('--web', "open the job's page in a browser (the address is printed if none opens)"),
  ).action(async (raw: string, o: { repo?: string; web?: boolean }, c: Command) => {
    const jobId = parseId('job id', raw, RUN_ID);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    const web = o.web ? (url: string) => openWeb(ctx, url) : undefined;
    await run({ ...base, repo, jobId, web });
  });
}

export async function runJobView(o: JobViewOptions): Promise<void> {
  const client = await o.client();
  const job = await client.getJobForWorkflowRun(o.repo, o.jobId);
  if (!o.web) return o.printer.print(job, { columns: JOB_FIELDS });
  // The service may give a job no page of its own (html_url null): its run's page shows it.
  await o.web(job.html_url ?? (await client.getWorkflowRun(o.repo, job.run_id)).html_url);
}
