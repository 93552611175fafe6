import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { terminalSafe } from '../../../output/text.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';

export interface JobLogsOptions extends RunsBase {
  repo: RepoRef;
  jobId: number;
}

export function jobLogsCommand(factory: Factory, run = runJobLogs): Command {
  return addRepoOption(
    verbCommand(
      'logs',
      "Print one finished job's log as plain text",
      ['ops runs job logs 399444123', 'ops runs job logs 399444123 > test-job.log'],
      { notes: `The log comes from a short-lived download address; the API token is never sent there.` },
    ).argument('<job-id>', 'the job id'),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const jobId = parseId('job id', raw, RUN_ID);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, jobId });
  });
}

export async function runJobLogs(o: JobLogsOptions): Promise<void> {
  const text = await (await o.client()).downloadJobLogsForWorkflowRun(o.repo, o.jobId);
  await o.printer.text(terminalSafe(text));
}
