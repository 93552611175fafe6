import { requiredContextArgument } from '../pick.js';
import { CONTEXT_ORG, parseContextRef, resolveContext } from '../ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { type Confirm, type PipelinesBase, parseUuid, start } from '../../shared.js';
import { printDeleted } from '../../../shared/outcome.js';

export interface ContextRestrictionDeleteOptions extends PipelinesBase {
  contextId: string;
  restrictionId: string;
  confirm: Confirm;
}

export function contextRestrictionDeleteCommand(
  factory: Factory,
  run = runContextRestrictionDelete,
): Command {
  return verbCommand('delete', 'Remove a restriction from a context', [
    'ops pipelines context restriction delete \\\n' +
      '    a0c17523-e4af-46ab-965f-4a57cbc4a90f 32fd4949-f80c-48d1-93c0-404e963657b2 \\\n' +
      '    --yes',
  ])
    .addArgument(requiredContextArgument())
    .option('--org <org>', CONTEXT_ORG)
    .argument('<restriction-id>', 'restriction id (uuid), as `context restriction list` shows it')
    .action(async (id: string, rid: string, _o: unknown, c: Command) => {
      const ref = parseContextRef(id, c.opts());
      const restrictionId = parseUuid(
        'restriction id',
        rid,
        'the id `ops pipelines context restriction list` shows',
      );
      const { ctx, base } = await start(factory, c);
      const contextId = await resolveContext(ctx, base, ref, c.opts());
      await run({ ...base, contextId, restrictionId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextRestrictionDelete(o: ContextRestrictionDeleteOptions): Promise<void> {
  await o.confirm(`Remove restriction ${o.restrictionId} from context ${o.contextId}`);
  await (await o.client()).deleteContextRestriction(o.contextId, o.restrictionId);
  await printDeleted(o, 'context restriction', o.restrictionId);
}
