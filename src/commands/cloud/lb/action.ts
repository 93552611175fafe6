import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { CloudClient } from '../../../clients/cloud/client.js';
import { printActed } from '../../shared/outcome.js';
import { parseUuid } from '../names.js';
import { type CloudRunBase, start } from '../shared.js';

export interface LbActionOptions extends CloudRunBase {
  id: string;
}

export interface LbAction {
  verb: 'start' | 'stop' | 'reboot';
  call: (client: CloudClient, id: string) => Promise<void>;
}

/**
 * A load balancer's id, checked before any request. Seed 002 has no read of load balancers (no list to
 * find a name in, no single read): an id is the only way to name one.
 */
export function lbId(raw: string): string {
  return parseUuid('load balancer', raw, 'give the load balancer id (a UUID)');
}

export function lbActionCommand(
  factory: Factory,
  verb: LbAction['verb'],
  description: string,
  examples: string[],
  run: (o: LbActionOptions) => Promise<void>,
): Command {
  return verbCommand(verb, description, examples, {
    footer:
      'The API accepts the action (202) and answers nothing more; it has no read of a load balancer\nto wait with, so the command returns at once.',
  })
    .argument('<load-balancer>', 'load balancer id (UUID)')
    .action(async (raw: string, _o: object, c: Command) => {
      const id = lbId(raw);
      const { base } = await start(factory, c);
      await run({ ...base, id });
    });
}

/**
 * The action, and what the API answered: 202 and no body, so nothing on a table and
 * `{"kind","id","action"}` as JSON; 400 in the wrong state (start needs it stopped, stop and reboot
 * running), exit 1; 404 for an unknown id, exit 3.
 */
export async function runLbAction(a: LbAction, o: LbActionOptions): Promise<void> {
  const client = await o.client();
  await a.call(client, o.id);
  await printActed(o, 'load balancer', o.id, a.verb);
}
