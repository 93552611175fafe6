import type { ProjectWire } from '../../../clients/pipelines/types.js';
import { PROJECT_ARG, PROJECT_ORG, withProject, parseProjectArg } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { PROJECT_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';

export interface ProjectGetOptions extends PipelinesBase {
  slug: string;
  /** The project, when finding it by name or id read it already. */
  found?: ProjectWire | undefined;
}

export function projectGetCommand(factory: Factory, run = runProjectGet): Command {
  return verbCommand('get', 'Show a project: its id, organization and version-control settings', [
    'ops pipelines project get gh/acme/web-app',
    'ops pipelines project get gh/acme/web-app --field id',
    'ops pipelines project get web-app --org gh/acme   # by name',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .action(async (slug: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const {
        base,
        slug: projectSlug,
        found,
      } = await start(factory, c, {}, { resolve: withProject(given, c.opts()) });
      await run({ ...base, slug: projectSlug, ...(found ? { found } : {}) });
    });
}

export async function runProjectGet(o: ProjectGetOptions): Promise<void> {
  await o.printer.print(o.found ?? (await (await o.client()).getProjectBySlug(o.slug)), {
    columns: PROJECT_COLUMNS,
  });
}
