import { contextArgument } from './pick.js';
import { CONTEXT_ORG, parseContextRef } from './ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { requireOrPick } from '../../shared/pick.js';
import { contextOrPick } from './pick.js';
import type { Factory } from '../../../app/types.js';
import { CONTEXT_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';

export interface ContextGetOptions extends PipelinesBase {
  contextId: string;
}

export const CONTEXT_ID_HINT = 'the context id as `ops pipelines context list` shows it';

export function contextGetCommand(factory: Factory, run = runContextGet): Command {
  return verbCommand('get', 'Show a context', [
    'ops pipelines context get a0c17523-e4af-46ab-965f-4a57cbc4a90f',
    'ops pipelines context get a0c17523-e4af-46ab-965f-4a57cbc4a90f --field name',
    'ops pipelines context get docker-hub --org gh/acme      # by name',
  ])
    .addArgument(contextArgument())
    .option('--org <org>', CONTEXT_ORG)
    .action(async (id: string | undefined, _o: unknown, c: Command) => {
      requireOrPick(factory.io, c, 'context', id);
      const ref = id === undefined ? undefined : parseContextRef(id, c.opts());
      const { ctx, base } = await start(factory, c);
      const contextId = await contextOrPick(ctx, c, base, ref, c.opts());
      await run({ ...base, contextId });
    });
}

export async function runContextGet(o: ContextGetOptions): Promise<void> {
  const context = await (await o.client()).getContext(o.contextId);
  await o.printer.print(context, { columns: CONTEXT_COLUMNS });
}
