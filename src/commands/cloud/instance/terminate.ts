import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import { requireFirst, requireOrPick } from '../../shared/pick.js';
import { pickInstance, pickableInstanceArgument } from '../pick-instance.js';
import type { Context, Factory } from '../../../app/types.js';
import type { InstanceDetailsWire, TerminateInstanceWire } from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { type WaitFlags, type WaitOptions, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';
import { type CloudRunBase, StateError, start, label, planRead } from '../shared.js';
import { instanceId, printInstance, instanceAfter } from './shared.js';
import { choiceOption } from '../../shared/choices.js';

/** Reason codes seen in the vendor's documentation; the list itself lives in another service. */
export const KNOWN_REASON_CODES = ['CANCEL_TRIAL_PERIOD', 'CANCEL_PRODUCT_SWITCH', 'CANCEL_OTHER'];

export interface InstanceTerminateOptions extends CloudRunBase {
  io: Io;
  id: string;
  body: TerminateInstanceWire;
  wait: WaitOptions;
  confirm: Context['confirm'];
}

export function parseTerminateFlags(o: { reasonCode?: string; reason?: string }): TerminateInstanceWire {
  const body: TerminateInstanceWire = {};
  if (o.reasonCode !== undefined) {
    const code = o.reasonCode.trim().toUpperCase();
    if (!/^[A-Z][A-Z0-9_]*$/.test(code))
      throw new UsageError(
        `invalid --reason-code "${o.reasonCode}"`,
        `give a code such as ${KNOWN_REASON_CODES.join(', ')}`,
      );
    body.reasonCode = code;
  }
  if (o.reason !== undefined) {
    if (body.reasonCode === undefined)
      throw new UsageError('--reason goes with --reason-code', 'add --reason-code CANCEL_OTHER');
    if (o.reason.trim() === '') throw new UsageError('--reason is empty');
    body.reason = o.reason;
  }
  if (body.reasonCode === 'CANCEL_OTHER' && body.reason === undefined)
    throw new UsageError('--reason-code CANCEL_OTHER needs --reason', 'say why in --reason TEXT');
  return body;
}

export function instanceTerminateCommand(factory: Factory, run = runInstanceTerminate): Command {
  const cmd = verbCommand(
    'terminate',
    'Terminate an instance: HOURLY at once, MONTHLY at the end of its contract (a reason code is then required)',
    [
      'ops cloud instance terminate 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b06 --yes',
      'ops cloud instance terminate 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b06 --yes --wait',
      'ops cloud instance terminate 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
        '    --reason-code CANCEL_OTHER --reason "moving to managed databases" --yes',
    ],
  )
    .addArgument(pickableInstanceArgument())
    .addOption(
      choiceOption(
        '--reason-code <code>',
        `why (required for MONTHLY): ${KNOWN_REASON_CODES.join(', ')}`,
        KNOWN_REASON_CODES,
      ),
    )
    .option('--reason <text>', 'required with CANCEL_OTHER');
  addWaitOptions(cmd, { what: 'the instance is DESTROYED (HOURLY contracts)' });
  cmd.hook('preAction', requireFirst(factory.io, 'id'));
  return cmd.action(
    async (raw: string | undefined, o: { reasonCode?: string; reason?: string } & WaitFlags, c: Command) => {
      requireOrPick(factory.io, c, 'id', raw);
      const given = raw === undefined ? undefined : instanceId(raw);
      const body = parseTerminateFlags(o);
      const wait = parseWaitOptions(o);
      const { ctx, base } = await start(factory, c);
      const id = await resolveInstance(base, given ?? (await pickInstance(ctx, c, base)));
      await run({ ...base, io: ctx.io, id, body, wait, confirm: (a) => ctx.confirm(a) });
    },
  );
}

export async function runInstanceTerminate(o: InstanceTerminateOptions): Promise<void> {
  const inst = await planRead(o, (c) => c.getInstance(o.id));
  if (inst) checkTerminable(inst, o);
  const monthly = inst?.contract.type === 'MONTHLY';
  await o.confirm(
    !inst
      ? `Terminate instance ${o.id}`
      : monthly
        ? `Terminate instance ${label(inst)} when its contract ends (${inst.contract.endsAt})`
        : `Terminate instance ${label(inst)} now`,
  );
  const client = await o.client();
  await client.terminateInstance(o.id, o.body);
  // A MONTHLY contract is terminated when it ends: the action is done once scheduled, nothing to wait for.
  const after = await instanceAfter(
    o,
    client,
    'DESTROYED',
    `instance ${o.id} to be DESTROYED`,
    o.wait.wait && !monthly,
  );
  await printInstance(o.printer, after);
}

/** The seed's rules read off the instance: not gone already, a reason code for MONTHLY. */
function checkTerminable(inst: InstanceDetailsWire, o: InstanceTerminateOptions): void {
  if (inst.state === 'DESTROYING' || inst.state === 'DESTROYED')
    throw new StateError(`instance ${label(inst)} is already ${inst.state}`);
  if (inst.contract.type !== 'MONTHLY') return;
  if (inst.contract.state === 'DELETE_SCHEDULED')
    throw new StateError(
      `instance ${label(inst)} is already scheduled for termination on ${inst.contract.endsAt}`,
      `undo it with \`ops cloud instance cancel-termination ${inst.id}\``,
    );
  if (o.body.reasonCode === undefined)
    throw new UsageError(
      `instance ${label(inst)} has a MONTHLY contract: terminating it needs --reason-code`,
      `give one of ${KNOWN_REASON_CODES.join(', ')} (CANCEL_OTHER with --reason TEXT)`,
    );
}
