import { required } from '../shared/required.js';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import { REGION_NAMES, type InstanceTypeWire } from '../../clients/cloud/types.js';
import { UsageError } from '../../errors.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { TYPE_COLUMNS } from './columns.js';
import { type CloudRunBase, start, parseChoice } from './shared.js';
import { choiceOption } from '../shared/choices.js';

export interface CloudInstanceTypesOptions extends CloudRunBase {
  region: string;
  limit: number | undefined;
}

export function cloudInstanceTypesCommand(factory: Factory, run = runCloudInstanceTypes): Command {
  const cmd = verbCommand(
    'instance-types',
    'List the instance types of a region: resources and prices',
    [
      'ops cloud instance-types --region eu-west-3',
      'ops cloud instance-types --region us-east-1 --all -o csv',
      'ops cloud instance-types --region eu-west-3 \\\n' + "    --query '[?resources.cpu.value==`4`].name'",
    ],
    { notes: 'The types one instance can change to (instance update --type): ops cloud instance types ID.' },
  ).addOption(
    required(choiceOption('--region <name>', `region (required): ${REGION_NAMES.join(', ')}`, REGION_NAMES)),
  );
  addListFlags(cmd);
  return cmd.action(async (o: { region?: string; limit?: string; all?: boolean }, c: Command) => {
    if (o.region === undefined)
      throw new UsageError('--region is required', `give one of ${REGION_NAMES.join(', ')}`);
    const region = parseChoice('--region', o.region, REGION_NAMES)!;
    const { limit } = parseListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, region, limit });
  });
}

export async function runCloudInstanceTypes(o: CloudInstanceTypesOptions): Promise<void> {
  const client = await o.client();
  await printPages<InstanceTypeWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getInstanceTypeList(o.region, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: TYPE_COLUMNS,
    limit: o.limit,
    noun: `instance types in ${o.region}`,
  });
}
