import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { printGroup } from './shared.js';
import { type AsgTargetGroupOptions, targetGroupCommand } from './target-group.js';

export type AsgDeregisterTargetGroupOptions = AsgTargetGroupOptions;

export function asgDeregisterTargetGroupCommand(
  factory: Factory,
  run = runAsgDeregisterTargetGroup,
): Command {
  return targetGroupCommand(
    factory,
    'deregister-target-group',
    'Deregister a target group from an auto scaling group',
    [
      'ops cloud asg deregister-target-group a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01 \\\n' +
        '    3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601',
    ],
    run,
  );
}

export async function runAsgDeregisterTargetGroup(o: AsgDeregisterTargetGroupOptions): Promise<void> {
  await printGroup(
    o.printer,
    await (await o.client()).deregisterAutoScalingGroupTargetGroup(o.id, o.targetGroupId),
  );
}
