import type { CloudClient } from '../../../clients/cloud/client.js';
import type { AutoScalingGroupDetailsWire } from '../../../clients/cloud/types.js';
import { ApiError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import type { Feedback } from '../../../output/feedback.js';
import { type WaitOptions, waitFor } from '../../shared/wait.js';

/** A group's states on the way to another (seed 002 C): it settles by itself. */
const MOVING = ['CREATING', 'UPDATING', 'SCALING', 'DESTROYING'];

/**
 * Waits through the shared poller until the group has settled (ACTIVE, CREATED), or until it is gone
 * (DESTROYED, or no longer found) when `gone` is set. Returns the last state read, or undefined once gone.
 */
export async function waitForGroup(o: {
  client: CloudClient;
  feedback: Feedback;
  io: Io;
  wait: WaitOptions;
  id: string;
  gone?: boolean;
}): Promise<AutoScalingGroupDetailsWire | undefined> {
  const last = await waitFor<AutoScalingGroupDetailsWire | undefined>({
    feedback: o.feedback,
    io: o.io,
    wait: o.wait,
    what: `auto scaling group ${o.id} to ${o.gone ? 'be DESTROYED' : 'settle'}`,
    label: (g) => `auto scaling group ${o.id}: ${g?.state ?? 'gone'}`,
    describe: (g) => g?.state ?? 'gone',
    check: async () => {
      try {
        return { value: await o.client.getAutoScalingGroup(o.id) };
      } catch (err) {
        if (o.gone && err instanceof ApiError && err.status === 404) return { value: undefined };
        throw err;
      }
    },
    done: (g) => (o.gone ? g === undefined || g.state === 'DESTROYED' : !MOVING.includes(g!.state)),
  });
  return last?.state === 'DESTROYED' ? undefined : last;
}
