import type { Command } from 'commander';
import type { Factory } from '../factory.js';

// Placeholder until the service's commands land; replaced by the service's own subtree.
export function register(parent: Command, _factory: Factory): void {
  parent.command('secrets').description('(not implemented yet)');
}
