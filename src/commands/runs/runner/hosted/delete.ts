import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { ApiError } from '../../../../errors.js';
import type { Io } from '../../../../io.js';
import { printDeleted } from '../../../shared/outcome.js';
import {
  type WaitFlags,
  type WaitOptions,
  addWaitOptions,
  parseWaitOptions,
  waitFor,
} from '../../../shared/wait.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, start } from '../../shared.js';

export interface RunnerHostedDeleteOptions extends RunsBase {
  io: Io;
  org: string;
  hostedRunnerId: number;
  wait: WaitOptions;
  confirm: (action: string) => Promise<void>;
}

export function runnerHostedDeleteCommand(factory: Factory, run = runRunnerHostedDelete): Command {
  const cmd = addOrgOption(
    verbCommand(
      'delete',
      "Delete one of the organisation's hosted runners; asks first; waits until the service has removed it",
      [
        'ops runs runner hosted delete 5 --yes',
        'ops runs runner hosted delete 6 --org octo-org -y --no-wait --json',
      ],
      {
        notes: `The service answers at once with the runner in the Deleting state and removes it in the
background: the command waits until it is gone; --no-wait returns at once.`,
      },
    ).argument('<id>', 'the hosted runner id'),
  );
  addWaitOptions(cmd, { what: 'the hosted runner is gone' });
  return cmd.action(async (raw: string, o: { org?: string } & WaitFlags, c: Command) => {
    const hostedRunnerId = parseId('hosted runner id', raw, RUN_ID);
    const wait = parseWaitOptions(o);
    const { ctx, base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, io: ctx.io, org, hostedRunnerId, wait, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runRunnerHostedDelete(o: RunnerHostedDeleteOptions): Promise<void> {
  await o.confirm(`Delete hosted runner ${o.hostedRunnerId} of ${o.org}`);
  const client = await o.client();
  await client.deleteHostedRunnerForOrg(o.org, o.hostedRunnerId);
  if (o.wait.wait)
    await waitFor({
      feedback: o.feedback,
      io: o.io,
      wait: o.wait,
      what: `hosted runner ${o.hostedRunnerId} to be removed`,
      label: (r) => `hosted runner ${o.hostedRunnerId}: ${r?.status ?? 'gone'}`,
      describe: (r) => r?.status ?? 'gone',
      check: async () => {
        try {
          return { value: await client.getHostedRunnerForOrg(o.org, o.hostedRunnerId) };
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return { value: undefined };
          throw err;
        }
      },
      done: (r) => r === undefined,
    });
  await printDeleted(o, 'hosted runner', o.hostedRunnerId);
}
