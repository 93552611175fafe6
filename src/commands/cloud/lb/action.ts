import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { CloudClient } from '../../../clients/cloud/client.js';
import type { LoadBalancerWire } from '../../../clients/cloud/types.js';
import { AwaitedFailure } from '../../../errors.js';
import type { Io } from '../../../io.js';
import {
  type WaitFlags,
  type WaitOptions,
  addWaitOptions,
  parseWaitOptions,
  waitFor,
} from '../../shared/wait.js';
import { parseRef, resolveBalancer } from '../names.js';
import { type CloudRunBase, cloudCommand, start } from '../shared.js';
import { LB_FIELDS } from './columns.js';

export interface LbActionOptions extends CloudRunBase {
  io: Io;
  id: string;
  wait: WaitOptions;
}

/** The state each action ends in; a load balancer in another settled state has failed it. */
const TARGET = { start: 'RUNNING', stop: 'STOPPED', reboot: 'RUNNING' } as const;
const MOVING = ['STARTING', 'STOPPING', 'REBOOTING', 'CREATING'];

export interface LbAction {
  verb: 'start' | 'stop' | 'reboot';
  call: (client: CloudClient, id: string) => Promise<void>;
}

/** A load balancer id or unique reference, checked before any request; `resolveBalancer` gives the id. */
export function lbId(raw: string): string {
  return parseRef('load balancer', raw, 'ops cloud lb list');
}

export function lbActionCommand(
  factory: Factory,
  verb: LbAction['verb'],
  description: string,
  examples: string[],
  run: (o: LbActionOptions) => Promise<void>,
): Command {
  const cmd = cloudCommand(verb, description, examples).argument(
    '<load-balancer>',
    'load balancer id (UUID) or unique reference',
  );
  addWaitOptions(cmd, { what: `the load balancer is ${TARGET[verb]}` });
  return cmd.action(async (raw: string, o: WaitFlags, c: Command) => {
    const ref = lbId(raw);
    const wait = parseWaitOptions(o);
    const { ctx, base } = await start(factory, c);
    const id = await resolveBalancer(base, ref);
    await run({ ...base, io: ctx.io, id, wait });
  });
}

/**
 * The action (the API answers 202, and 400 in the wrong state: start needs it stopped, stop and reboot
 * running), then the load balancer as it is: waited for in the action's end state by default, read
 * once with --no-wait. A load balancer that settles in another state is exit 8.
 */
export async function runLbAction(a: LbAction, o: LbActionOptions): Promise<void> {
  const client = await o.client();
  await a.call(client, o.id);
  const target = TARGET[a.verb];
  const lb = o.wait.wait
    ? await waitFor<LoadBalancerWire>({
        feedback: o.feedback,
        io: o.io,
        wait: o.wait,
        what: `load balancer ${o.id} to be ${target}`,
        label: (l) => `load balancer ${l.reference ?? l.id}: ${l.state}`,
        describe: (l) => l.state,
        check: async () => ({ value: await client.getLoadBalancer(o.id) }),
        done: (l) => !MOVING.includes(l.state),
      })
    : await client.getLoadBalancer(o.id);
  if (o.wait.wait && lb.state !== target)
    throw new AwaitedFailure(
      `load balancer ${lb.reference ?? lb.id} ended ${lb.state} while waiting for ${target}`,
      {
        code: 'wait_failed',
      },
    );
  await o.printer.print(lb, { columns: LB_FIELDS });
}
