import { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { RUN_FIELDS } from './columns.js';
import { type RunsBase, addRepoOption, parseId, repoOf, runsBase, runsContext } from './shared.js';

export interface RunsDeleteOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  confirm: (action: string) => Promise<void>;
}

export function runsDeleteCommand(factory: Factory, run = runRunsDelete): Command {
  return addRepoOption(
    new Command('delete')
      .description(
        'Delete a finished workflow run with its logs and artifacts; asks first, --yes skips the question',
      )
      .argument('<run-id>', 'the run id'),
  )
    .addHelpText(
      'after',
      `
Prints the run as it was before it was deleted.

Examples:
  ops runs delete 30433642 --yes
  ops runs delete 30400001 -y --json`,
    )
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const runId = parseId('run id', raw);
      const ctx = await runsContext(factory, c, o);
      const repo = await repoOf(ctx);
      await run({ ...(await runsBase(ctx)), repo, runId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runRunsDelete(o: RunsDeleteOptions): Promise<void> {
  await o.confirm(`Delete workflow run ${o.runId} of ${o.repo.owner}/${o.repo.repo}`);
  const client = await o.client();
  // Read first, so that the answer shows what went.
  const run = await client.getWorkflowRun(o.repo, o.runId);
  await client.deleteWorkflowRun(o.repo, o.runId);
  await o.printer.print(run, { columns: RUN_FIELDS });
}
