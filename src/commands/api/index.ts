import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { apiCommand } from './request.js';
import { declare } from '../shared/verbs.js';

export function register(parent: Command, factory: Factory): void {
  // Its method decides; declared as the most a write can do short of a delete.
  parent.addCommand(declare(apiCommand(factory), { effect: 'write' }, factory.io));
}
