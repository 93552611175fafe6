import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type CloudRunBase, cloudCommand, cloudContext, parseId } from '../shared.js';
import { asgId } from './shared.js';

/** What register-target-group and deregister-target-group share. */
export interface AsgTargetGroupOptions extends CloudRunBase {
  id: string;
  targetGroupId: string;
}

export function targetGroupCommand(
  factory: Factory,
  name: string,
  description: string,
  examples: string[],
  run: (o: AsgTargetGroupOptions) => Promise<void>,
): Command {
  return cloudCommand(name, description, examples)
    .argument('<id>', 'auto scaling group id (UUID)')
    .argument('<target-group-id>', 'target group id (UUID)')
    .action(async (raw: string, rawTg: string, _o: object, c: Command) => {
      const id = asgId(raw);
      const targetGroupId = parseId('target group', rawTg, `ops cloud asg get ${id}`);
      const { base } = await cloudContext(factory, c);
      await run({ ...base, id, targetGroupId });
    });
}
