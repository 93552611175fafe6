import { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type Confirm,
  type PipelinesBase,
  examples,
  parseUuid,
  pipelinesStart,
  printMessage,
} from '../../shared.js';
import { CONTEXT_ID_HINT } from '../get.js';

export interface ContextRestrictionDeleteOptions extends PipelinesBase {
  contextId: string;
  restrictionId: string;
  confirm: Confirm;
}

export function contextRestrictionDeleteCommand(
  factory: Factory,
  run = runContextRestrictionDelete,
): Command {
  return new Command('delete')
    .description('Remove a restriction from a context')
    .argument('<context-id>', 'context id (uuid)')
    .argument('<restriction-id>', 'restriction id (uuid), as `context restriction list` shows it')
    .addHelpText(
      'after',
      examples(
        'ops pipelines context restriction delete a0c17523-e4af-46ab-965f-4a57cbc4a90f 32fd4949-f80c-48d1-93c0-404e963657b2 --yes',
      ),
    )
    .action(async (id: string, rid: string, _o: unknown, c: Command) => {
      const contextId = parseUuid('context id', id, CONTEXT_ID_HINT);
      const restrictionId = parseUuid(
        'restriction id',
        rid,
        'the id `ops pipelines context restriction list` shows',
      );
      const { ctx, base } = await pipelinesStart(factory, c);
      await run({ ...base, contextId, restrictionId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextRestrictionDelete(o: ContextRestrictionDeleteOptions): Promise<void> {
  await o.confirm(`Remove restriction ${o.restrictionId} from context ${o.contextId}`);
  await printMessage(
    o.printer,
    await (await o.client()).deleteContextRestriction(o.contextId, o.restrictionId),
  );
}
