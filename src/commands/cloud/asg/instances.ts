import { resolveGroup } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { AutoScaledInstanceWire } from '../../../clients/cloud/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { SCALED_COLUMNS } from '../columns.js';
import { type CloudRunBase, start } from '../shared.js';
import { asgId } from './shared.js';

export interface AsgInstancesOptions extends CloudRunBase {
  id: string;
  limit: number | undefined;
}

export function asgInstancesCommand(factory: Factory, run = runAsgInstances): Command {
  const cmd = verbCommand('instances', 'List the instances an auto scaling group runs', [
    'ops cloud asg instances a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01',
    'ops cloud asg instances a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01 --field ips',
  ]).argument('<id>', 'auto scaling group id (UUID) or unique reference');
  addListFlags(cmd);
  return cmd.action(async (raw: string, o: { limit?: string; all?: boolean }, c: Command) => {
    const ref = asgId(raw);
    const { limit } = parseListFlags(o);
    const { base } = await start(factory, c);
    const id = await resolveGroup(base, ref);
    await run({ ...base, id, limit });
  });
}

export async function runAsgInstances(o: AsgInstancesOptions): Promise<void> {
  const client = await o.client();
  await printPages<AutoScaledInstanceWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getAutoScalingGroupInstanceList(o.id, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: SCALED_COLUMNS,
    limit: o.limit,
    noun: 'instances',
  });
}
