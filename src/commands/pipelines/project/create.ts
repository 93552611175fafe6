import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { UsageError } from '../../../errors.js';
import { PROJECT_COLUMNS } from '../columns.js';
import { addOrgOption, orgOf, orgSlugOrId, parseOrg } from '../org.js';
import { type PipelinesBase, start } from '../shared.js';

export interface ProjectCreateOptions extends PipelinesBase {
  /** The organization's slug (`gh/acme`) or id. */
  org: string;
  name: string;
}

export function projectCreateCommand(factory: Factory, run = runProjectCreate): Command {
  return addOrgOption(
    verbCommand('create', 'Create a project in an organization (replaces the deprecated `project follow`)', [
      'ops pipelines project create billing-service --org gh/acme',
      'ops pipelines project create ingest \\\n' + '    --org a41d1f94-abf8-42a3-98c2-82ea421fc20a --json',
      'ops pipelines project create worker --org acme-labs',
    ]).argument('<name>', 'project name: letters, digits, dots, dashes and underscores'),
    'the organization to create it in',
  ).action(async (name: string, o: { org?: string }, c: Command) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
      throw new UsageError(
        `invalid project name "${name}"`,
        'use up to 100 letters, digits, dots, dashes and underscores, starting with a letter or digit',
      );
    if (o.org !== undefined) parseOrg(o.org);
    const { ctx, base } = await start(factory, c, { org: o.org });
    // The endpoint takes the slug or the id as given; a name becomes the id (one planned read).
    const ref = await orgSlugOrId(await base.client(), await orgOf(ctx));
    await run({ ...base, org: 'id' in ref ? ref.id : ref.slug, name });
  });
}

export async function runProjectCreate(o: ProjectCreateOptions): Promise<void> {
  await o.printer.print(await (await o.client()).createProject(o.org, o.name), { columns: PROJECT_COLUMNS });
}
