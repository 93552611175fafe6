import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  type LoadBalancerListQuery,
  type LoadBalancerWire,
  REGION_NAMES,
} from '../../../clients/cloud/types.js';
import { choiceOption } from '../../shared/choices.js';
import { printPages } from '../../shared/list.js';
import { addListOptions, parseListOptions } from '../../shared/list-options.js';
import { type CloudRunBase, cloudCommand, start, parseChoice, parseIp, parseText } from '../shared.js';
import { LB_COLUMNS } from './columns.js';

/** The states a load balancer passes through (its start, stop and reboot take a while). */
export const LB_STATES = [
  'RUNNING',
  'STOPPED',
  'STARTING',
  'STOPPING',
  'CREATING',
  'DESTROYING',
  'DESTROYED',
] as const;

export interface LbListOptions extends CloudRunBase {
  query: LoadBalancerListQuery;
  limit: number | undefined;
}

interface ListFlags {
  region?: string;
  reference?: string;
  state?: string;
  ip?: string;
  limit?: string;
  all?: boolean;
}

export function parseLbListFlags(o: ListFlags): Pick<LbListOptions, 'query' | 'limit'> {
  const { limit } = parseListOptions(o);
  return {
    limit,
    query: {
      region: parseChoice('--region', o.region, REGION_NAMES),
      reference: parseText('--reference', o.reference, 255),
      state: parseChoice('--state', o.state, LB_STATES),
      ip: parseIp(o.ip),
    },
  };
}

export function lbListCommand(factory: Factory, run = runLbList): Command {
  const cmd = cloudCommand('list', 'List load balancers, filtered by region, reference, state or IP', [
    'ops cloud lb list',
    'ops cloud lb list --region us-east-1 --state RUNNING',
    'ops cloud lb list --reference lb-web --field id',
  ])
    .addOption(choiceOption('--region <name>', 'region, e.g. eu-west-3', REGION_NAMES))
    .option('--reference <name>', 'the load balancer’s reference')
    .addOption(choiceOption('--state <state>', LB_STATES.join(', '), LB_STATES))
    .option('--ip <address>', 'the load balancer with this IP');
  addListOptions(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseLbListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, ...parsed });
  });
}

export async function runLbList(o: LbListOptions): Promise<void> {
  const client = await o.client();
  await printPages<LoadBalancerWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getLoadBalancerList(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: LB_COLUMNS,
    limit: o.limit,
    noun: 'load balancers',
  });
}
