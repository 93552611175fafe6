import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  type Confirm,
  type PipelinesBase,
  examples,
  parseUuid,
  pipelinesStart,
  printMessage,
} from '../shared.js';
import { CONTEXT_ID_HINT } from './get.js';

export interface ContextDeleteOptions extends PipelinesBase {
  contextId: string;
  confirm: Confirm;
}

export function contextDeleteCommand(factory: Factory, run = runContextDelete): Command {
  return new Command('delete')
    .description('Delete a context with all its environment variables and restrictions')
    .argument('<context-id>', 'context id (uuid)')
    .addHelpText('after', examples('ops pipelines context delete 0a9df32a-bcc8-4b20-abd0-59eb16df2b80 --yes'))
    .action(async (id: string, _o: unknown, c: Command) => {
      const contextId = parseUuid('context id', id, CONTEXT_ID_HINT);
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, contextId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextDelete(o: ContextDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and --yes, exit 2 with nothing sent.
  await o.confirm(`Delete context ${o.contextId} and all its variables`);
  await printMessage(o.printer, await (await o.client()).deleteContext(o.contextId));
}
