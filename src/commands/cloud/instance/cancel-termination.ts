import { instanceArgument } from '../pick-instance.js';
import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type CloudRunBase, StateError, start, label, planRead } from '../shared.js';
import { instanceId, printInstance } from './shared.js';

export interface InstanceCancelTerminationOptions extends CloudRunBase {
  id: string;
}

export function instanceCancelTerminationCommand(
  factory: Factory,
  run = runInstanceCancelTermination,
): Command {
  return verbCommand(
    'cancel-termination',
    'Undo the scheduled termination of a MONTHLY instance, before its contract ends',
    [
      'ops cloud instance cancel-termination 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b05',
      'ops cloud instance cancel-termination 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b05 \\\n' +
        '    --field contract.state',
    ],
  )
    .addArgument(instanceArgument())
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = instanceId(raw);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id });
    });
}

/** The seed: only for a MONTHLY contract, before `contract.endsAt`; the instance is read first to say so. */
export async function runInstanceCancelTermination(o: InstanceCancelTerminationOptions): Promise<void> {
  const inst = await planRead(o, (c) => c.getInstance(o.id));
  if (inst && inst.contract.type !== 'MONTHLY')
    throw new StateError(
      `instance ${label(inst)} has an HOURLY contract: its termination cannot be cancelled`,
      'an HOURLY instance is terminated at once',
    );
  if (inst && inst.contract.state !== 'DELETE_SCHEDULED')
    throw new StateError(
      `instance ${label(inst)} is not scheduled for termination (contract ${inst.contract.state})`,
    );
  const client = await o.client();
  await client.cancelInstanceTermination(o.id);
  await printInstance(o.printer, await client.getInstance(o.id));
}
