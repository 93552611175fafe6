import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, parseEnvName, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface EnvDeleteOptions extends PipelinesBase {
  slug: string;
  name: string;
  confirm: Confirm;
}

export function envDeleteCommand(factory: Factory, run = runEnvDelete): Command {
  return verbCommand('delete', 'Delete a project variable', [
    'ops pipelines env delete gh/acme/web-app SENTRY_DSN --yes',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<name>', 'variable name')
    .action(async (slug: string, name: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const variable = parseEnvName(name);
      const { ctx, base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, name: variable, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runEnvDelete(o: EnvDeleteOptions): Promise<void> {
  await o.confirm(`Delete variable ${o.name} of ${o.slug}`);
  await (await o.client()).deleteEnvVar(o.slug, o.name);
  await printDeleted(o, 'variable', o.name);
}
