import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import { requireOrPick } from '../../shared/pick.js';
import { pickInstance, pickableInstanceArgument } from '../pick-instance.js';
import type { Factory } from '../../../app/types.js';
import type { CloudClient } from '../../../clients/cloud/client.js';
import type { InstanceState } from '../../../clients/cloud/types.js';
import type { Io } from '../../../io.js';
import { type WaitFlags, type WaitOptions, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';
import { type CloudRunBase, start, planRead } from '../shared.js';
import { TRANSITIONAL, instanceId, printInstance, requireInstanceState, instanceAfter } from './shared.js';

/** What start, stop and reboot share: their run options. */
export interface InstanceActionOptions extends CloudRunBase {
  io: Io;
  id: string;
  wait: WaitOptions;
}

/** One power action: the state the seed requires, the call, and the state it ends in. */
export interface PowerAction {
  verb: 'start' | 'stop' | 'reboot';
  needs: InstanceState;
  target: InstanceState;
  call: (client: CloudClient, id: string) => Promise<void>;
  /** What to do instead when the instance is not in the state needed. */
  hint: (id: string) => string;
}

/** The verb's command: an id, `--wait` until the target state. */
export function powerCommand(
  factory: Factory,
  a: PowerAction,
  description: string,
  examples: string[],
  run: (o: InstanceActionOptions) => Promise<void>,
): Command {
  const cmd = verbCommand(a.verb, description, examples).addArgument(pickableInstanceArgument());
  addWaitOptions(cmd, { what: `the instance is ${a.target}` });
  return cmd.action(async (raw: string | undefined, o: WaitFlags, c: Command) => {
    requireOrPick(factory.io, c, 'id', raw);
    const given = raw === undefined ? undefined : instanceId(raw);
    const wait = parseWaitOptions(o);
    const { ctx, base } = await start(factory, c);
    const id = await resolveInstance(base, given ?? (await pickInstance(ctx, c, base)));
    await run({ ...base, io: ctx.io, id, wait });
  });
}

/**
 * Reads the instance and checks the seed's condition (start: STOPPED; stop and reboot: RUNNING) with a
 * clear message before sending anything, then acts and prints the instance (after waiting, with --wait).
 */
export async function runPowerAction(a: PowerAction, o: InstanceActionOptions): Promise<void> {
  const inst = await planRead(o, (c) => c.getInstance(o.id));
  if (inst)
    requireInstanceState(
      inst,
      a.verb,
      [a.needs],
      TRANSITIONAL.includes(inst.state) ? undefined : a.hint(inst.id),
    );
  const client = await o.client();
  await a.call(client, o.id);
  const after = await instanceAfter(
    o,
    client,
    a.target,
    `instance ${o.id} to be ${a.target} after ${a.verb}`,
  );
  await printInstance(o.printer, after);
}
