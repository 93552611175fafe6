import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { apiCommand } from './request.js';

export function register(parent: Command, factory: Factory): void {
  parent.addCommand(apiCommand(factory));
}
