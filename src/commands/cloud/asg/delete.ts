import type { Command } from 'commander';
import type { Context, Factory } from '../../../app/types.js';
import { type CloudRunBase, StateError, cloudCommand, cloudContext, label, planRead } from '../shared.js';
import { asgId, printGroup } from './shared.js';

export interface AsgDeleteOptions extends CloudRunBase {
  id: string;
  confirm: Context['confirm'];
}

export function asgDeleteCommand(factory: Factory, run = runAsgDelete): Command {
  return cloudCommand('delete', 'Delete an auto scaling group and the instances it scaled', [
    'ops cloud asg delete a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c03 --yes',
  ])
    .argument('<id>', 'auto scaling group id (UUID)')
    .action(async (raw: string, _o: object, c: Command) => {
      const id = asgId(raw);
      const { ctx, base } = await cloudContext(factory, c);
      await run({ ...base, id, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runAsgDelete(o: AsgDeleteOptions): Promise<void> {
  const group = await planRead(o, (c) => c.getAutoScalingGroup(o.id));
  if (group && (group.state === 'DESTROYING' || group.state === 'DESTROYED'))
    throw new StateError(`auto scaling group ${label(group)} is already ${group.state}`);
  await o.confirm(`Delete auto scaling group ${group ? label(group) : o.id}`);
  const client = await o.client();
  await client.deleteAutoScalingGroup(o.id);
  await printGroup(o.printer, await client.getAutoScalingGroup(o.id));
}
