import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RunnerGroupWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { type RunsBase, addOrgOption, inOrg, start } from '../shared.js';
import { RUNNER_GROUP_COLUMNS } from './columns.js';

export interface RunnerGroupListOptions extends RunsBase {
  org: string;
  /** Only the groups this repository (a name in the organisation) may use. */
  visibleTo: string | undefined;
  limit: number | undefined;
}

export function runnerGroupListCommand(factory: Factory, run = runRunnerGroupList): Command {
  const cmd = addOrgOption(
    verbCommand('list', "List the organisation's runner groups", [
      'ops runs runner-group list',
      'ops runs runner-group list --org octo-org --visible-to hello-world --json',
    ]).option('--visible-to <repo>', 'only the groups this repository of the organisation may use'),
  );
  addListFlags(cmd);
  return cmd.action(
    async (o: { org?: string; visibleTo?: string; limit?: string; all?: boolean }, c: Command) => {
      const { limit } = parseListFlags(o);
      const visibleTo = o.visibleTo?.trim();
      if (visibleTo !== undefined && !/^[A-Za-z0-9._-]+$/.test(visibleTo))
        throw new UsageError(
          `invalid --visible-to "${o.visibleTo}"`,
          'give the name of a repository of the organisation, e.g. hello-world',
        );
      const { base, org } = await start(factory, c, o, { scope: inOrg });
      await run({ ...base, org, visibleTo, limit });
    },
  );
}

export async function runRunnerGroupList(o: RunnerGroupListOptions): Promise<void> {
  const client = await o.client();
  await printPages<RunnerGroupWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listSelfHostedRunnerGroupsForOrg(
      o.org,
      { visible_to_repository: o.visibleTo },
      { limit: o.limit, raw: o.printer.takesRawJson },
    ),
    columns: RUNNER_GROUP_COLUMNS,
    limit: o.limit,
    noun: 'runner groups',
  });
}
