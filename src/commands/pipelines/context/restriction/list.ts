import { contextArgument } from '../pick.js';
import { CONTEXT_ORG, parseContextRef } from '../ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import { requireOrPick } from '../../../shared/pick.js';
import { contextOrPick } from '../pick.js';
import type { Factory } from '../../../../app/types.js';
import type { RestrictionWire } from '../../../../clients/pipelines/types.js';
import { printPages } from '../../../shared/list.js';
import { addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { RESTRICTION_COLUMNS } from '../../columns.js';
import { type PipelinesBase, start } from '../../shared.js';

export interface ContextRestrictionListOptions extends PipelinesBase {
  contextId: string;
  limit: number | undefined;
}

export function contextRestrictionListCommand(factory: Factory, run = runContextRestrictionList): Command {
  const cmd = verbCommand(
    'list',
    'List the restrictions of a context: projects, expressions and groups allowed to use it',
    ['ops pipelines context restriction list a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
  )
    .addArgument(contextArgument())
    .option('--org <org>', CONTEXT_ORG);
  addListFlags(cmd);
  return cmd.action(async (id: string | undefined, o: { limit?: string; all?: boolean }, c: Command) => {
    const list = parseListFlags(o);
    requireOrPick(factory.io, c, 'context', id);
    const ref = id === undefined ? undefined : parseContextRef(id, c.opts());
    const { ctx, base } = await start(factory, c);
    const contextId = await contextOrPick(ctx, c, base, ref, c.opts());
    await run({ ...base, contextId, limit: list.limit });
  });
}

export async function runContextRestrictionList(o: ContextRestrictionListOptions): Promise<void> {
  const client = await o.client();
  await printPages<RestrictionWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getContextRestrictions(o.contextId, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: RESTRICTION_COLUMNS,
    limit: o.limit,
    noun: 'restrictions',
  });
}
