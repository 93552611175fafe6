import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { ProjectEnvVarWire } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { PROJECT_ENV_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';

export interface EnvListOptions extends PipelinesBase {
  slug: string;
  limit: number | undefined;
}

export function envListCommand(factory: Factory, run = runEnvList): Command {
  const cmd = verbCommand(
    'list',
    "List a project's environment variables, values masked by the service (xxxx and the last four)",
    [
      'ops pipelines env list gh/acme/web-app',
      'ops pipelines env list gh/acme/api-server --json',
      'ops pipelines env list mobile --org acme',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG);
  addListFlags(cmd);
  return cmd.action(async (slug: string, o: { limit?: string; all?: boolean }, c: Command) => {
    const list = parseListFlags(o);
    const given = parseProjectArg(slug, c.opts());
    const { base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
    await run({ ...base, slug: parsed, limit: list.limit });
  });
}

export async function runEnvList(o: EnvListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ProjectEnvVarWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listEnvVars(o.slug, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: PROJECT_ENV_COLUMNS,
    limit: o.limit,
    noun: 'variables',
  });
}
