import { Argument, type Command } from 'commander';
import type { Context } from '../../../app/types.js';
import type { ContextWire } from '../../../clients/pipelines/types.js';
import { type Completer, completing } from '../../shared/complete.js';
import { firstItems, pickOrRequire, pickableArgument } from '../../shared/pick.js';
import { type PipelinesBase, start } from '../shared.js';
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

/** The contexts a shell completes (`ops pipelines context get <TAB>`): each name, its id beside it. */
export const contextCandidates: Completer = async (c) => {
  const { ctx, base } = await start(c.factory, c.cmd);
  const list = await firstItems(await ownerContexts(ctx, base, c.cmd.opts()), c.limit);
  return list.map((x) => ({ value: x.name, description: x.id }));
};

/** The `[context]` a verb picks on a terminal when it is left out, completed from the contexts. */
export const contextArgument = (): Argument =>
  completing(pickableArgument('context', CONTEXT_ARG), contextCandidates);

/** A `<context>` no picker asks for, completed the same way. */
export const requiredContextArgument = (): Argument =>
  completing(new Argument('<context>', 'context id (uuid), or its name in --org'), contextCandidates);
