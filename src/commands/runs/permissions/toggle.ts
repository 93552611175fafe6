import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, start } from '../shared.js';

export interface PermissionsRepoOptions extends RunsBase {
  org: string;
  repositoryId: number;
}

/** `permissions enable-repo` and `disable-repo`: one repository in or out of the selected list. */
export function toggleCommand(
  factory: Factory,
  name: 'enable-repo' | 'disable-repo',
  run: (o: PermissionsRepoOptions) => Promise<void>,
): Command {
  const what =
    name === 'enable-repo'
      ? 'Allow one more repository to run workflows (the organisation allows selected repositories only)'
      : 'Stop a repository from running workflows (the organisation allows selected repositories only)';
  return addOrgOption(
    verbCommand(name, what, [
      `ops runs permissions ${name} 1296270`,
      `ops runs permissions ${name} 1296272 --org octo-org --json`,
    ]).argument('<repo-id>', 'the repository id'),
  ).action(async (raw: string, o: { org?: string }, c: Command) => {
    const repositoryId = parseId('repository id', raw, RUN_ID);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, repositoryId });
  });
}
