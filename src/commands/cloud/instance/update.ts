import { instanceArgument } from '../pick-instance.js';
import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  BILLING_FREQUENCIES,
  CONTRACT_TERMS,
  CONTRACT_TYPES,
  TYPE_NAMES,
  type UpdateInstanceWire,
} from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import { parseInteger } from '../../shared/parse.js';
import { type CloudRunBase, start, label, parseChoice, parseNumberChoice, parseText } from '../shared.js';
import { addMonthlyOptions, instanceId, printInstance } from './shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface InstanceUpdateOptions extends CloudRunBase {
  id: string;
  body: UpdateInstanceWire;
}

interface UpdateFlags {
  type?: string;
  reference?: string;
  contractType?: string;
  contractTerm?: string;
  billingFrequency?: string;
  rootDiskSize?: string;
}

export function parseInstanceUpdateFlags(o: UpdateFlags): UpdateInstanceWire {
  const body: UpdateInstanceWire = {};
  const type = parseChoice('--type', o.type, TYPE_NAMES);
  if (type) body.type = type;
  const reference = parseText('--reference', o.reference);
  if (reference !== undefined) body.reference = reference;
  const contractType = parseChoice('--contract-type', o.contractType, CONTRACT_TYPES);
  if (contractType) body.contractType = contractType;
  const term = parseNumberChoice('--contract-term', o.contractTerm, CONTRACT_TERMS);
  if (term !== undefined) body.contractTerm = term;
  const billing = parseNumberChoice('--billing-frequency', o.billingFrequency, BILLING_FREQUENCIES);
  if (billing !== undefined) body.billingFrequency = billing;
  if (contractType === 'HOURLY' && (term !== undefined || billing !== undefined))
    throw new UsageError(
      `${term !== undefined ? '--contract-term' : '--billing-frequency'} applies only to a MONTHLY contract`,
      'leave it out, or give --contract-type MONTHLY',
    );
  const disk = parseInteger('--root-disk-size', o.rootDiskSize, { min: 5, max: 1000 });
  if (disk !== undefined) body.rootDiskSize = disk;
  if (Object.keys(body).length === 0)
    throw new UsageError(
      'nothing to update',
      'give at least one of --type, --reference, --contract-type, --contract-term, --billing-frequency, --root-disk-size',
    );
  return body;
}

export function instanceUpdateCommand(factory: Factory, run = runInstanceUpdate): Command {
  return addMonthlyOptions(
    verbCommand('update', 'Change the type, reference, contract or root disk size of an instance', [
      'ops cloud instance update 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' + '    --reference web-01-blue',
      'ops cloud instance update 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' +
        '    --type cld.m5.xlarge --root-disk-size 40',
      'ops cloud instance update 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' +
        '    --contract-type MONTHLY --contract-term 12 --billing-frequency 1',
    ])
      .addArgument(instanceArgument())
      .addOption(
        choiceOption('--type <name>', 'a bigger type (`ops cloud instance types ID` lists them)', TYPE_NAMES),
      )
      .option('--reference <name>', 'a new reference')
      .addOption(
        choiceOption(
          '--contract-type <type>',
          'MONTHLY (an HOURLY contract can become MONTHLY)',
          CONTRACT_TYPES,
        ),
      ),
  )
    .option('--root-disk-size <GB>', '5 to 1000 GB')
    .action(async (raw: string, o: UpdateFlags, c: Command) => {
      const ref = instanceId(raw);
      const body = parseInstanceUpdateFlags(o);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id, body });
    });
}

export async function runInstanceUpdate(o: InstanceUpdateOptions): Promise<void> {
  const client = await o.client();
  // Term and billing frequency belong to a MONTHLY contract: without --contract-type, the instance says which it has.
  if (
    o.body.contractType === undefined &&
    (o.body.contractTerm !== undefined || o.body.billingFrequency !== undefined)
  ) {
    const inst = await client.getInstance(o.id);
    if (inst.contract.type !== 'MONTHLY')
      throw new UsageError(
        `instance ${label(inst)} has an HOURLY contract: --contract-term and --billing-frequency apply only to MONTHLY`,
        'add --contract-type MONTHLY to change the contract',
      );
  }
  const inst = await (await o.client()).updateInstance(o.id, o.body);
  await printInstance(o.printer, inst);
}
