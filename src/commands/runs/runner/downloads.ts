import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { type ListFlags, addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { printWhole } from '../../shared/list.js';
import type { Factory } from '../../../app/types.js';
import { DOWNLOAD_COLUMNS } from '../columns.js';
import { type RunnerScope, runnerDownloads } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addRepoOrOrgOptions, inRunnerScope, start } from '../shared.js';

export interface RunnerDownloadsOptions extends RunsBase {
  scope: RunnerScope;
  limit: ListFlags['limit'];
}

export function runnerDownloadsCommand(factory: Factory, run = runRunnerDownloads): Command {
  const cmd = addRepoOrOrgOptions(
    verbCommand(
      'downloads',
      'List the runner application packages to download, by OS and architecture',
      [
        'ops runs runner downloads',
        'ops runs runner downloads --org octo-org --query "[?os==\'linux\'].download_url"',
      ],
      { notes: 'The API answers with every package at once: --limit cuts the list here.' },
    ),
  );
  return addListFlags(cmd).action(async (o: ScopeFlags & { limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope, limit });
  });
}

export async function runRunnerDownloads(o: RunnerDownloadsOptions): Promise<void> {
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: await runnerDownloads(await o.client(), o.scope),
    columns: DOWNLOAD_COLUMNS,
    limit: o.limit,
    noun: 'packages',
  });
}
