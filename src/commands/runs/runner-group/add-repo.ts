import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, start } from '../shared.js';

export interface RunnerGroupAddRepoOptions extends RunsBase {
  org: string;
  groupId: number;
  repositoryId: number;
}

export function runnerGroupAddRepoCommand(factory: Factory, run = runRunnerGroupAddRepo): Command {
  return addOrgOption(
    verbCommand(
      'add-repo',
      'Give a repository access to a runner group of the organisation (the group’s visibility must be selected)',
      [
        'ops runs runner-group add-repo 2 1296270',
        'ops runs runner-group add-repo 2 1296272 --org octo-org --json',
      ],
      { notes: `A group whose visibility is not selected answers 409 (exit 1).` },
    )
      .argument('<group-id>', 'the runner group id')
      .argument('<repo-id>', 'the repository id'),
  ).action(async (rawGroup: string, rawRepo: string, o: { org?: string }, c: Command) => {
    const groupId = parseId('runner group id', rawGroup, RUN_ID);
    const repositoryId = parseId('repository id', rawRepo, RUN_ID);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, org, groupId, repositoryId });
  });
}

export async function runRunnerGroupAddRepo(o: RunnerGroupAddRepoOptions): Promise<void> {
  await (await o.client()).addRepoAccessToSelfHostedRunnerGroupInOrg(o.org, o.groupId, o.repositoryId);
  await o.printer.print({
    org: o.org,
    runner_group_id: o.groupId,
    repository_id: o.repositoryId,
    added: true,
  });
}
