import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  REGION_NAMES,
  type TargetGroupListQuery,
  type TargetGroupWire,
} from '../../../clients/cloud/types.js';
import { choiceOption } from '../../shared/choices.js';
import { printPages } from '../../shared/list.js';
import { addListOptions, parseListOptions } from '../../shared/list-options.js';
import { parseInteger } from '../../shared/parse.js';
import { TARGET_GROUP_COLUMNS } from '../lb/columns.js';
import { type CloudRunBase, cloudCommand, start, parseChoice, parseText } from '../shared.js';

const PROTOCOLS = ['HTTP', 'HTTPS', 'TCP'] as const;

export interface TargetGroupListOptions extends CloudRunBase {
  query: TargetGroupListQuery;
  limit: number | undefined;
}

interface ListFlags {
  name?: string;
  protocol?: string;
  port?: string;
  region?: string;
  limit?: string;
  all?: boolean;
}

export function parseTargetGroupListFlags(o: ListFlags): Pick<TargetGroupListOptions, 'query' | 'limit'> {
  const { limit } = parseListOptions(o);
  return {
    limit,
    query: {
      name: parseText('--name', o.name, 255),
      protocol: parseChoice('--protocol', o.protocol, PROTOCOLS),
      port: o.port === undefined ? undefined : parseInteger('--port', o.port, { min: 1, max: 65535 }),
      region: parseChoice('--region', o.region, REGION_NAMES),
    },
  };
}

export function targetGroupListCommand(factory: Factory, run = runTargetGroupList): Command {
  const cmd = cloudCommand(
    'list',
    'List target groups (what auto scaling groups register with load balancers)',
    [
      'ops cloud target-group list',
      'ops cloud target-group list --region eu-west-3 --protocol HTTPS',
      'ops cloud target-group list --name web-http --field id',
    ],
  )
    .option('--name <name>', 'the target group’s name')
    .addOption(choiceOption('--protocol <protocol>', PROTOCOLS.join(', '), PROTOCOLS))
    .option('--port <port>', 'the port the targets listen on')
    .addOption(choiceOption('--region <name>', 'region, e.g. eu-west-3', REGION_NAMES));
  addListOptions(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseTargetGroupListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, ...parsed });
  });
}

export async function runTargetGroupList(o: TargetGroupListOptions): Promise<void> {
  const client = await o.client();
  await printPages<TargetGroupWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getTargetGroupList(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: TARGET_GROUP_COLUMNS,
    limit: o.limit,
    noun: 'target groups',
  });
}
