import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { HOSTED_RUNNER_COLUMNS } from '../../runner-group/columns.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, start } from '../../shared.js';

export interface RunnerHostedGetOptions extends RunsBase {
  org: string;
  hostedRunnerId: number;
}

export function runnerHostedGetCommand(factory: Factory, run = runRunnerHostedGet): Command {
  return addOrgOption(
    verbCommand('get', "Show one of the organisation's hosted runners", [
      'ops runs runner hosted get 5',
      'ops runs runner hosted get 6 --org octo-org --field status',
    ]).argument('<id>', 'the hosted runner id'),
  ).action(async (raw: string, o: { org?: string }, c: Command) => {
    const hostedRunnerId = parseId('hosted runner id', raw, RUN_ID);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, hostedRunnerId });
  });
}

export async function runRunnerHostedGet(o: RunnerHostedGetOptions): Promise<void> {
  const runner = await (await o.client()).getHostedRunnerForOrg(o.org, o.hostedRunnerId);
  await o.printer.print(runner, { columns: HOSTED_RUNNER_COLUMNS });
}
