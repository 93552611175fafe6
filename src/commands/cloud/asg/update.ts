import { resolveGroup } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { UpdateAutoScalingGroupWire } from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import { type CloudRunBase, start, parseText, planRead } from '../shared.js';
import { type SizingFlags, asgId, checkSizingFor, parseSizing, printGroup } from './shared.js';
import { clockNow } from '../../../clock.js';

export interface AsgUpdateOptions extends CloudRunBase {
  id: string;
  body: UpdateAutoScalingGroupWire;
}

export function parseAsgUpdateFlags(
  o: SizingFlags & { reference?: string },
  now = clockNow(),
): UpdateAutoScalingGroupWire {
  if ((o.startsAt === undefined) !== (o.endsAt === undefined))
    throw new UsageError('--starts-at and --ends-at change together', 'give both');
  const body: UpdateAutoScalingGroupWire = { ...parseSizing(o, now) };
  const reference = parseText('--reference', o.reference, 255);
  if (reference !== undefined) body.reference = reference;
  if (Object.keys(body).length === 0)
    throw new UsageError(
      'nothing to update',
      'give --reference or a sizing flag (--desired, --min, --max, …)',
    );
  return body;
}

export function asgUpdateCommand(factory: Factory, run = runAsgUpdate): Command {
  return verbCommand(
    'update',
    "Change an auto scaling group's reference or sizing (not its type or instance)",
    [
      'ops cloud asg update a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01 --desired 4',
      'ops cloud asg update a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c02 --max 8 \\\n' + '    --cpu-threshold 60',
      'ops cloud asg update a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c03 --starts-at +2d \\\n' + '    --ends-at +4d',
    ],
  )
    .argument('<id>', 'auto scaling group id (UUID) or unique reference')
    .option('--reference <name>', 'a new reference, at most 255 characters')
    .option('--desired <n>', 'MANUAL and SCHEDULED: instances to run, >= 1')
    .option('--min <n>', 'CPU_BASED: fewest instances, >= 1')
    .option('--max <n>', 'CPU_BASED: most instances')
    .option('--cpu-threshold <percent>', 'CPU_BASED: 1 to 100')
    .option('--warmup <seconds>', 'CPU_BASED: 60 to 900')
    .option('--cooldown <seconds>', 'CPU_BASED: 300 to 900')
    .option('--starts-at <time>', 'SCHEDULED: with --ends-at')
    .option('--ends-at <time>', 'SCHEDULED: with --starts-at')
    .action(async (raw: string, o: SizingFlags & { reference?: string }, c: Command) => {
      const ref = asgId(raw);
      const body = parseAsgUpdateFlags(o);
      const { base } = await start(factory, c);
      const id = await resolveGroup(base, ref);
      await run({ ...base, id, body });
    });
}

/** The group is read first: its type says which sizing flags apply, and min/max are checked together. */
export async function runAsgUpdate(o: AsgUpdateOptions): Promise<void> {
  const group = await planRead(o, (c) => c.getAutoScalingGroup(o.id));
  if (group) {
    checkSizingFor(group.type, o.body);
    const min = o.body.minimumAmount ?? group.minimumAmount;
    const max = o.body.maximumAmount ?? group.maximumAmount;
    if (min !== null && max !== null && min !== undefined && max !== undefined && min > max)
      throw new UsageError(
        `the minimum (${min}) would be above the maximum (${max})`,
        'change --min and --max together',
      );
  }
  await printGroup(o.printer, await (await o.client()).updateAutoScalingGroup(o.id, o.body));
}
