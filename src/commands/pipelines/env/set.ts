import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { PROJECT_ENV_COLUMNS } from '../columns.js';
import { secretValue } from '../context/env/set.js';
import { type PipelinesBase, parseEnvName, start } from '../shared.js';

export interface EnvSetOptions extends PipelinesBase {
  slug: string;
  name: string;
  /** Reads the value: --file, else stdin, else a hidden prompt. Never from argv. */
  value: () => Promise<string>;
}

export function envSetCommand(factory: Factory, run = runEnvSet): Command {
  return verbCommand(
    'set',
    'Create or replace a project variable; the value is read from stdin (or --file, or a hidden prompt) and shown masked',
    [
      'printf %s "s3cr3t-token-value" | ops pipelines env set gh/acme/web-app \\\n' + '    DEPLOY_TOKEN',
      'date +%s | ops pipelines env set gh/acme/api-server CACHE_BUSTER --json',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<name>', 'variable name, e.g. NPM_TOKEN')
    .option('--file <path>', 'read the value from this file (- for stdin)')
    .action(async (slug: string, name: string, o: { file?: string }, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const variable = parseEnvName(name);
      const { base, slug: parsed } = await start(
        factory,
        c,
        {},
        {
          stdinUsed: o.file === undefined || o.file === '-' ? 'the variable value' : undefined,
          resolve: withSlug(given, c.opts()),
        },
      );
      await run({ ...base, slug: parsed, name: variable, value: secretValue(factory.io, o.file) });
    });
}

export async function runEnvSet(o: EnvSetOptions): Promise<void> {
  const value = await o.value();
  await o.printer.print(await (await o.client()).createEnvVar(o.slug, o.name, value), {
    columns: PROJECT_ENV_COLUMNS,
  });
}
