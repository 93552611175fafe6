import type { CloudClient } from '../../../../clients/cloud/client.js';
import type { SnapshotWire } from '../../../../clients/cloud/types.js';
import type { Io } from '../../../../io.js';
import type { Feedback } from '../../../../output/feedback.js';
import { type WaitOptions, waitFor } from '../../../shared/wait.js';
import { parseId } from '../../../shared/ids.js';
import { cloudId } from '../../shared.js';

export function snapshotId(raw: string, instance: string): string {
  return parseId('snapshot id', raw, cloudId(`ops cloud instance snapshot list ${instance}`));
}

/** Polls the snapshot until READY (its only other state is CREATING). */
export function waitForSnapshot(o: {
  client: CloudClient;
  feedback: Feedback;
  io: Io;
  wait: WaitOptions;
  instanceId: string;
  snapshotId: string;
}): Promise<SnapshotWire> {
  return waitFor<SnapshotWire>({
    feedback: o.feedback,
    io: o.io,
    wait: o.wait,
    what: `snapshot ${o.snapshotId} to be READY`,
    label: (s) => `snapshot ${s.displayName}: ${s.state}`,
    describe: (s) => s.state,
    check: async () => ({ value: await o.client.getSnapshot(o.instanceId, o.snapshotId) }),
    done: (s) => s.state === 'READY',
  });
}
