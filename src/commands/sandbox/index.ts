import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { sandboxDemoCommand } from './demo.js';
import { sandboxEnvCommand } from './env.js';
import { sandboxStartCommand } from './start.js';

export function register(parent: Command, factory: Factory): void {
  const group = parent
    .command('sandbox')
    .description('Run local emulators of every service, with fixed credentials, for trying and testing ops')
    .addHelpText(
      'after',
      `
Examples:
  ops sandbox start &                # http://127.0.0.1:4010, one prefix per service
  eval "$(ops sandbox env)"          # point every service at it
  ops sandbox demo                   # a tour of every service in one process`,
    );
  group.addCommand(sandboxStartCommand(factory));
  group.addCommand(sandboxEnvCommand(factory));
  group.addCommand(sandboxDemoCommand(factory));
}
