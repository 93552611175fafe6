import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { describeScope } from '../../../../clients/runs/refs.js';
import { LABEL_COLUMNS } from '../../columns.js';
import { type RunnerScope, removeAllLabels } from '../../scoped.js';
import {
  type RunsBase,
  type ScopeFlags,
  addRepoOrOrgOptions,
  inRunnerScope,
  RUN_ID,
  parseId,
  start,
} from '../../shared.js';

export interface RunnerLabelsRemoveAllOptions extends RunsBase {
  scope: RunnerScope;
  runnerId: number;
  confirm: (action: string) => Promise<void>;
}

export function runnerLabelsRemoveAllCommand(factory: Factory, run = runRunnerLabelsRemoveAll): Command {
  return addRepoOrOrgOptions(
    verbCommand(
      'remove-all',
      'Remove every custom label of a runner; prints the read-only labels left; asks first',
      ['ops runs runner labels remove-all 21 --org octo-org --yes', 'ops runs runner labels remove-all 7 -y'],
    ).argument('<runner-id>', 'the runner id'),
  ).action(async (raw: string, o: ScopeFlags, c: Command) => {
    const runnerId = parseId('runner id', raw, RUN_ID);
    const { ctx, base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, runnerId, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runRunnerLabelsRemoveAll(o: RunnerLabelsRemoveAllOptions): Promise<void> {
  await o.confirm(`Remove every custom label of runner ${o.runnerId} in ${describeScope(o.scope)}`);
  const res = await removeAllLabels(await o.client(), o.scope, o.runnerId);
  await o.printer.print(res.labels, { columns: LABEL_COLUMNS });
}
