import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { UsageError } from '../../../../errors.js';
import { LABEL_COLUMNS } from '../../columns.js';
import { type RunnerScope, addLabels } from '../../scoped.js';
import {
  type RunsBase,
  type ScopeFlags,
  addRepoOrOrgOptions,
  inRunnerScope,
  RUN_ID,
  parseId,
  start,
} from '../../shared.js';

/** A runner holds at most this many labels. */
export const MAX_LABELS = 100;

export interface RunnerLabelsAddOptions extends RunsBase {
  scope: RunnerScope;
  runnerId: number;
  labels: string[];
}

export function parseLabels(raw: string[]): string[] {
  const labels = raw.map((l) => l.trim());
  const bad = labels.find((l) => l === '' || /[\s,]/.test(l) || l.length > 256);
  if (bad !== undefined)
    throw new UsageError(
      `invalid label "${bad}"`,
      'give each label as one word (no spaces or commas), at most 256 characters',
    );
  if (labels.length > MAX_LABELS)
    throw new UsageError(`${labels.length} labels given; a runner takes at most ${MAX_LABELS}`);
  return [...new Set(labels)];
}

export function runnerLabelsAddCommand(factory: Factory, run = runRunnerLabelsAdd): Command {
  return addRepoOrOrgOptions(
    verbCommand('add', 'Add custom labels to a runner; prints every label it then has', [
      'ops runs runner labels add 7 gpu cuda-12',
      'ops runs runner labels add 21 deploy-eu --org octo-org',
    ])
      .argument('<runner-id>', 'the runner id')
      .argument('<label...>', 'one or more labels'),
  ).action(async (raw: string, rawLabels: string[], o: ScopeFlags, c: Command) => {
    const runnerId = parseId('runner id', raw, RUN_ID);
    const labels = parseLabels(rawLabels);
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, runnerId, labels });
  });
}

export async function runRunnerLabelsAdd(o: RunnerLabelsAddOptions): Promise<void> {
  const res = await addLabels(await o.client(), o.scope, o.runnerId, o.labels);
  await o.printer.print(res.labels, { columns: LABEL_COLUMNS });
}
