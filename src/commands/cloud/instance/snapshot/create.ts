import { instanceArgument } from '../../pick-instance.js';
import { required } from '../../../shared/required.js';
import { verbCommand } from '../../../shared/verbs.js';
import { resolveInstance } from '../../names.js';
import { type Command, Option } from 'commander';
import type { Factory } from '../../../../app/types.js';
import type { SnapshotWire } from '../../../../clients/cloud/types.js';
import { OpsError, UsageError } from '../../../../errors.js';
import type { Io } from '../../../../io.js';
import { type WaitFlags, type WaitOptions, addWaitOptions, parseWaitOptions } from '../../../shared/wait.js';
import { SNAPSHOT_COLUMNS } from '../../columns.js';
import { type CloudRunBase, StateError, start, label, parseText, planRead } from '../../shared.js';
import { instanceId, requireInstanceState } from '../shared.js';
import { waitForSnapshot } from './shared.js';

export interface SnapshotCreateOptions extends CloudRunBase {
  io: Io;
  id: string;
  name: string;
  wait: WaitOptions;
}

export function snapshotCreateCommand(factory: Factory, run = runSnapshotCreate): Command {
  const cmd = verbCommand(
    'create',
    'Snapshot a RUNNING instance (one snapshot per instance); --wait until it is READY',
    [
      'ops cloud instance snapshot create 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' +
        '    --name before-upgrade',
      'ops cloud instance snapshot create 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' +
        '    --name before-upgrade --wait',
    ],
  )
    .addArgument(instanceArgument())
    .addOption(
      required(new Option('--name <name>', 'the snapshot’s name (required, at most 255 characters)')),
    );
  addWaitOptions(cmd, { what: 'the snapshot is READY' });
  return cmd.action(async (raw: string, o: { name?: string } & WaitFlags, c: Command) => {
    const ref = instanceId(raw);
    if (o.name === undefined) throw new UsageError('--name is required', 'give the snapshot a name');
    const name = parseText('--name', o.name, 255)!;
    const wait = parseWaitOptions(o);
    const { ctx, base } = await start(factory, c);
    const id = await resolveInstance(base, ref);
    await run({ ...base, io: ctx.io, id, name, wait });
  });
}

/**
 * The seed's conditions first (RUNNING, no snapshot yet), then the request; its answer has no body, so
 * the new snapshot is found in the list by name and printed (after waiting, with --wait).
 */
export async function runSnapshotCreate(o: SnapshotCreateOptions): Promise<void> {
  const existing = await planRead(o, async (c) => {
    const inst = await c.getInstance(o.id);
    requireInstanceState(inst, 'snapshot', ['RUNNING']);
    const snaps: SnapshotWire[] = [];
    for await (const page of c.getSnapshotList(o.id)) snaps.push(...page.items);
    if (snaps.length)
      throw new StateError(
        `instance ${label(inst)} already has a snapshot, ${snaps[0]!.displayName} (${snaps[0]!.id}): one snapshot per instance`,
        `delete it first with \`ops cloud instance snapshot delete ${o.id} ${snaps[0]!.id}\``,
      );
    return snaps;
  });
  const client = await o.client();
  await client.createSnapshot(o.id, o.name);
  let made: SnapshotWire | undefined;
  for await (const page of client.getSnapshotList(o.id)) {
    made = page.items.find((s) => s.displayName === o.name && !existing?.some((e) => e.id === s.id));
    if (made) break;
  }
  if (!made)
    throw new OpsError(`the snapshot "${o.name}" was accepted but is not listed yet`, {
      hint: `see \`ops cloud instance snapshot list ${o.id}\``,
    });
  const shown = o.wait.wait
    ? await waitForSnapshot({
        client,
        feedback: o.feedback,
        io: o.io,
        wait: o.wait,
        instanceId: o.id,
        snapshotId: made.id,
      })
    : made;
  await o.printer.print(shown, { columns: SNAPSHOT_COLUMNS });
}
