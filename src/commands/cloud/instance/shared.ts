import type { Command } from 'commander';
import type { CloudClient } from '../../../clients/cloud/client.js';
import {
  BILLING_FREQUENCIES,
  CONTRACT_TERMS,
  type InstanceDetailsWire,
  type InstanceState,
} from '../../../clients/cloud/types.js';
import { AwaitedFailure } from '../../../errors.js';
import type { Io } from '../../../io.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import { choiceOption } from '../../shared/choices.js';
import { type WaitOptions, waitFor } from '../../shared/wait.js';
import { INSTANCE_FIELDS } from '../columns.js';
import { parseRef } from '../names.js';
import { StateError, label } from '../shared.js';

export const INSTANCE_LIST = 'ops cloud instance list';

/** An instance id or unique reference, checked before any request; `resolveInstance` gives the id. */
export function instanceId(raw: string): string {
  return parseRef('instance', raw, INSTANCE_LIST);
}

/** States on the way to another: the instance settles by itself. */
export const TRANSITIONAL: readonly InstanceState[] = ['CREATING', 'STARTING', 'STOPPING', 'DESTROYING'];

/** States no action leaves: waiting for anything else past them is pointless. */
const TERMINAL: readonly InstanceState[] = ['FAILED', 'DESTROYED'];

/**
 * The seed's condition of an action (start needs STOPPED, stop and reboot RUNNING…), checked on the
 * instance read just before: the error names the state and what to do.
 */
export function requireInstanceState(
  inst: InstanceDetailsWire,
  action: string,
  states: readonly InstanceState[],
  hint?: string,
): void {
  if (states.includes(inst.state)) return;
  const moving = TRANSITIONAL.includes(inst.state);
  throw new StateError(
    `cannot ${action} instance ${label(inst)}: it is ${inst.state}, and ${action} needs it ${states.join(' or ')}`,
    hint ??
      (moving
        ? 'wait until it settles (`ops cloud instance get ID` shows the state), then try again'
        : undefined),
  );
}

/**
 * Waits through the shared poller until the instance is in `target`, or in a state it cannot leave
 * (FAILED, DESTROYED): then exit 8 naming it.
 */
export async function waitForInstance(o: {
  client: CloudClient;
  feedback: Feedback;
  io: Io;
  wait: WaitOptions;
  id: string;
  target: InstanceState;
  what: string;
}): Promise<InstanceDetailsWire> {
  const inst = await waitFor<InstanceDetailsWire>({
    feedback: o.feedback,
    io: o.io,
    wait: o.wait,
    what: o.what,
    label: (i) => `instance ${label(i)}: ${i.state}`,
    describe: (i) => i.state,
    check: async () => ({ value: await o.client.getInstance(o.id) }),
    done: (i) => i.state === o.target || (TERMINAL.includes(i.state) && i.state !== o.target),
  });
  if (inst.state !== o.target)
    throw new AwaitedFailure(`instance ${label(inst)} ended ${inst.state} while waiting for ${o.target}`, {
      code: 'wait_failed',
      ...(inst.state === 'FAILED' ? { hint: 'terminate it and launch again, or try another image' } : {}),
    });
  return inst;
}

/** The instance after an action: waited for in `target` (the default), or read at once (--no-wait). */
export function instanceAfter(
  o: { feedback: Feedback; io: Io; wait: WaitOptions; id: string },
  client: CloudClient,
  target: InstanceState,
  what: string,
  wait = o.wait.wait,
): Promise<InstanceDetailsWire> {
  return wait
    ? waitForInstance({ client, feedback: o.feedback, io: o.io, wait: o.wait, id: o.id, target, what })
    : client.getInstance(o.id);
}

export function printInstance(printer: Printer, inst: InstanceDetailsWire): Promise<void> {
  return printer.print(inst, { columns: INSTANCE_FIELDS });
}

/** `--contract-term` and `--billing-frequency` of a MONTHLY contract, as launch and update take them. */
export function addMonthlyOptions(cmd: Command): Command {
  return cmd
    .addOption(
      choiceOption(
        '--contract-term <months>',
        `MONTHLY only: ${CONTRACT_TERMS.join(', ')}`,
        CONTRACT_TERMS.map(String),
      ),
    )
    .addOption(
      choiceOption(
        '--billing-frequency <months>',
        `MONTHLY only: ${BILLING_FREQUENCIES.join(', ')}`,
        BILLING_FREQUENCIES.map(String),
      ),
    );
}
