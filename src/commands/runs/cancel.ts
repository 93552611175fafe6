import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { RUN_FIELDS } from './columns.js';
import { requireOrPick } from '../shared/pick.js';
import { runArgument, pickRun } from './pick-run.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsCancelOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
}

export function runsCancelCommand(factory: Factory, run = runRunsCancel): Command {
  return addRepoOption(
    verbCommand(
      'cancel',
      'Cancel a queued or running workflow run',
      ['ops runs cancel 30433647', 'ops runs cancel 30433648 --json'],
      { notes: `A finished run cannot be cancelled (the service answers 409: exit 1).` },
    ).addArgument(runArgument()),
  ).action(async (raw: string | undefined, o: { repo?: string }, c: Command) => {
    requireOrPick(factory.io, c, 'run-id', raw);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    const runId = raw === undefined ? await pickRun(ctx, c, base, repo) : parseId('run id', raw, RUN_ID);
    await run({ ...base, repo, runId });
  });
}

export async function runRunsCancel(o: RunsCancelOptions): Promise<void> {
  const client = await o.client();
  await client.cancelWorkflowRun(o.repo, o.runId);
  await o.printer.print(await client.getWorkflowRun(o.repo, o.runId), { columns: RUN_FIELDS });
}
