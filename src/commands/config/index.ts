import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { configGetCommand } from './get.js';
import { configListCommand } from './list.js';
import { configPathCommand } from './path.js';
import { configProfilesCommand } from './profiles.js';
import { configSetCommand } from './set.js';
import { configUnsetCommand } from './unset.js';
import { configUseCommand } from './use.js';

export function register(parent: Command, factory: Factory): void {
  const group = parent
    .command('config')
    .description('Read and write settings: per-profile service addresses, credentials and options')
    .addHelpText(
      'after',
      `
Precedence: flag > environment (OPS_<SERVICE>_<KEY>) > profile > default.

Examples:
  ops config set hosts.base_url https://api.example.com
  printf %s "$KEY" | ops config set hosts.api_key -
  ops config list --show-origin`,
    );
  for (const make of [
    configSetCommand,
    configGetCommand,
    configUnsetCommand,
    configListCommand,
    configProfilesCommand,
    configUseCommand,
    configPathCommand,
  ]) {
    group.addCommand(make(factory));
  }
}
