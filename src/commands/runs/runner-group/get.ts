import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, start } from '../shared.js';
import { RUNNER_GROUP_COLUMNS } from './columns.js';

export interface RunnerGroupGetOptions extends RunsBase {
  org: string;
  groupId: number;
}

export function runnerGroupGetCommand(factory: Factory, run = runRunnerGroupGet): Command {
  return addOrgOption(
    verbCommand('get', "Show one of the organisation's runner groups", [
      'ops runs runner-group get 2',
      'ops runs runner-group get 1 --org octo-org --field visibility',
    ]).argument('<group-id>', 'the runner group id'),
  ).action(async (raw: string, o: { org?: string }, c: Command) => {
    const groupId = parseId('runner group id', raw, RUN_ID);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, groupId });
  });
}

export async function runRunnerGroupGet(o: RunnerGroupGetOptions): Promise<void> {
  const group = await (await o.client()).getSelfHostedRunnerGroupForOrg(o.org, o.groupId);
  await o.printer.print(group, { columns: RUNNER_GROUP_COLUMNS });
}
