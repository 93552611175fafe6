import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { MinimalRepositoryWire } from '../../clients/runs/types.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { REPOSITORY_COLUMNS } from './columns.js';
import { type RunsBase, addOrgOption, inOrg, RUN_ID, parseId, parseName, start } from './shared.js';

/** `secret repos …` and `variable repos …`: the repositories an organisation item with visibility selected reaches. */
export type SelectedKind = 'secret' | 'variable';

export interface SelectedReposListOptions extends RunsBase {
  kind: SelectedKind;
  org: string;
  name: string;
  limit: number | undefined;
}

export interface SelectedReposAddOptions extends RunsBase {
  kind: SelectedKind;
  org: string;
  name: string;
  repositoryId: number;
}

export function selectedReposListCommand(
  factory: Factory,
  kind: SelectedKind,
  run: (o: SelectedReposListOptions) => Promise<void>,
): Command {
  const example = kind === 'secret' ? 'DEPLOY_KEY' : 'BUILD_FLAGS';
  const cmd = verbCommand(
    'list',
    `List the repositories an organisation ${kind} with visibility selected reaches`,
    [
      `ops runs ${kind} repos list ${example}`,
      `ops runs ${kind} repos list ${example} --org octo-org --json`,
    ],
  ).argument('<name>', `the ${kind} name`);
  addListFlags(cmd);
  addOrgOption(cmd);
  return cmd.action(
    async (rawName: string, o: { org?: string; limit?: string; all?: boolean }, c: Command) => {
      const name = parseName(`${kind} name`, rawName);
      const { limit } = parseListFlags(o);
      const { base, org } = await start(factory, c, o, { scope: inOrg });
      await run({ ...base, kind, org, name, limit });
    },
  );
}

export function selectedReposAddCommand(
  factory: Factory,
  kind: SelectedKind,
  run: (o: SelectedReposAddOptions) => Promise<void>,
): Command {
  const example = kind === 'secret' ? 'DEPLOY_KEY' : 'BUILD_FLAGS';
  return addOrgOption(
    verbCommand(
      'add',
      `Let one more repository use an organisation ${kind} whose visibility is selected`,
      [`ops runs ${kind} repos add ${example} 1296270`],
      { notes: `A ${kind} whose visibility is not selected answers 409 (exit 1).` },
    )
      .argument('<name>', `the ${kind} name`)
      .argument('<repo-id>', 'the repository id'),
  ).action(async (rawName: string, rawId: string, o: { org?: string }, c: Command) => {
    const name = parseName(`${kind} name`, rawName);
    const repositoryId = parseId('repository id', rawId, RUN_ID);
    const { base, org } = await start(factory, c, o, { scope: inOrg });
    await run({ ...base, kind, org, name, repositoryId });
  });
}

export async function runSelectedReposList(o: SelectedReposListOptions): Promise<void> {
  const client = await o.client();
  const opts = { limit: o.limit, raw: o.printer.takesRawJson };
  await printPages<MinimalRepositoryWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages:
      o.kind === 'secret'
        ? client.listSelectedReposForOrgSecret(o.org, o.name, opts)
        : client.listSelectedReposForOrgVariable(o.org, o.name, opts),
    columns: REPOSITORY_COLUMNS,
    limit: o.limit,
    noun: 'repositories',
  });
}

export async function runSelectedReposAdd(o: SelectedReposAddOptions): Promise<void> {
  const client = await o.client();
  if (o.kind === 'secret') await client.addSelectedRepoToOrgSecret(o.org, o.name, o.repositoryId);
  else await client.addSelectedRepoToOrgVariable(o.org, o.name, o.repositoryId);
  await o.printer.print({ [o.kind]: o.name, org: o.org, repository_id: o.repositoryId, added: true });
}
