import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { CONTEXT_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseUuid, pipelinesStart } from '../shared.js';

export interface ContextGetOptions extends PipelinesBase {
  contextId: string;
}

export const CONTEXT_ID_HINT = 'the context id as `ops pipelines context list` shows it';

export function contextGetCommand(factory: Factory, run = runContextGet): Command {
  return new Command('get')
    .description('Show a context')
    .argument('<context-id>', 'context id (uuid)')
    .addHelpText(
      'after',
      examples(
        'ops pipelines context get a0c17523-e4af-46ab-965f-4a57cbc4a90f',
        'ops pipelines context get a0c17523-e4af-46ab-965f-4a57cbc4a90f --field name',
      ),
    )
    .action(async (id: string, _o: unknown, c: Command) => {
      const contextId = parseUuid('context id', id, CONTEXT_ID_HINT);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, contextId });
    });
}

export async function runContextGet(o: ContextGetOptions): Promise<void> {
  const context = await (await o.client()).getContext(o.contextId);
  await o.printer.print(context, { columns: CONTEXT_COLUMNS });
}
