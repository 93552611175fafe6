import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { TARGET_GROUP_COLUMNS } from '../lb/columns.js';
import { parseRef, resolveTargetGroup } from '../names.js';
import { type CloudRunBase, cloudCommand, start } from '../shared.js';

export interface TargetGroupGetOptions extends CloudRunBase {
  id: string;
}

export function targetGroupGetCommand(factory: Factory, run = runTargetGroupGet): Command {
  return cloudCommand('get', 'Show a target group: protocol, port, region and health check', [
    'ops cloud target-group get 3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601',
    'ops cloud target-group get web-https --json',
  ])
    .argument('<target-group>', 'target group id (UUID) or unique name')
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = parseRef('target group', raw, 'ops cloud target-group list');
      const { base } = await start(factory, c);
      const id = await resolveTargetGroup(base, ref);
      await run({ ...base, id });
    });
}

export async function runTargetGroupGet(o: TargetGroupGetOptions): Promise<void> {
  const tg = await (await o.client()).getTargetGroup(o.id);
  await o.printer.print(tg, { columns: TARGET_GROUP_COLUMNS });
}
