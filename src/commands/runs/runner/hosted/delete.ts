import { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { printDeleted } from '../../../shared/outcome.js';
import { type RunsBase, addOrgOption, inOrg, parseId, start } from '../../shared.js';

export interface RunnerHostedDeleteOptions extends RunsBase {
  org: string;
  hostedRunnerId: number;
  confirm: (action: string) => Promise<void>;
}

export function runnerHostedDeleteCommand(factory: Factory, run = runRunnerHostedDelete): Command {
  return addOrgOption(
    new Command('delete')
      .description(
        "Delete one of the organisation's hosted runners; asks first; prints nothing (the service removes it in the background)",
      )
      .argument('<id>', 'the hosted runner id'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  ops runs runner hosted delete 5 --yes\n  ops runs runner hosted delete 6 --org octo-org -y --json',
    )
    .action(async (raw: string, o: { org?: string }, c: Command) => {
      const hostedRunnerId = parseId('hosted runner id', raw);
      const { ctx, base, org } = await start(factory, c, o, { scope: inOrg });
      await run({ ...base, org, hostedRunnerId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runRunnerHostedDelete(o: RunnerHostedDeleteOptions): Promise<void> {
  await o.confirm(`Delete hosted runner ${o.hostedRunnerId} of ${o.org}`);
  await (await o.client()).deleteHostedRunnerForOrg(o.org, o.hostedRunnerId);
  await printDeleted(o, 'hosted runner', o.hostedRunnerId);
}
