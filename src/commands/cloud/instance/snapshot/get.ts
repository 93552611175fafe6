import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { SNAPSHOT_COLUMNS } from '../../columns.js';
import { type CloudRunBase, start } from '../../shared.js';
import { instanceId } from '../shared.js';
import { snapshotId } from './shared.js';

export interface SnapshotGetOptions extends CloudRunBase {
  id: string;
  snapshotId: string;
}

export function snapshotGetCommand(factory: Factory, run = runSnapshotGet): Command {
  return verbCommand('get', 'Show a snapshot of an instance', [
    'ops cloud instance snapshot get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01',
    'ops cloud instance snapshot get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01 --field state',
  ])
    .addArgument(instanceArgument())
    .argument('<snapshot-id>', 'snapshot id (UUID)')
    .action(async (raw: string, rawSnap: string, _o: object, c: Command) => {
      const ref = instanceId(raw);
      const snap = snapshotId(rawSnap, ref);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id, snapshotId: snap });
    });
}

export async function runSnapshotGet(o: SnapshotGetOptions): Promise<void> {
  const snap = await (await o.client()).getSnapshot(o.id, o.snapshotId);
  await o.printer.print(snap, { columns: SNAPSHOT_COLUMNS });
}
