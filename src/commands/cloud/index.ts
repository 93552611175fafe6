import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { cloudInstanceTypesCommand } from './instance-types.js';
import { instanceCancelTerminationCommand } from './instance/cancel-termination.js';
import { instanceGetCommand } from './instance/get.js';
import { instanceLaunchCommand } from './instance/launch.js';
import { instanceListCommand } from './instance/list.js';
import { instanceRebootCommand } from './instance/reboot.js';
import { instanceStartCommand } from './instance/start.js';
import { instanceStopCommand } from './instance/stop.js';
import { instanceTerminateCommand } from './instance/terminate.js';
import { instanceUpdateCommand } from './instance/update.js';
import { cloudRegionsCommand } from './regions.js';

type Make = (f: Factory) => Command;

function group(
  parent: Command,
  name: string,
  description: string,
  examples: string[],
  makes: Make[],
  factory: Factory,
) {
  const g = parent
    .command(name)
    .description(description)
    .helpCommand(false)
    .addHelpText('after', `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}`);
  for (const make of makes) g.addCommand(make(factory));
  return g;
}

/** `ops cloud`: the cloud hosting API of seed 002 C. */
export function register(parent: Command, factory: Factory): void {
  const cloud = parent
    .command('cloud')
    .description('Cloud hosting (beta): instances, snapshots, metrics, load balancers, auto scaling groups')
    .helpCommand(false)
    .option('--api-key-stdin', 'read the API key (X-Cloud-Auth) from stdin instead of OPS_CLOUD_API_KEY')
    .addHelpText(
      'after',
      `
Examples:
  eval "$(ops sandbox env)"
  ops cloud regions
  ops cloud instance list --state RUNNING
  ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01`,
    );
  for (const make of [cloudRegionsCommand, cloudInstanceTypesCommand]) cloud.addCommand(make(factory));
  group(
    cloud,
    'instance',
    'Instances: launch, list, inspect, update, terminate, start, stop, reboot',
    ['ops cloud instance list', 'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01'],
    [
      instanceLaunchCommand,
      instanceListCommand,
      instanceGetCommand,
      instanceUpdateCommand,
      instanceTerminateCommand,
      instanceCancelTerminationCommand,
      instanceStartCommand,
      instanceStopCommand,
      instanceRebootCommand,
    ],
    factory,
  );
}

/** `ops sandbox demo` steps: read-only, each succeeds against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Cloud: running instances', argv: ['cloud', 'instance', 'list', '--state', 'RUNNING'] },
  {
    title: 'Cloud: instance types of a region, with prices',
    argv: ['cloud', 'instance-types', '--region', 'eu-west-3', '--limit', '5'],
  },
];
