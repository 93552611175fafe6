import { requiredRunArgument } from './pick-run.js';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { RUN_FIELDS } from './columns.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsApproveOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
}

export function runsApproveCommand(factory: Factory, run = runRunsApprove): Command {
  return addRepoOption(
    verbCommand(
      'approve',
      "Approve a run from a first-time contributor's fork, which waits until someone does",
      ['ops runs list --status action_required', 'ops runs approve 30433646'],
    ).addArgument(requiredRunArgument()),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const runId = parseId('run id', raw, RUN_ID);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, runId });
  });
}

export async function runRunsApprove(o: RunsApproveOptions): Promise<void> {
  const client = await o.client();
  await client.approveWorkflowRun(o.repo, o.runId);
  await o.printer.print(await client.getWorkflowRun(o.repo, o.runId), { columns: RUN_FIELDS });
}
