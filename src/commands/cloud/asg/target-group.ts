import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { parseUuid, resolveGroup } from '../names.js';
import { type CloudRunBase, start } from '../shared.js';
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
  return verbCommand(name, description, examples)
    .argument('<id>', 'auto scaling group id (UUID) or unique reference')
    .argument('<target-group>', 'target group id (UUID)')
    .action(async (raw: string, rawTg: string, _o: object, c: Command) => {
      const ref = asgId(raw);
      // Seed 002 has no read of target groups to find a name in: an id alone.
      const targetGroupId = parseUuid('target group', rawTg, 'give the target group id (a UUID)');
      const { base } = await start(factory, c);
      const id = await resolveGroup(base, ref);
      await run({ ...base, id, targetGroupId });
    });
}
