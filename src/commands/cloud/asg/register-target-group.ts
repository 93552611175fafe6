import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { printGroup } from './shared.js';
import { type AsgTargetGroupOptions, targetGroupCommand } from './target-group.js';

export type AsgRegisterTargetGroupOptions = AsgTargetGroupOptions;

export function asgRegisterTargetGroupCommand(factory: Factory, run = runAsgRegisterTargetGroup): Command {
  return targetGroupCommand(
    factory,
    'register-target-group',
    "Register a target group (of the group's region) with an auto scaling group",
    [
      'ops cloud asg register-target-group a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01 \\\n' +
        '    3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a602',
      'ops cloud asg register-target-group a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c03 \\\n' +
        '    3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601 --field targetGroups',
    ],
    run,
  );
}

export async function runAsgRegisterTargetGroup(o: AsgRegisterTargetGroupOptions): Promise<void> {
  await printGroup(
    o.printer,
    await (await o.client()).registerAutoScalingGroupTargetGroup(o.id, o.targetGroupId),
  );
}
