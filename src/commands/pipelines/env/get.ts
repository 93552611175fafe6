import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { PROJECT_ENV_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseEnvName, parseProjectSlug, pipelinesStart } from '../shared.js';

export interface EnvGetOptions extends PipelinesBase {
  slug: string;
  name: string;
}

export function envGetCommand(factory: Factory, run = runEnvGet): Command {
  return new Command('get')
    .description('Show a project variable (its value masked by the service)')
    .argument('<project-slug>', 'provider/organization/project')
    .argument('<name>', 'variable name')
    .addHelpText(
      'after',
      examples(
        'ops pipelines env get gh/acme/web-app NPM_TOKEN',
        'ops pipelines env get gh/acme/web-app NPM_TOKEN --field value',
      ),
    )
    .action(async (slug: string, name: string, _o: unknown, c: Command) => {
      const parsed = parseProjectSlug(slug);
      const variable = parseEnvName(name);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed, name: variable });
    });
}

export async function runEnvGet(o: EnvGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getEnvVar(o.slug, o.name), { columns: PROJECT_ENV_COLUMNS });
}
