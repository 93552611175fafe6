import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import type { CloudClient } from '../../../../clients/cloud/client.js';
import type { SnapshotWire } from '../../../../clients/cloud/types.js';
import { type CloudRunBase, StateError, start, label, planRead } from '../../shared.js';
import { instanceId, printInstance } from '../shared.js';

export interface PrivateNetworkOptions extends CloudRunBase {
  id: string;
}

export function privateNetworkCommand(
  factory: Factory,
  verb: 'add' | 'remove',
  description: string,
  examples: string[],
  run: (o: PrivateNetworkOptions) => Promise<void>,
): Command {
  return verbCommand(verb, description, examples)
    .addArgument(instanceArgument())
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = instanceId(raw);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id });
    });
}

/**
 * The seed's rule: membership changes only for an instance without snapshots. The snapshots and the
 * instance are read first, so the refusal names the snapshot to delete; then the change is sent and the
 * instance printed.
 */
export async function changeMembership(o: PrivateNetworkOptions, add: boolean): Promise<void> {
  const what = add ? 'add' : 'remove';
  const checked = await planRead(o, async (c) => {
    const inst = await c.getInstance(o.id);
    const snaps: SnapshotWire[] = [];
    for await (const page of c.getSnapshotList(o.id)) snaps.push(...page.items);
    return { inst, snaps };
  });
  if (checked) {
    const { inst, snaps } = checked;
    if (snaps.length)
      throw new StateError(
        `cannot ${what} instance ${label(inst)} ${add ? 'to' : 'from'} the private network: it has a snapshot, ${snaps.map((s) => `${s.displayName} (${s.id})`).join(', ')}`,
        `the private network changes only for an instance without snapshots; delete it with \`ops cloud instance snapshot delete ${inst.id} ${snaps[0]!.id}\``,
      );
    if (add && inst.hasPrivateNetwork)
      throw new StateError(`instance ${label(inst)} is already in the private network`);
    if (!add && !inst.hasPrivateNetwork)
      throw new StateError(`instance ${label(inst)} is not in the private network`);
  }
  const client: CloudClient = await o.client();
  if (add) await client.addToPrivateNetwork(o.id);
  else await client.removeFromPrivateNetwork(o.id);
  await printInstance(o.printer, await client.getInstance(o.id));
}
