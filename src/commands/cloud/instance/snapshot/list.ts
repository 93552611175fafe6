import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import type { SnapshotWire } from '../../../../clients/cloud/types.js';
import { printPages } from '../../../shared/list.js';
import { addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { SNAPSHOT_COLUMNS } from '../../columns.js';
import { type CloudRunBase, start } from '../../shared.js';
import { instanceId } from '../shared.js';

export interface SnapshotListOptions extends CloudRunBase {
  id: string;
  limit: number | undefined;
}

export function snapshotListCommand(factory: Factory, run = runSnapshotList): Command {
  const cmd = verbCommand('list', 'List the snapshots of an instance (there is at most one)', [
    'ops cloud instance snapshot list 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03',
    'ops cloud instance snapshot list 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --json',
  ]).addArgument(instanceArgument());
  addListFlags(cmd);
  return cmd.action(async (raw: string, o: { limit?: string; all?: boolean }, c: Command) => {
    const ref = instanceId(raw);
    const { limit } = parseListFlags(o);
    const { base } = await start(factory, c);
    const id = await resolveInstance(base, ref);
    await run({ ...base, id, limit });
  });
}

export async function runSnapshotList(o: SnapshotListOptions): Promise<void> {
  const client = await o.client();
  await printPages<SnapshotWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getSnapshotList(o.id, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: SNAPSHOT_COLUMNS,
    limit: o.limit,
    noun: 'snapshots',
  });
}
