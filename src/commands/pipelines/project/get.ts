import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { PROJECT_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseProjectSlug, pipelinesStart } from '../shared.js';

export interface ProjectGetOptions extends PipelinesBase {
  slug: string;
}

export function projectGetCommand(factory: Factory, run = runProjectGet): Command {
  return new Command('get')
    .description('Show a project: its id, organization and version-control settings')
    .argument('<project-slug>', 'provider/organization/project, e.g. gh/acme/web-app')
    .addHelpText(
      'after',
      examples(
        'ops pipelines project get gh/acme/web-app',
        'ops pipelines project get gh/acme/web-app --field id',
      ),
    )
    .action(async (slug: string, _o: unknown, c: Command) => {
      const parsed = parseProjectSlug(slug);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed });
    });
}

export async function runProjectGet(o: ProjectGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getProjectBySlug(o.slug), { columns: PROJECT_COLUMNS });
}
