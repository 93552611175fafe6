import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import {
  ASG_STATES,
  ASG_TYPES,
  type AutoScalingGroupListQuery,
  type AutoScalingGroupWire,
  REGION_NAMES,
} from '../../../clients/cloud/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { GROUP_COLUMNS } from '../columns.js';
import { instanceId as instanceRef } from '../instance/shared.js';
import { resolveInstance } from '../names.js';
import { type CloudRunBase, start, parseChoice, parseText } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface AsgListOptions extends CloudRunBase {
  query: AutoScalingGroupListQuery;
  limit: number | undefined;
}

interface ListFlags {
  type?: string;
  region?: string;
  reference?: string;
  state?: string;
  instance?: string;
  limit?: string;
  all?: boolean;
}

export function parseAsgListFlags(o: ListFlags): Pick<AsgListOptions, 'query' | 'limit'> {
  const { limit } = parseListFlags(o);
  return {
    limit,
    query: {
      type: parseChoice('--type', o.type, ASG_TYPES),
      region: parseChoice('--region', o.region, REGION_NAMES),
      reference: parseText('--reference', o.reference),
      state: parseChoice('--state', o.state, ASG_STATES),
      instanceId: o.instance === undefined ? undefined : instanceRef(o.instance),
    },
  };
}

export function asgListCommand(factory: Factory, run = runAsgList): Command {
  const cmd = verbCommand(
    'list',
    'List auto scaling groups, filtered by type, region, reference, state or instance',
    [
      'ops cloud asg list',
      'ops cloud asg list --type CPU_BASED --region us-east-1',
      'ops cloud asg list --state ACTIVE --field reference',
    ],
  )
    .addOption(choiceOption('--type <type>', ASG_TYPES.join(', '), ASG_TYPES))
    .addOption(choiceOption('--region <name>', 'region, e.g. eu-west-3', REGION_NAMES))
    .option('--reference <name>', 'the group’s reference')
    .addOption(choiceOption('--state <state>', ASG_STATES.join(', '), ASG_STATES))
    .option('--instance <instance>', 'groups made from this instance (id or unique reference)');
  addListFlags(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseAsgListFlags(o);
    const { base } = await start(factory, c);
    const instance = parsed.query.instanceId;
    if (instance !== undefined) parsed.query.instanceId = await resolveInstance(base, instance);
    await run({ ...base, ...parsed });
  });
}

export async function runAsgList(o: AsgListOptions): Promise<void> {
  const client = await o.client();
  await printPages<AutoScalingGroupWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getAutoScalingGroupList(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: GROUP_COLUMNS,
    limit: o.limit,
    noun: 'auto scaling groups',
  });
}
