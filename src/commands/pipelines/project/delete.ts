import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ProjectDeleteOptions extends PipelinesBase {
  slug: string;
  confirm: Confirm;
}

export function projectDeleteCommand(factory: Factory, run = runProjectDelete): Command {
  return verbCommand('delete', 'Delete a project with its settings, variables and checkout keys', [
    'ops pipelines project delete gh/acme/mobile --yes',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .action(async (slug: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const { ctx, base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runProjectDelete(o: ProjectDeleteOptions): Promise<void> {
  await o.confirm(`Delete project ${o.slug}`);
  await (await o.client()).deleteProjectBySlug(o.slug);
  await printDeleted(o, 'project', o.slug);
}
