import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { resolveBalancer } from '../names.js';
import { type CloudRunBase, cloudCommand, start } from '../shared.js';
import { lbId } from './action.js';
import { LB_FIELDS } from './columns.js';

export interface LbGetOptions extends CloudRunBase {
  id: string;
}

export function lbGetCommand(factory: Factory, run = runLbGet): Command {
  return cloudCommand('get', 'Show a load balancer: state, type, region, IPs', [
    'ops cloud lb get 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01',
    'ops cloud lb get lb-web --json',
    'ops cloud lb get lb-batch --field state',
  ])
    .argument('<load-balancer>', 'load balancer id (UUID) or unique reference')
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = lbId(raw);
      const { base } = await start(factory, c);
      const id = await resolveBalancer(base, ref);
      await run({ ...base, id });
    });
}

export async function runLbGet(o: LbGetOptions): Promise<void> {
  const lb = await (await o.client()).getLoadBalancer(o.id);
  await o.printer.print(lb, { columns: LB_FIELDS });
}
