import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { terminalSafe } from '../../../output/text.js';
import { type RunsBase, addRepoOption, inRepo, parseId, start } from '../shared.js';

export interface JobLogsOptions extends RunsBase {
  repo: RepoRef;
  jobId: number;
}

export function jobLogsCommand(factory: Factory, run = runJobLogs): Command {
  return addRepoOption(
    new Command('logs')
      .description("Print one finished job's log as plain text")
      .argument('<job-id>', 'the job id'),
  )
    .addHelpText(
      'after',
      `
The log comes from a short-lived download address; the API token is never sent there.

Examples:
  ops runs job logs 399444123
  ops runs job logs 399444123 > test-job.log`,
    )
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const jobId = parseId('job id', raw);
      const { base, repo } = await start(factory, c, o, { scope: inRepo });
      await run({ ...base, repo, jobId });
    });
}

export async function runJobLogs(o: JobLogsOptions): Promise<void> {
  const text = await (await o.client()).downloadJobLogsForWorkflowRun(o.repo, o.jobId);
  await o.printer.text(terminalSafe(text));
}
