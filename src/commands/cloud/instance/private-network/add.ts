import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type PrivateNetworkOptions, changeMembership, privateNetworkCommand } from './shared.js';

export type PrivateNetworkAddOptions = PrivateNetworkOptions;

export function privateNetworkAddCommand(factory: Factory, run = runPrivateNetworkAdd): Command {
  return privateNetworkCommand(
    factory,
    'add',
    'Add an instance to the private network of its region (an instance without snapshots only)',
    [
      'ops cloud instance private-network add 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance private-network add 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 \\\n' +
        '    --field privateNetwork.subnet',
    ],
    run,
  );
}

export function runPrivateNetworkAdd(o: PrivateNetworkAddOptions): Promise<void> {
  return changeMembership(o, true);
}
