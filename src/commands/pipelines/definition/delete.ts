import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';
import {
  type ProjectRef,
  parseDefinitionId,
  PROJECT_ORG,
  parseProjectRef,
  withProjectRef,
  readProjectId,
} from './shared.js';

export interface DefinitionDeleteOptions extends PipelinesBase {
  project: ProjectRef;
  definitionId: string;
  confirm: Confirm;
}

export function definitionDeleteCommand(factory: Factory, run = runDefinitionDelete): Command {
  return verbCommand('delete', 'Delete a pipeline definition', [
    'ops pipelines definition delete gh/acme/web-app \\\n' + '    858ee467-65f5-4ea2-89b2-7c58efcd68ab --yes',
  ])
    .argument('<project>', 'project id (uuid), slug, or name in --org')
    .option('--org <org>', PROJECT_ORG)
    .argument('<definition-id>', 'pipeline definition id (uuid)')
    .action(async (project: string, id: string, _o: unknown, c: Command) => {
      const given = parseProjectRef(project, c.opts());
      const definitionId = parseDefinitionId(id);
      const {
        ctx,
        base,
        project: ref,
      } = await start(factory, c, {}, { resolve: withProjectRef(given, c.opts()) });
      await run({ ...base, project: ref, definitionId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runDefinitionDelete(o: DefinitionDeleteOptions): Promise<void> {
  await o.confirm(`Delete pipeline definition ${o.definitionId}`);
  const client = await o.client();
  await client.deletePipelineDefinition(await readProjectId(client, o.project), o.definitionId);
  await printDeleted(o, 'pipeline definition', o.definitionId);
}
