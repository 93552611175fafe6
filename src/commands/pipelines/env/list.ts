import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { ProjectEnvVarWire } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListOptions, parseListOptions } from '../../shared/list-options.js';
import { PROJECT_ENV_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseProjectSlug, pipelinesStart } from '../shared.js';

const DEFAULT_LIMIT = 100;

export interface EnvListOptions extends PipelinesBase {
  slug: string;
  limit: number | undefined;
}

export function envListCommand(factory: Factory, run = runEnvList): Command {
  const cmd = new Command('list')
    .description(
      "List a project's environment variables, values masked by the service (xxxx and the last four)",
    )
    .argument('<project-slug>', 'provider/organization/project, e.g. gh/acme/web-app');
  addListOptions(cmd, DEFAULT_LIMIT);
  return cmd
    .addHelpText(
      'after',
      examples('ops pipelines env list gh/acme/web-app', 'ops pipelines env list gh/acme/api-server --json'),
    )
    .action(async (slug: string, o: { limit?: string; all?: boolean }, c: Command) => {
      const list = parseListOptions(o, DEFAULT_LIMIT);
      const parsed = parseProjectSlug(slug);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed, limit: list.limit });
    });
}

export async function runEnvList(o: EnvListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ProjectEnvVarWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listEnvVars(o.slug, { limit: o.limit }),
    columns: PROJECT_ENV_COLUMNS,
    limit: o.limit,
    noun: 'variables',
  });
}
