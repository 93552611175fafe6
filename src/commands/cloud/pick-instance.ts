import { Argument, type Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { InstanceWire } from '../../clients/cloud/types.js';
import { type Completer, completing } from '../shared/complete.js';
import { firstItems, pickOrRequire, pickableArgument } from '../shared/pick.js';
import { type CloudRunBase, start } from './shared.js';

/** An instance chosen on the terminal from the account's instances (`ops cloud instance get` with no id). */
export async function pickInstance(ctx: Context, cmd: Command, base: CloudRunBase): Promise<string> {
  return pickOrRequire<InstanceWire>(ctx, cmd, {
    argument: 'id',
    what: 'instance',
    list: async () => firstItems((await base.client()).getInstanceList()),
    label: (i) => `${i.reference ?? '-'}  ${i.state}  ${i.type}  ${i.region}  ${i.id}`,
    id: (i) => i.id,
  });
}

/**
 * The instances a shell completes (`ops cloud instance get <TAB>`): each by its id and, where it has
 * one, its reference, the state beside it.
 */
export const instanceCandidates: Completer = async (c) => {
  const { base } = await start(c.factory, c.cmd);
  const list = await firstItems((await base.client()).getInstanceList({}, { limit: c.limit }), c.limit);
  return list.flatMap((i) => [
    { value: i.id, description: [i.reference, i.state].filter(Boolean).join('  ') },
    ...(i.reference ? [{ value: i.reference, description: `${i.state}  ${i.id}` }] : []),
  ]);
};

/** The `<id>` of an instance verb, completed from the account's instances. */
export const instanceArgument = (): Argument =>
  completing(new Argument('<id>', 'instance id (UUID) or unique reference'), instanceCandidates);

/** The `[id]` of a verb that picks one on a terminal when it is left out, completed the same way. */
export const pickableInstanceArgument = (): Argument =>
  completing(
    pickableArgument('id', 'instance id (UUID) or unique reference (on a terminal, chosen when left out)'),
    instanceCandidates,
  );
