import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { completionCommand } from './completion.js';

export function register(parent: Command, factory: Factory): void {
  parent.addCommand(completionCommand(factory));
}
