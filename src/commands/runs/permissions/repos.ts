import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepositoryWire } from '../../../clients/runs/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { REPOSITORY_COLUMNS } from '../columns.js';
import { type RunsBase, addOrgOption, inOrg, start } from '../shared.js';

export interface PermissionsReposOptions extends RunsBase {
  org: string;
  limit: number | undefined;
}

export function permissionsReposCommand(factory: Factory, run = runPermissionsRepos): Command {
  const cmd = verbCommand(
    'repos',
    'List the repositories allowed to run workflows, when the organisation allows selected repositories only',
    ['ops runs permissions repos', 'ops runs permissions repos --org octo-org --json'],
  );
  addListFlags(cmd);
  addOrgOption(cmd);
  return cmd.action(async (o: { org?: string; limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, limit });
  });
}

export async function runPermissionsRepos(o: PermissionsReposOptions): Promise<void> {
  const client = await o.client();
  await printPages<RepositoryWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listSelectedRepositoriesEnabledPlatformActionsOrganization(o.org, {
      limit: o.limit,
      raw: o.printer.takesRawJson,
    }),
    columns: REPOSITORY_COLUMNS,
    limit: o.limit,
    noun: 'repositories',
  });
}
