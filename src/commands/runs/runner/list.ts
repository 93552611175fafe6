import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RunnerWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { RUNNER_COLUMNS } from '../columns.js';
import { type RunnerScope, listRunners } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addRepoOrOrgOptions, inRunnerScope, start } from '../shared.js';

export interface RunnerListOptions extends RunsBase {
  scope: RunnerScope;
  name: string | undefined;
  limit: number | undefined;
}

export function runnerListCommand(factory: Factory, run = runRunnerList): Command {
  const cmd = verbCommand(
    'list',
    'List the self-hosted runners of a repository, or of the organisation with --org',
    [
      'ops runs runner list',
      'ops runs runner list --org octo-org',
      'ops runs runner list --org octo-org --name org-runner-2 --json',
    ],
  ).option('--name <name>', 'only the runner of this name');
  addListFlags(cmd);
  addRepoOrOrgOptions(cmd);
  return cmd.action(async (o: ScopeFlags & { name?: string; limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    if (o.name !== undefined && o.name.trim() === '')
      throw new UsageError('--name is empty', 'give a runner name');
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, name: o.name, limit });
  });
}

export async function runRunnerList(o: RunnerListOptions): Promise<void> {
  const client = await o.client();
  await printPages<RunnerWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: listRunners(client, o.scope, { name: o.name }, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: RUNNER_COLUMNS,
    limit: o.limit,
    noun: 'runners',
  });
}
