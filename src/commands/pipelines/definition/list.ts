import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { PipelineDefinitionWire } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { DEFINITION_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { type ProjectRef, PROJECT_ORG, parseProjectRef, withProjectRef, readProjectId } from './shared.js';

export interface DefinitionListOptions extends PipelinesBase {
  project: ProjectRef;
  limit: number | undefined;
}

export function definitionListCommand(factory: Factory, run = runDefinitionList): Command {
  const cmd = verbCommand(
    'list',
    "List a project's pipeline definitions: where each pipeline's config comes from and what it checks out",
    [
      'ops pipelines definition list gh/acme/web-app',
      'ops pipelines definition list dfe353c7-5813-42bd-892a-3303ae7414ba --json',
    ],
  )
    .argument('<project>', 'project id (uuid), slug, or name in --org')
    .option('--org <org>', PROJECT_ORG);
  addListFlags(cmd);
  return cmd.action(async (project: string, o: { limit?: string; all?: boolean }, c: Command) => {
    const list = parseListFlags(o);
    const given = parseProjectRef(project, c.opts());
    const { base, project: ref } = await start(factory, c, {}, { resolve: withProjectRef(given, c.opts()) });
    await run({ ...base, project: ref, limit: list.limit });
  });
}

export async function runDefinitionList(o: DefinitionListOptions): Promise<void> {
  const client = await o.client();
  const id = await readProjectId(client, o.project);
  await printPages<PipelineDefinitionWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listPipelineDefinitions(id, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: DEFINITION_COLUMNS,
    limit: o.limit,
    noun: 'pipeline definitions',
  });
}
