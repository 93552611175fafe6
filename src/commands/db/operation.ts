import type { AcceptedOperation, DbClient } from '../../clients/db/client.js';
import type { OperationStatusWire } from '../../clients/db/types.js';
import { AwaitedFailure } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { type WaitOptions, waitFor } from '../shared/wait.js';

/** What following an operation needs besides the client; `sleep` and `now` are for tests. */
export interface FollowDeps {
  io: Io;
  feedback: Feedback;
  wait: WaitOptions;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  now?: (() => number) | undefined;
}

/** Terminal states of an operation (reference C.3), compared without case. */
const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

/**
 * Follows an accepted change through the shared poller until Succeeded, Failed or Canceled. The 202
 * itself is the first look, so its `Retry-After` sets the wait before the first poll; each status
 * answer's `Retry-After` sets the next. Failed or Canceled is exit 8 with the operation's error code
 * and message; `--wait-timeout` elapsed is exit 6.
 */
export async function followOperation(
  client: DbClient,
  op: AcceptedOperation,
  what: string,
  d: FollowDeps,
): Promise<OperationStatusWire> {
  let first = true;
  const final = await waitFor<OperationStatusWire>({
    io: d.io,
    feedback: d.feedback,
    wait: d.wait,
    what,
    label: (v) => `${what}: ${v.status}`,
    describe: (v) => v.status,
    check: async () => {
      if (!first) return client.getOperationStatus(op);
      first = false;
      return { value: { status: 'Accepted' }, headers: op.headers };
    },
    done: (v) => TERMINAL.has(v.status.toLowerCase()),
    sleep: d.sleep,
    now: d.now,
  });
  if (final.status.toLowerCase() === 'succeeded') return final;
  const code = final.error?.code ?? final.status;
  throw new AwaitedFailure(
    `db: ${what} ended ${final.status}: ${final.error?.message ?? 'the service gave no reason'} (${code})`,
    { code },
  );
}

/** What `--no-wait` prints: the change was accepted, and where to follow it. */
export interface AcceptedRecord {
  name: string;
  status: 'Accepted';
  operation: string;
}

export const ACCEPTED_COLUMNS = [
  { header: 'name', get: (r: AcceptedRecord) => r.name },
  { header: 'status', get: (r: AcceptedRecord) => r.status },
  { header: 'operation', get: (r: AcceptedRecord) => r.operation },
];
