import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { CloudClient } from '../../../clients/cloud/client.js';
import { type CloudRunBase, cloudCommand, cloudContext, parseId } from '../shared.js';

export interface LbActionOptions extends CloudRunBase {
  id: string;
}

/** What start, stop and reboot of a load balancer print: the API answers 202 with no body and has no read. */
export interface LbActionResult {
  loadBalancerId: string;
  action: string;
  accepted: boolean;
}

export interface LbAction {
  verb: 'start' | 'stop' | 'reboot';
  call: (client: CloudClient, id: string) => Promise<void>;
}

export function lbId(raw: string): string {
  return parseId('load balancer', raw, 'ops cloud lb --help');
}

export function lbActionCommand(
  factory: Factory,
  verb: LbAction['verb'],
  description: string,
  examples: string[],
  run: (o: LbActionOptions) => Promise<void>,
): Command {
  return cloudCommand(verb, description, examples)
    .argument('<load-balancer-id>', 'load balancer id (UUID)')
    .action(async (raw: string, _o: object, c: Command) => {
      const id = lbId(raw);
      const { base } = await cloudContext(factory, c);
      await run({ ...base, id });
    });
}

/**
 * The seed names no read of a load balancer, so its state cannot be checked first: the API refuses an
 * action in the wrong state (start needs it stopped, stop and reboot running) with 400.
 */
export async function runLbAction(a: LbAction, o: LbActionOptions): Promise<void> {
  await a.call(await o.client(), o.id);
  await o.printer.print<LbActionResult>(
    { loadBalancerId: o.id, action: a.verb, accepted: true },
    {
      columns: [
        { header: 'load balancer', get: (r) => r.loadBalancerId },
        { header: 'action', get: (r) => r.action },
        { header: 'accepted', get: (r) => r.accepted },
      ],
    },
  );
}
