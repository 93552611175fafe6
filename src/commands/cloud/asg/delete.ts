import { resolveGroup } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Context, Factory } from '../../../app/types.js';
import { type CloudRunBase, StateError, start, label, planRead } from '../shared.js';
import { asgId } from './shared.js';
import { waitForGroup } from './wait.js';
import type { Io } from '../../../io.js';
import { printDeleted } from '../../shared/outcome.js';
import { type WaitFlags, type WaitOptions, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';

export interface AsgDeleteOptions extends CloudRunBase {
  io: Io;
  id: string;
  confirm: Context['confirm'];
  wait: WaitOptions;
}

export function asgDeleteCommand(factory: Factory, run = runAsgDelete): Command {
  const cmd = verbCommand('delete', 'Delete an auto scaling group and the instances it scaled', [
    'ops cloud asg delete a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c03 --yes --no-wait',
  ]).argument('<id>', 'auto scaling group id (UUID) or unique reference');
  addWaitOptions(cmd, { what: 'the group is DESTROYED' });
  return cmd.action(async (raw: string, o: WaitFlags, c: Command) => {
    const ref = asgId(raw);
    const wait = parseWaitOptions(o);
    const { ctx, base } = await start(factory, c);
    const id = await resolveGroup(base, ref);
    await run({ ...base, io: ctx.io, id, wait, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runAsgDelete(o: AsgDeleteOptions): Promise<void> {
  const group = await planRead(o, (c) => c.getAutoScalingGroup(o.id));
  if (group && (group.state === 'DESTROYING' || group.state === 'DESTROYED'))
    throw new StateError(`auto scaling group ${label(group)} is already ${group.state}`);
  await o.confirm(`Delete auto scaling group ${group ? label(group) : o.id}`);
  const client = await o.client();
  await client.deleteAutoScalingGroup(o.id);
  if (o.wait.wait) await waitForGroup({ ...o, client, gone: true });
  await printDeleted(o, 'auto scaling group', o.id);
}
