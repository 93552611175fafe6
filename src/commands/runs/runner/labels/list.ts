import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import { type ListFlags, addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { printWhole } from '../../../shared/list.js';
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
  limit: ListFlags['limit'];
}

export function runnerLabelsListCommand(factory: Factory, run = runRunnerLabelsList): Command {
  const cmd = addRepoOrOrgOptions(
    verbCommand(
      'list',
      "List a runner's labels: read-only ones and custom ones",
      ['ops runs runner labels list 7', 'ops runs runner labels list 21 --org octo-org --json'],
      { notes: 'The API answers with every label at once: --limit cuts the list here.' },
    ).argument('<runner-id>', 'the runner id'),
  );
  return addListFlags(cmd).action(
    async (raw: string, o: ScopeFlags & { limit?: string; all?: boolean }, c: Command) => {
      const runnerId = parseId('runner id', raw, RUN_ID);
      const { limit } = parseListFlags(o);
      const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
      await run({ ...base, scope, runnerId, limit });
    },
  );
}

export async function runRunnerLabelsList(o: RunnerLabelsListOptions): Promise<void> {
  const res = await listLabels(await o.client(), o.scope, o.runnerId);
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: res.labels,
    columns: LABEL_COLUMNS,
    limit: o.limit,
    noun: 'labels',
  });
}
