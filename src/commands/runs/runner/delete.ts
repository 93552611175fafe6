import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { describeScope } from '../../../clients/runs/refs.js';
import { type RunnerScope, deleteRunner } from '../scoped.js';
import {
  type RunsBase,
  type ScopeFlags,
  addRepoOrOrgOptions,
  inRunnerScope,
  RUN_ID,
  parseId,
  start,
} from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface RunnerDeleteOptions extends RunsBase {
  scope: RunnerScope;
  runnerId: number;
  confirm: (action: string) => Promise<void>;
}

export function runnerDeleteCommand(factory: Factory, run = runRunnerDelete): Command {
  return addRepoOrOrgOptions(
    verbCommand(
      'delete',
      'Force the removal of a self-hosted runner; asks first, --yes skips the question',
      ['ops runs runner delete 7 --yes', 'ops runs runner delete 23 --org octo-org -y'],
      { notes: `A runner busy with a job is refused (422: exit 1).` },
    ).argument('<runner-id>', 'the runner id'),
  ).action(async (raw: string, o: ScopeFlags, c: Command) => {
    const runnerId = parseId('runner id', raw, RUN_ID);
    const { ctx, base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, runnerId, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runRunnerDelete(o: RunnerDeleteOptions): Promise<void> {
  await o.confirm(`Remove runner ${o.runnerId} from ${describeScope(o.scope)}`);
  await deleteRunner(await o.client(), o.scope, o.runnerId);
  await printDeleted(o, 'runner', o.runnerId);
}
