import { instanceArgument } from '../pick-instance.js';
import { resolveInstance } from '../names.js';
import { verbCommand } from '../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { ConsoleAccessWire } from '../../../clients/cloud/types.js';
import { type CloudRunBase, start } from '../shared.js';
import { instanceId } from './shared.js';

export interface InstanceConsoleOptions extends CloudRunBase {
  id: string;
}

export function instanceConsoleCommand(factory: Factory, run = runInstanceConsole): Command {
  return verbCommand(
    'console',
    'Print the web console (noVNC) link of a RUNNING instance; the link carries an access token',
    [
      'ops cloud instance console 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance console 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --field url',
    ],
  )
    .addArgument(instanceArgument())
    .action(async (raw: string, _o: object, c: Command) => {
      const ref = instanceId(raw);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id });
    });
}

export async function runInstanceConsole(o: InstanceConsoleOptions): Promise<void> {
  const access = await (await o.client()).getConsoleAccess(o.id);
  await o.printer.print<ConsoleAccessWire>(access, { columns: [{ header: 'url', get: (a) => a.url }] });
}
