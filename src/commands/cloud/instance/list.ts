import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import {
  CONTRACT_STATES,
  CONTRACT_TYPES,
  INSTANCE_STATES,
  type InstanceListQuery,
  type InstanceWire,
  REGION_NAMES,
  TYPE_NAMES,
} from '../../../clients/cloud/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { INSTANCE_COLUMNS } from '../columns.js';
import { type CloudRunBase, start, parseChoice, parseIp, parseText } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface InstanceListOptions extends CloudRunBase {
  query: InstanceListQuery;
  /** Instances to print at most; undefined with --all. */
  limit: number | undefined;
}

interface ListFlags {
  state?: string;
  region?: string;
  type?: string;
  contractType?: string;
  contractState?: string;
  ip?: string;
  reference?: string;
  image?: string;
  limit?: string;
  all?: boolean;
}

/** Every filter is checked against the seed's enumerations before the request. */
export function parseInstanceListFlags(o: ListFlags): Pick<InstanceListOptions, 'query' | 'limit'> {
  const { limit } = parseListFlags(o);
  const state =
    o.state === undefined
      ? undefined
      : o.state
          .split(',')
          .filter((s) => s.trim() !== '')
          .map((s) => parseChoice('--state', s, INSTANCE_STATES)!);
  return {
    limit,
    query: {
      state: state?.length ? [...new Set(state)] : undefined,
      region: parseChoice('--region', o.region, REGION_NAMES),
      type: parseChoice('--type', o.type, TYPE_NAMES),
      contractType: parseChoice('--contract-type', o.contractType, CONTRACT_TYPES),
      contractState: parseChoice('--contract-state', o.contractState, CONTRACT_STATES),
      ip: parseIp(o.ip),
      reference: parseText('--reference', o.reference),
      imageId: parseText('--image', o.image),
    },
  };
}

export function instanceListCommand(factory: Factory, run = runInstanceList): Command {
  const cmd = verbCommand(
    'list',
    'List instances, filtered by state, region, type, contract, IP, reference or image',
    [
      'ops cloud instance list',
      'ops cloud instance list --state RUNNING,STOPPED --region eu-west-3',
      'ops cloud instance list --contract-type MONTHLY \\\n' + '    --contract-state DELETE_SCHEDULED',
      'ops cloud instance list --ip 198.51.100.11 --json',
      'ops cloud instance list --all -o ndjson',
    ],
  )
    .addOption(
      choiceOption(
        '--state <states>',
        `comma-separated states: ${INSTANCE_STATES.join(', ')}`,
        INSTANCE_STATES,
      ),
    )
    .addOption(choiceOption('--region <name>', 'region, e.g. eu-west-3', REGION_NAMES))
    .addOption(choiceOption('--type <name>', 'instance type, e.g. cld.m5.large', TYPE_NAMES))
    .addOption(choiceOption('--contract-type <type>', 'HOURLY or MONTHLY', CONTRACT_TYPES))
    .addOption(choiceOption('--contract-state <state>', CONTRACT_STATES.join(', '), CONTRACT_STATES))
    .option('--ip <address>', 'an IP address of the instance')
    .option('--reference <name>', 'the reference given at launch')
    .option('--image <id>', 'image code or UUID');
  addListFlags(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseInstanceListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, ...parsed });
  });
}

export async function runInstanceList(o: InstanceListOptions): Promise<void> {
  const client = await o.client();
  await printPages<InstanceWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getInstanceList(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: INSTANCE_COLUMNS,
    limit: o.limit,
    noun: 'instances',
  });
}
