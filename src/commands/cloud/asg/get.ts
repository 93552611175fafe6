import { resolveGroup } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type CloudRunBase, start } from '../shared.js';
import { asgId, printGroup } from './shared.js';

export interface AsgGetOptions extends CloudRunBase {
  id: string;
}

export function asgGetCommand(factory: Factory, run = runAsgGet): Command {
  return verbCommand('get', 'Show an auto scaling group with its sizing and target groups', [
    'ops cloud asg get a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01',
    'ops cloud asg get a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c02 --json',
  ])
    .argument('<id>', 'auto scaling group id (UUID) or unique reference')
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = asgId(raw);
      const { base } = await start(factory, c);
      const id = await resolveGroup(base, ref);
      await run({ ...base, id });
    });
}

export async function runAsgGet(o: AsgGetOptions): Promise<void> {
  await printGroup(o.printer, await (await o.client()).getAutoScalingGroup(o.id));
}
