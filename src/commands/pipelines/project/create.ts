import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { UsageError } from '../../../errors.js';
import { PROJECT_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseOrgSlug, parseUuid, pipelinesStart } from '../shared.js';

export interface ProjectCreateOptions extends PipelinesBase {
  /** The organization's slug (`gh/acme`) or id. */
  org: string;
  name: string;
}

/** `--org`: an organization slug (provider/organization) or id (uuid). */
export function parseOrgRef(raw: string | undefined): string {
  if (raw === undefined)
    throw new UsageError('--org is required', 'give the organization slug (gh/acme) or id');
  return raw.includes('/')
    ? parseOrgSlug('--org', raw)
    : parseUuid('--org', raw, 'a slug such as gh/acme or the organization id');
}

export function projectCreateCommand(factory: Factory, run = runProjectCreate): Command {
  return new Command('create')
    .description('Create a project in an organization (replaces the deprecated `project follow`)')
    .argument('<name>', 'project name: letters, digits, dots, dashes and underscores')
    .option('--org <slug-or-id>', 'the organization: its slug (gh/acme) or id')
    .addHelpText(
      'after',
      examples(
        'ops pipelines project create billing-service --org gh/acme',
        'ops pipelines project create ingest --org a41d1f94-abf8-42a3-98c2-82ea421fc20a --json',
      ),
    )
    .action(async (name: string, o: { org?: string }, c: Command) => {
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
        throw new UsageError(
          `invalid project name "${name}"`,
          'use up to 100 letters, digits, dots, dashes and underscores, starting with a letter or digit',
        );
      const org = parseOrgRef(o.org);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, org, name });
    });
}

export async function runProjectCreate(o: ProjectCreateOptions): Promise<void> {
  await o.printer.print(await (await o.client()).createProject(o.org, o.name), { columns: PROJECT_COLUMNS });
}
