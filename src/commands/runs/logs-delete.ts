import { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { type RunsBase, addRepoOption, inRepo, parseId, start } from './shared.js';
import { printDeleted } from '../shared/outcome.js';

export interface RunsLogsDeleteOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  confirm: (action: string) => Promise<void>;
}

export function runsLogsDeleteCommand(factory: Factory, run = runRunsLogsDelete): Command {
  return addRepoOption(
    new Command('delete-logs')
      .description("Delete a finished run's logs; asks first, --yes skips the question")
      .argument('<run-id>', 'the run id'),
  )
    .addHelpText('after', '\nExamples:\n  ops runs delete-logs 30433642 --yes')
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const runId = parseId('run id', raw);
      const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
      await run({ ...base, repo, runId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runRunsLogsDelete(o: RunsLogsDeleteOptions): Promise<void> {
  await o.confirm(`Delete the logs of run ${o.runId}`);
  await (await o.client()).deleteWorkflowRunLogs(o.repo, o.runId);
  await printDeleted(o, 'logs of run', o.runId);
}
