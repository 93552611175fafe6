import { CONTEXT_ORG, parseContextRef, resolveContext } from './ref.js';
import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, examples, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ContextDeleteOptions extends PipelinesBase {
  contextId: string;
  confirm: Confirm;
}

export function contextDeleteCommand(factory: Factory, run = runContextDelete): Command {
  return new Command('delete')
    .description('Delete a context with all its environment variables and restrictions')
    .argument('<context>', 'context id (uuid), or its name in --org')
    .option('--org <org>', CONTEXT_ORG)
    .addHelpText('after', examples('ops pipelines context delete 0a9df32a-bcc8-4b20-abd0-59eb16df2b80 --yes'))
    .action(async (id: string, _o: unknown, c: Command) => {
      const ref = parseContextRef(id, c.opts());
      const { ctx, base } = await start(factory, c);
      const contextId = await resolveContext(ctx, base, ref, c.opts());
      await run({ ...base, contextId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextDelete(o: ContextDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and --yes, exit 2 with nothing sent.
  await o.confirm(`Delete context ${o.contextId} and all its variables`);
  await (await o.client()).deleteContext(o.contextId);
  await printDeleted(o, 'context', o.contextId);
}
