import { contextArgument } from './pick.js';
import { CONTEXT_ORG, parseContextRef } from './ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { requireFirst, requireOrPick } from '../../shared/pick.js';
import { contextOrPick } from './pick.js';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ContextDeleteOptions extends PipelinesBase {
  contextId: string;
  confirm: Confirm;
}

export function contextDeleteCommand(factory: Factory, run = runContextDelete): Command {
  return verbCommand('delete', 'Delete a context with all its environment variables and restrictions', [
    'ops pipelines context delete 0a9df32a-bcc8-4b20-abd0-59eb16df2b80 --yes',
  ])
    .addArgument(contextArgument())
    .hook('preAction', requireFirst(factory.io, 'context'))
    .option('--org <org>', CONTEXT_ORG)
    .action(async (id: string | undefined, _o: unknown, c: Command) => {
      requireOrPick(factory.io, c, 'context', id);
      const ref = id === undefined ? undefined : parseContextRef(id, c.opts());
      const { ctx, base } = await start(factory, c);
      const contextId = await contextOrPick(ctx, c, base, ref, c.opts());
      await run({ ...base, contextId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextDelete(o: ContextDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and --yes, exit 2 with nothing sent.
  await o.confirm(`Delete context ${o.contextId} and all its variables`);
  await (await o.client()).deleteContext(o.contextId);
  await printDeleted(o, 'context', o.contextId);
}
