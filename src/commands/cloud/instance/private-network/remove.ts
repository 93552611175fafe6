import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type PrivateNetworkOptions, changeMembership, privateNetworkCommand } from './shared.js';

export type PrivateNetworkRemoveOptions = PrivateNetworkOptions;

export function privateNetworkRemoveCommand(factory: Factory, run = runPrivateNetworkRemove): Command {
  return privateNetworkCommand(
    factory,
    'remove',
    'Remove an instance from the private network (an instance without snapshots only)',
    ['ops cloud instance private-network remove 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02'],
    run,
  );
}

export function runPrivateNetworkRemove(o: PrivateNetworkRemoveOptions): Promise<void> {
  return changeMembership(o, false);
}
