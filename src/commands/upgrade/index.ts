import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { declare } from '../shared/verbs.js';
import { upgradeCommand } from './upgrade.js';

export function register(parent: Command, factory: Factory): void {
  parent.addCommand(declare(upgradeCommand(factory), { effect: 'write' }, factory.io));
}
