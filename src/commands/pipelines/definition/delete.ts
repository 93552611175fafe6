import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, examples, pipelinesStart, printMessage } from '../shared.js';
import { type ProjectRef, parseDefinitionId, parseProjectRef, projectIdOf } from './shared.js';

export interface DefinitionDeleteOptions extends PipelinesBase {
  project: ProjectRef;
  definitionId: string;
  confirm: Confirm;
}

export function definitionDeleteCommand(factory: Factory, run = runDefinitionDelete): Command {
  return new Command('delete')
    .description('Delete a pipeline definition')
    .argument('<project>', 'project id (uuid) or slug')
    .argument('<definition-id>', 'pipeline definition id (uuid)')
    .addHelpText(
      'after',
      examples('ops pipelines definition delete gh/acme/web-app 858ee467-65f5-4ea2-89b2-7c58efcd68ab --yes'),
    )
    .action(async (project: string, id: string, _o: unknown, c: Command) => {
      const ref = parseProjectRef(project);
      const definitionId = parseDefinitionId(id);
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, project: ref, definitionId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runDefinitionDelete(o: DefinitionDeleteOptions): Promise<void> {
  await o.confirm(`Delete pipeline definition ${o.definitionId}`);
  const client = await o.client();
  await printMessage(
    o.printer,
    await client.deletePipelineDefinition(await projectIdOf(client, o.project), o.definitionId),
  );
}
