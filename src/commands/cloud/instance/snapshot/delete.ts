import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Context, Factory } from '../../../../app/types.js';
import { type CloudRunBase, StateError, start, planRead } from '../../shared.js';
import { instanceId } from '../shared.js';
import { snapshotId } from './shared.js';
import { printDeleted } from '../../../shared/outcome.js';

export interface SnapshotDeleteOptions extends CloudRunBase {
  id: string;
  snapshotId: string;
  confirm: Context['confirm'];
}

export function snapshotDeleteCommand(factory: Factory, run = runSnapshotDelete): Command {
  return verbCommand('delete', 'Delete the READY snapshot of an instance', [
    'ops cloud instance snapshot delete 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01 --yes',
  ])
    .addArgument(instanceArgument())
    .argument('<snapshot-id>', 'snapshot id (UUID)')
    .action(async (raw: string, rawSnap: string, _o: object, c: Command) => {
      const ref = instanceId(raw);
      const snap = snapshotId(rawSnap, ref);
      const { ctx, base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id, snapshotId: snap, confirm: (a) => ctx.confirm(a) });
    });
}

/** Reads the snapshot first (it must be READY), asks, deletes, and prints it as it was. */
export async function runSnapshotDelete(o: SnapshotDeleteOptions): Promise<void> {
  const snap = await planRead(o, (c) => c.getSnapshot(o.id, o.snapshotId));
  if (snap && snap.state !== 'READY')
    throw new StateError(
      `snapshot ${snap.displayName} (${snap.id}) is ${snap.state}: it can be deleted once READY`,
      `wait for it: \`ops cloud instance snapshot get ${o.id} ${snap.id}\``,
    );
  await o.confirm(
    `Delete snapshot ${snap ? `${snap.displayName} (${snap.id})` : o.snapshotId} of instance ${o.id}`,
  );
  await (await o.client()).deleteSnapshot(o.id, o.snapshotId);
  await printDeleted(o, 'snapshot', o.snapshotId);
}
