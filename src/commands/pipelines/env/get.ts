import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { PROJECT_ENV_COLUMNS } from '../columns.js';
import { type PipelinesBase, parseEnvName, start } from '../shared.js';

export interface EnvGetOptions extends PipelinesBase {
  slug: string;
  name: string;
}

export function envGetCommand(factory: Factory, run = runEnvGet): Command {
  return verbCommand('get', 'Show a project variable (its value masked by the service)', [
    'ops pipelines env get gh/acme/web-app NPM_TOKEN',
    'ops pipelines env get gh/acme/web-app NPM_TOKEN --field value',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<name>', 'variable name')
    .action(async (slug: string, name: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const variable = parseEnvName(name);
      const { base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, name: variable });
    });
}

export async function runEnvGet(o: EnvGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getEnvVar(o.slug, o.name), { columns: PROJECT_ENV_COLUMNS });
}
