import { requiredRunArgument } from './pick-run.js';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';
import { printDeleted } from '../shared/outcome.js';

export interface RunsDeleteOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  confirm: (action: string) => Promise<void>;
}

export function runsDeleteCommand(factory: Factory, run = runRunsDelete): Command {
  return addRepoOption(
    verbCommand(
      'delete',
      'Delete a finished workflow run with its logs and artifacts; asks first, --yes skips the question',
      ['ops runs delete 30433642 --yes', 'ops runs delete 30400001 -y --json'],
      { notes: `Prints which run was deleted.` },
    ).addArgument(requiredRunArgument()),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const runId = parseId('run id', raw, RUN_ID);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, runId, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runRunsDelete(o: RunsDeleteOptions): Promise<void> {
  const where = `${o.repo.owner}/${o.repo.repo}`;
  await o.confirm(`Delete workflow run ${o.runId} of ${where}`);
  await (await o.client()).deleteWorkflowRun(o.repo, o.runId);
  await printDeleted(o, 'run', o.runId);
}
