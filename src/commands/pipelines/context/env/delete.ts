import { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type Confirm,
  type PipelinesBase,
  examples,
  parseEnvName,
  parseUuid,
  pipelinesStart,
  printMessage,
} from '../../shared.js';
import { CONTEXT_ID_HINT } from '../get.js';

export interface ContextEnvDeleteOptions extends PipelinesBase {
  contextId: string;
  name: string;
  confirm: Confirm;
}

export function contextEnvDeleteCommand(factory: Factory, run = runContextEnvDelete): Command {
  return new Command('delete')
    .description('Delete a variable of a context')
    .argument('<context-id>', 'context id (uuid)')
    .argument('<name>', 'variable name')
    .addHelpText(
      'after',
      examples('ops pipelines context env delete a0c17523-e4af-46ab-965f-4a57cbc4a90f SNS_ALERT_TOPIC --yes'),
    )
    .action(async (id: string, name: string, _o: unknown, c: Command) => {
      const contextId = parseUuid('context id', id, CONTEXT_ID_HINT);
      const variable = parseEnvName(name);
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, contextId, name: variable, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextEnvDelete(o: ContextEnvDeleteOptions): Promise<void> {
  await o.confirm(`Delete variable ${o.name} of context ${o.contextId}`);
  await printMessage(
    o.printer,
    await (await o.client()).deleteEnvironmentVariableFromContext(o.contextId, o.name),
  );
}
