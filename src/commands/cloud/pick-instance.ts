import type { Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { InstanceWire } from '../../clients/cloud/types.js';
import { firstItems, pickOrRequire } from '../shared/pick.js';
import type { CloudRunBase } from './shared.js';

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
