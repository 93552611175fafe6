import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  type Confirm,
  type PipelinesBase,
  examples,
  parseEnvName,
  parseProjectSlug,
  pipelinesStart,
  printMessage,
} from '../shared.js';

export interface EnvDeleteOptions extends PipelinesBase {
  slug: string;
  name: string;
  confirm: Confirm;
}

export function envDeleteCommand(factory: Factory, run = runEnvDelete): Command {
  return new Command('delete')
    .description('Delete a project variable')
    .argument('<project-slug>', 'provider/organization/project')
    .argument('<name>', 'variable name')
    .addHelpText('after', examples('ops pipelines env delete gh/acme/web-app SENTRY_DSN --yes'))
    .action(async (slug: string, name: string, _o: unknown, c: Command) => {
      const parsed = parseProjectSlug(slug);
      const variable = parseEnvName(name);
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed, name: variable, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runEnvDelete(o: EnvDeleteOptions): Promise<void> {
  await o.confirm(`Delete variable ${o.name} of ${o.slug}`);
  await printMessage(o.printer, await (await o.client()).deleteEnvVar(o.slug, o.name));
}
