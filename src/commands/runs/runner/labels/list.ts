import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { LABEL_COLUMNS } from '../../columns.js';
import { type RunnerScope, listLabels } from '../../scoped.js';
import {
  type RunsBase,
  type ScopeFlags,
  addRepoOrOrgOptions,
  inRunnerScope,
  RUN_ID,
  parseId,
  start,
} from '../../shared.js';

export interface RunnerLabelsListOptions extends RunsBase {
  scope: RunnerScope;
  runnerId: number;
}

export function runnerLabelsListCommand(factory: Factory, run = runRunnerLabelsList): Command {
  return addRepoOrOrgOptions(
    verbCommand('list', "List a runner's labels: read-only ones and custom ones", [
      'ops runs runner labels list 7',
      'ops runs runner labels list 21 --org octo-org --json',
    ]).argument('<runner-id>', 'the runner id'),
  ).action(async (raw: string, o: ScopeFlags, c: Command) => {
    const runnerId = parseId('runner id', raw, RUN_ID);
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, runnerId });
  });
}

export async function runRunnerLabelsList(o: RunnerLabelsListOptions): Promise<void> {
  const res = await listLabels(await o.client(), o.scope, o.runnerId);
  await o.printer.print(res.labels, { columns: LABEL_COLUMNS });
}
