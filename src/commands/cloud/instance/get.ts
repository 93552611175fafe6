import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type CloudRunBase, cloudCommand, cloudContext } from '../shared.js';
import { instanceId, printInstance } from './shared.js';

export interface InstanceGetOptions extends CloudRunBase {
  id: string;
}

export function instanceGetCommand(factory: Factory, run = runInstanceGet): Command {
  return cloudCommand('get', 'Show an instance: state, type, image, IPs, private network, contract', [
    'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
    'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --json',
    'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --field state',
  ])
    .argument('<id>', 'instance id (UUID)')
    .action(async (raw: string, _o: object, c: Command) => {
      const id = instanceId(raw);
      const { base } = await cloudContext(factory, c);
      await run({ ...base, id });
    });
}

export async function runInstanceGet(o: InstanceGetOptions): Promise<void> {
  const inst = await (await o.client()).getInstance(o.id);
  await printInstance(o.printer, inst);
}
