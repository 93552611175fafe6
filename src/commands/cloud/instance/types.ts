import { instanceArgument } from '../pick-instance.js';
import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { InstanceTypeWire } from '../../../clients/cloud/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { TYPE_COLUMNS } from '../columns.js';
import { type CloudRunBase, start } from '../shared.js';
import { instanceId } from './shared.js';

export interface InstanceTypesOptions extends CloudRunBase {
  id: string;
  limit: number | undefined;
}

export function instanceTypesCommand(factory: Factory, run = runInstanceTypes): Command {
  const cmd = verbCommand(
    'types',
    'List the types an instance can change to (`instance update --type`), with prices',
    [
      'ops cloud instance types 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance types 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --field name',
    ],
    { notes: 'Every type a region offers, whatever the instance: ops cloud instance-types --region NAME.' },
  ).addArgument(instanceArgument());
  addListFlags(cmd);
  return cmd.action(async (raw: string, o: { limit?: string; all?: boolean }, c: Command) => {
    const ref = instanceId(raw);
    const { limit } = parseListFlags(o);
    const { base } = await start(factory, c);
    const id = await resolveInstance(base, ref);
    await run({ ...base, id, limit });
  });
}

export async function runInstanceTypes(o: InstanceTypesOptions): Promise<void> {
  const client = await o.client();
  await printPages<InstanceTypeWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getUpdateInstanceTypeList(o.id, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: TYPE_COLUMNS,
    limit: o.limit,
    noun: 'instance types',
  });
}
