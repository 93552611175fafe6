import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { HostedRunnerWire } from '../../../../clients/runs/types.js';
import { printPages } from '../../../shared/list.js';
import { addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { HOSTED_RUNNER_COLUMNS } from '../../runner-group/columns.js';
import { type RunsBase, addOrgOption, inOrg, start } from '../../shared.js';

export interface RunnerHostedListOptions extends RunsBase {
  org: string;
  limit: number | undefined;
}

export function runnerHostedListCommand(factory: Factory, run = runRunnerHostedList): Command {
  const cmd = addOrgOption(
    verbCommand('list', "List the organisation's hosted runners", [
      'ops runs runner hosted list',
      'ops runs runner hosted list --org octo-org --json',
    ]),
  );
  addListFlags(cmd);
  return cmd.action(async (o: { org?: string; limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, limit });
  });
}

export async function runRunnerHostedList(o: RunnerHostedListOptions): Promise<void> {
  const client = await o.client();
  await printPages<HostedRunnerWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listHostedRunnersForOrg(o.org, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: HOSTED_RUNNER_COLUMNS,
    limit: o.limit,
    noun: 'hosted runners',
  });
}
