import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  type Confirm,
  type PipelinesBase,
  examples,
  parseProjectSlug,
  pipelinesStart,
  printMessage,
} from '../shared.js';

export interface ProjectDeleteOptions extends PipelinesBase {
  slug: string;
  confirm: Confirm;
}

export function projectDeleteCommand(factory: Factory, run = runProjectDelete): Command {
  return new Command('delete')
    .description('Delete a project with its settings, variables and checkout keys')
    .argument('<project-slug>', 'provider/organization/project, e.g. gh/acme/mobile')
    .addHelpText('after', examples('ops pipelines project delete gh/acme/mobile --yes'))
    .action(async (slug: string, _o: unknown, c: Command) => {
      const parsed = parseProjectSlug(slug);
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runProjectDelete(o: ProjectDeleteOptions): Promise<void> {
  await o.confirm(`Delete project ${o.slug}`);
  await printMessage(o.printer, await (await o.client()).deleteProjectBySlug(o.slug));
}
