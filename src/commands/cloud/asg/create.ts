import { required } from '../../shared/required.js';
import { verbCommand } from '../../shared/verbs.js';
import { type Command, Option } from 'commander';
import type { Factory } from '../../../app/types.js';
import { ASG_TYPES, type CreateAutoScalingGroupWire } from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import { instanceId as instanceRef, requireInstanceState } from '../instance/shared.js';
import { resolveInstance } from '../names.js';
import { type CloudRunBase, start, parseChoice, parseText, planRead } from '../shared.js';
import { type SizingFlags, checkRequiredFor, checkSizingFor, parseSizing, printGroup } from './shared.js';
import { choiceOption } from '../../shared/choices.js';
import type { Io } from '../../../io.js';
import { type WaitFlags, type WaitOptions, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';
import { waitForGroup } from './wait.js';
import { clockNow } from '../../../clock.js';

export interface AsgCreateOptions extends CloudRunBase {
  io: Io;
  body: CreateAutoScalingGroupWire;
  wait: WaitOptions;
}

interface CreateFlags extends SizingFlags {
  type?: string;
  reference?: string;
  instance?: string;
}

/** Every rule of the seed's create body that needs no request. */
export function parseAsgCreateFlags(o: CreateFlags, now = clockNow()): CreateAutoScalingGroupWire {
  if (o.type === undefined) throw new UsageError('--type is required', `give one of ${ASG_TYPES.join(', ')}`);
  const type = parseChoice('--type', o.type, ASG_TYPES)!;
  if (o.reference === undefined) throw new UsageError('--reference is required', 'name the group');
  const reference = parseText('--reference', o.reference, 255)!;
  if (o.instance === undefined)
    throw new UsageError('--instance is required', 'give the instance the group is made from');
  // An id, or a reference resolved (one planned read) before the request.
  const instanceId = instanceRef(o.instance);
  const sizing = parseSizing(o, now);
  checkSizingFor(type, sizing);
  checkRequiredFor(type, sizing);
  return { type, reference, instanceId, ...sizing };
}

export function asgCreateCommand(factory: Factory, run = runAsgCreate): Command {
  const cmd = verbCommand('create', 'Create an auto scaling group from a RUNNING or STOPPED instance', [
    'ops cloud asg create --type MANUAL --reference web-pool \\\n' +
      '    --instance 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --desired 3',
    'ops cloud asg create --type CPU_BASED --reference jobs \\\n' +
      '    --instance 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04 --min 1 --max 6 \\\n' +
      '    --cpu-threshold 75 --warmup 120 --cooldown 600',
    'ops cloud asg create --type SCHEDULED --reference sale \\\n' +
      '    --instance 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02 --desired 4 \\\n' +
      '    --starts-at +1d --ends-at +3d --no-wait',
  ]);
  addWaitOptions(cmd, { what: 'the group has left CREATING' });
  return cmd
    .addOption(required(choiceOption('--type <type>', `${ASG_TYPES.join(', ')} (required)`, ASG_TYPES)))
    .addOption(
      required(new Option('--reference <name>', 'name of the group, at most 255 characters (required)')),
    )
    .addOption(
      required(
        new Option(
          '--instance <id>',
          'the instance the group is made from: id or unique reference (required)',
        ),
      ),
    )
    .option('--desired <n>', 'MANUAL and SCHEDULED (required there): instances to run, >= 1')
    .option('--min <n>', 'CPU_BASED (required): fewest instances, >= 1')
    .option('--max <n>', 'CPU_BASED (required): most instances, >= --min')
    .option('--cpu-threshold <percent>', 'CPU_BASED: scale out above this CPU use, 1 to 100')
    .option('--warmup <seconds>', 'CPU_BASED: 60 to 900 seconds')
    .option('--cooldown <seconds>', 'CPU_BASED: 300 to 900 seconds')
    .option('--starts-at <time>', 'SCHEDULED (required): ISO date-time, epoch seconds or relative (+1d)')
    .option('--ends-at <time>', 'SCHEDULED (required): later than --starts-at')
    .action(async (o: CreateFlags & WaitFlags, c: Command) => {
      const body = parseAsgCreateFlags(o);
      const wait = parseWaitOptions(o);
      const { ctx, base } = await start(factory, c);
      await run({
        ...base,
        io: ctx.io,
        body: { ...body, instanceId: await resolveInstance(base, body.instanceId) },
        wait,
      });
    });
}

/** The seed: the instance must be RUNNING or STOPPED; it is read first to say so. */
export async function runAsgCreate(o: AsgCreateOptions): Promise<void> {
  const inst = await planRead(o, (c) => c.getInstance(o.body.instanceId));
  if (inst) requireInstanceState(inst, 'make an auto scaling group from', ['RUNNING', 'STOPPED']);
  const client = await o.client();
  const group = await client.createAutoScalingGroup(o.body);
  const settled = o.wait.wait ? await waitForGroup({ ...o, client, id: group.id }) : group;
  await printGroup(o.printer, settled ?? group);
}
