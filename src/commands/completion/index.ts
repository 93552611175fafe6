import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { completionCommand } from './completion.js';
import { declare } from '../shared/verbs.js';

export function register(parent: Command, factory: Factory): void {
  parent.addCommand(
    declare(completionCommand(factory), { effect: 'read', text: 'a completion script' }, factory.io),
  );
}
