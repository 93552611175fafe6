import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import { requireOrPick } from '../../shared/pick.js';
import { pickInstance, pickableInstanceArgument } from '../pick-instance.js';
import type { Factory } from '../../../app/types.js';
import { type CloudRunBase, start } from '../shared.js';
import { instanceId, printInstance } from './shared.js';

export interface InstanceGetOptions extends CloudRunBase {
  id: string;
}

export function instanceGetCommand(factory: Factory, run = runInstanceGet): Command {
  return verbCommand('get', 'Show an instance: state, type, image, IPs, private network, contract', [
    'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
    'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --json',
    'ops cloud instance get web-01 --field state   # by reference',
  ])
    .addArgument(pickableInstanceArgument())
    .action(async (raw: string | undefined, _o: object, c: Command) => {
      requireOrPick(factory.io, c, 'id', raw);
      const given = raw === undefined ? undefined : instanceId(raw);
      const { ctx, base } = await start(factory, c);
      const id = await resolveInstance(base, given ?? (await pickInstance(ctx, c, base)));
      await run({ ...base, id });
    });
}

export async function runInstanceGet(o: InstanceGetOptions): Promise<void> {
  const inst = await (await o.client()).getInstance(o.id);
  await printInstance(o.printer, inst);
}
