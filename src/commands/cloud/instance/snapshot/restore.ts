import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Context, Factory } from '../../../../app/types.js';
import { SNAPSHOT_COLUMNS } from '../../columns.js';
import { type CloudRunBase, StateError, start, planRead } from '../../shared.js';
import { instanceId } from '../shared.js';
import { snapshotId } from './shared.js';

export interface SnapshotRestoreOptions extends CloudRunBase {
  id: string;
  snapshotId: string;
  confirm: Context['confirm'];
}

export function snapshotRestoreCommand(factory: Factory, run = runSnapshotRestore): Command {
  return verbCommand(
    'restore',
    "Restore an instance's disk from its READY snapshot (what was written since is lost)",
    [
      'ops cloud instance snapshot restore 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
        '    8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01 --yes',
    ],
  )
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

export async function runSnapshotRestore(o: SnapshotRestoreOptions): Promise<void> {
  const snap = await planRead(o, (c) => c.getSnapshot(o.id, o.snapshotId));
  if (snap && snap.state !== 'READY')
    throw new StateError(
      `snapshot ${snap.displayName} (${snap.id}) is ${snap.state}: only a READY snapshot can be restored`,
      `wait for it: \`ops cloud instance snapshot get ${o.id} ${snap.id}\``,
    );
  await o.confirm(
    `Restore instance ${o.id} from snapshot ${snap ? `${snap.displayName} (${snap.id})` : o.snapshotId}`,
  );
  const client = await o.client();
  await client.restoreSnapshot(o.id, o.snapshotId);
  await o.printer.print(snap ?? (await client.getSnapshot(o.id, o.snapshotId)), {
    columns: SNAPSHOT_COLUMNS,
  });
}
