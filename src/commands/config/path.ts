import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { configFile } from '../../config/paths.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';

export function configPathCommand(factory: Factory, run = runConfigPath): Command {
  return verbCommand(
    'path',
    'Print the path of the config file ($OPS_CONFIG_DIR or $XDG_CONFIG_HOME/ops/config.json)',
    ['ops config path', 'OPS_CONFIG_DIR=./ci-config ops config path'],
  ).action(async () => run({ io: factory.io }));
}

export async function runConfigPath(o: { io: Io }): Promise<void> {
  o.io.stdout.write(`${configFile(o.io.env)}\n`);
}
