import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { DOWNLOAD_COLUMNS } from '../columns.js';
import { type RunnerScope, runnerDownloads } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addRepoOrOrgOptions, inRunnerScope, start } from '../shared.js';

export interface RunnerDownloadsOptions extends RunsBase {
  scope: RunnerScope;
}

export function runnerDownloadsCommand(factory: Factory, run = runRunnerDownloads): Command {
  return addRepoOrOrgOptions(
    verbCommand('downloads', 'List the runner application packages to download, by OS and architecture', [
      'ops runs runner downloads',
      'ops runs runner downloads --org octo-org --query "[?os==\'linux\'].download_url"',
    ]),
  ).action(async (o: ScopeFlags, c: Command) => {
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope });
  });
}

export async function runRunnerDownloads(o: RunnerDownloadsOptions): Promise<void> {
  await o.printer.print(await runnerDownloads(await o.client(), o.scope), { columns: DOWNLOAD_COLUMNS });
}
