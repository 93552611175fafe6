import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { DEFINITION_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import {
  type ProjectRef,
  parseDefinitionId,
  PROJECT_ORG,
  parseProjectRef,
  withProjectRef,
  readProjectId,
} from './shared.js';

export interface DefinitionGetOptions extends PipelinesBase {
  project: ProjectRef;
  definitionId: string;
}

export function definitionGetCommand(factory: Factory, run = runDefinitionGet): Command {
  return verbCommand('get', 'Show a pipeline definition', [
    'ops pipelines definition get gh/acme/web-app \\\n' + '    0f6ccd99-1209-4ee3-bcb4-62eddf789eb3',
  ])
    .argument('<project>', 'project id (uuid), slug, or name in --org')
    .option('--org <org>', PROJECT_ORG)
    .argument('<definition-id>', 'pipeline definition id (uuid)')
    .action(async (project: string, id: string, _o: unknown, c: Command) => {
      const given = parseProjectRef(project, c.opts());
      const definitionId = parseDefinitionId(id);
      const { base, project: ref } = await start(
        factory,
        c,
        {},
        { resolve: withProjectRef(given, c.opts()) },
      );
      await run({ ...base, project: ref, definitionId });
    });
}

export async function runDefinitionGet(o: DefinitionGetOptions): Promise<void> {
  const client = await o.client();
  const d = await client.getPipelineDefinition(await readProjectId(client, o.project), o.definitionId);
  await o.printer.print(d, { columns: DEFINITION_COLUMNS });
}
