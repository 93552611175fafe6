import type { Command } from 'commander';
import type { Context } from '../../../app/types.js';
import type { ContextWire } from '../../../clients/pipelines/types.js';
import { firstItems, pickOrRequire } from '../../shared/pick.js';
import type { PipelinesBase } from '../shared.js';
import { ownerContexts, resolveContext } from './ref.js';

/** The usage line's words for a context that may be left out on a terminal. */
export const CONTEXT_ARG = 'context id (uuid), or its name in --org (on a terminal, chosen when left out)';

/**
 * The context's id: the one given (an id, or a name resolved in --org), else one chosen on the
 * terminal from the organization's contexts.
 */
export async function contextOrPick(
  ctx: Context,
  cmd: Command,
  base: PipelinesBase,
  ref: string | undefined,
  opts: { org?: string },
): Promise<string> {
  if (ref !== undefined) return resolveContext(ctx, base, ref, opts);
  return pickOrRequire<ContextWire>(ctx, cmd, {
    argument: 'context',
    what: 'context',
    list: async () => firstItems(await ownerContexts(ctx, base, opts)),
    label: (c) => `${c.name}  ${c.id}`,
    id: (c) => c.id,
  });
}
