import { requiredRunArgument } from './pick-run.js';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';
import { printDeleted } from '../shared/outcome.js';

export interface RunsLogsDeleteOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  confirm: (action: string) => Promise<void>;
}

export function runsLogsDeleteCommand(factory: Factory, run = runRunsLogsDelete): Command {
  return addRepoOption(
    verbCommand('delete-logs', "Delete a finished run's logs; asks first, --yes skips the question", [
      'ops runs delete-logs 30433642 --yes',
    ]).addArgument(requiredRunArgument()),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const runId = parseId('run id', raw, RUN_ID);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, runId, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runRunsLogsDelete(o: RunsLogsDeleteOptions): Promise<void> {
  await o.confirm(`Delete the logs of run ${o.runId}`);
  await (await o.client()).deleteWorkflowRunLogs(o.repo, o.runId);
  await printDeleted(o, 'logs of run', o.runId);
}
