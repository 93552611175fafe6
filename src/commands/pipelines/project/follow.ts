import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { FollowProvider, ProjectSettingsWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { type PipelinesBase, parseProjectSlug, start } from '../shared.js';

export interface ProjectFollowOptions extends PipelinesBase {
  provider: FollowProvider;
  organization: string;
  project: string;
}

const PROVIDERS: readonly FollowProvider[] = ['github', 'gh', 'bitbucket', 'bb', 'circleci'];

export function parseFollowSlug(
  raw: string,
): Pick<ProjectFollowOptions, 'provider' | 'organization' | 'project'> {
  const [provider, organization, project] = parseProjectSlug(raw).split('/') as [string, string, string];
  if (!(PROVIDERS as readonly string[]).includes(provider))
    throw new UsageError(
      `invalid provider "${provider}" in "${raw}"`,
      `give one of: ${PROVIDERS.join(', ')}`,
    );
  return { provider: provider as FollowProvider, organization, project };
}

export function projectFollowCommand(factory: Factory, run = runProjectFollow): Command {
  return verbCommand(
    'follow',
    'DEPRECATED: create a project by following a repository of a classic GitHub or Bitbucket organization ' +
      '(the repository needs a default branch and a config file); use `ops pipelines project create` instead. ' +
      'Prints the new project’s advanced settings.',
    ['ops pipelines project follow gh/acme/docs', 'ops pipelines project follow github/acme/docs --json'],
  )
    .argument('<project-slug>', 'provider/organization/repository, e.g. gh/acme/docs')
    .action(async (slug: string, _o: unknown, c: Command) => {
      const parsed = parseFollowSlug(slug);
      const { base } = await start(factory, c);
      base.feedback.warn('project follow is deprecated by the service; use `ops pipelines project create`');
      await run({ ...base, ...parsed });
    });
}

export async function runProjectFollow(o: ProjectFollowOptions): Promise<void> {
  const settings = await (await o.client()).followProject(o.provider, o.organization, o.project);
  await o.printer.print(settings, {
    columns: Object.keys(settings.advanced ?? {}).map((k) => ({
      header: k,
      get: (s: ProjectSettingsWire) => (s.advanced as Record<string, unknown>)[k],
    })),
  });
}
