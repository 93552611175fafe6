import type { Command } from 'commander';
import {
  ASG_FIELDS,
  CREDENTIAL_LIST_FIELDS,
  IMAGE_FIELDS,
  INSTANCE_DETAILS_FIELDS,
  INSTANCE_TYPE_FIELDS,
  REGION_FIELDS,
  SCALED_INSTANCE_FIELDS,
  SNAPSHOT_FIELDS,
} from '../../clients/cloud/types.js';
import type { Factory } from '../../app/types.js';
import { INSTANCE_FIELDS } from '../../clients/cloud/types.js';
import { asgCreateCommand } from './asg/create.js';
import { asgDeleteCommand } from './asg/delete.js';
import { asgDeregisterTargetGroupCommand } from './asg/deregister-target-group.js';
import { asgGetCommand } from './asg/get.js';
import { asgInstancesCommand } from './asg/instances.js';
import { asgListCommand } from './asg/list.js';
import { asgRegisterTargetGroupCommand } from './asg/register-target-group.js';
import { asgUpdateCommand } from './asg/update.js';
import { cloudImagesCommand } from './images.js';
import { cloudInstanceTypesCommand } from './instance-types.js';
import { instanceCancelTerminationCommand } from './instance/cancel-termination.js';
import { instanceConsoleCommand } from './instance/console.js';
import { credentialsDeleteCommand } from './instance/credentials/delete.js';
import { credentialsGetCommand } from './instance/credentials/get.js';
import { credentialsListCommand } from './instance/credentials/list.js';
import { credentialsStoreCommand } from './instance/credentials/store.js';
import { credentialsUpdateCommand } from './instance/credentials/update.js';
import { instanceGetCommand } from './instance/get.js';
import { instanceLaunchCommand } from './instance/launch.js';
import { instanceListCommand } from './instance/list.js';
import { metricsCpuCommand } from './instance/metrics/cpu.js';
import { privateNetworkAddCommand } from './instance/private-network/add.js';
import { privateNetworkRemoveCommand } from './instance/private-network/remove.js';
import { instanceRebootCommand } from './instance/reboot.js';
import { snapshotCreateCommand } from './instance/snapshot/create.js';
import { snapshotDeleteCommand } from './instance/snapshot/delete.js';
import { snapshotGetCommand } from './instance/snapshot/get.js';
import { snapshotListCommand } from './instance/snapshot/list.js';
import { snapshotRestoreCommand } from './instance/snapshot/restore.js';
import { instanceStartCommand } from './instance/start.js';
import { instanceStopCommand } from './instance/stop.js';
import { instanceTerminateCommand } from './instance/terminate.js';
import { instanceTypesCommand } from './instance/types.js';
import { instanceUpdateCommand } from './instance/update.js';
import { lbMetricsCommand } from './lb/metrics.js';
import { lbRebootCommand } from './lb/reboot.js';
import { lbStartCommand } from './lb/start.js';
import { lbStopCommand } from './lb/stop.js';
import { cloudRegionsCommand } from './regions.js';
import { addGroup, addVerbs, destructive, read, write, groupCommand } from '../shared/verbs.js';

/** `ops cloud`: the cloud hosting API of seed 002 C. */
export function register(parent: Command, factory: Factory): void {
  const cloud = groupCommand(
    parent,
    'cloud',
    'Cloud hosting (beta): instances, snapshots, metrics, load balancers, auto scaling groups',
    [
      'eval "$(ops sandbox env)"',
      'ops cloud regions',
      'ops cloud instance list --state RUNNING',
      'ops cloud instance get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance get web-01         # an id or a unique reference',
    ],
  );
  addVerbs(
    cloud,
    {
      regions: read(cloudRegionsCommand, { list: true, fields: REGION_FIELDS }),
      'instance-types': read(cloudInstanceTypesCommand, { list: true, fields: INSTANCE_TYPE_FIELDS }),
      images: read(cloudImagesCommand, { list: true, fields: IMAGE_FIELDS }),
    },
    factory,
  );
  const instance = addGroup(
    cloud,
    'instance',
    'Instances: launch, list, inspect, update, terminate, power, console, credentials, metrics, network, snapshots',
    ['ops cloud instance list', 'ops cloud instance get web-01'],
    {
      launch: write(instanceLaunchCommand),
      list: read(instanceListCommand, { list: true, fields: INSTANCE_FIELDS }),
      get: read(instanceGetCommand, { fields: INSTANCE_DETAILS_FIELDS }),
      update: write(instanceUpdateCommand),
      terminate: destructive(instanceTerminateCommand),
      'cancel-termination': write(instanceCancelTerminationCommand),
      start: write(instanceStartCommand),
      stop: write(instanceStopCommand),
      reboot: write(instanceRebootCommand),
      // Each call makes a fresh access token to the instance's screen and keyboard, which the service
      // accepts later: state made (a write, as `runs runner token register` is), and a secret shown.
      console: write(instanceConsoleCommand, { reveals: true }),
      types: read(instanceTypesCommand, { list: true, fields: INSTANCE_TYPE_FIELDS }),
    },
    factory,
  );
  const ID = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03';
  addGroup(
    instance,
    'credentials',
    'Credentials kept for an instance (passwords from stdin; shown only by get --show-password)',
    [`ops cloud instance credentials list ${ID}`],
    {
      list: read(credentialsListCommand, { list: true, fields: CREDENTIAL_LIST_FIELDS }),
      store: write(credentialsStoreCommand),
      get: read(credentialsGetCommand, { reveals: true }),
      update: write(credentialsUpdateCommand),
      delete: destructive(credentialsDeleteCommand),
    },
    factory,
  );
  addGroup(
    instance,
    'metrics',
    'Metrics of an instance, drawn as charts on a terminal',
    [`ops cloud instance metrics cpu ${ID}`],
    { cpu: read(metricsCpuCommand) },
    factory,
  );
  addGroup(
    instance,
    'private-network',
    'Private network membership (only for an instance without snapshots)',
    ['ops cloud instance private-network add 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01'],
    { add: write(privateNetworkAddCommand), remove: write(privateNetworkRemoveCommand) },
    factory,
  );
  addGroup(
    instance,
    'snapshot',
    'The snapshot of an instance (one per instance): create, restore, delete',
    [`ops cloud instance snapshot list ${ID}`],
    {
      list: read(snapshotListCommand, { list: true, fields: SNAPSHOT_FIELDS }),
      create: write(snapshotCreateCommand),
      get: read(snapshotGetCommand, { fields: SNAPSHOT_FIELDS }),
      restore: destructive(snapshotRestoreCommand),
      delete: destructive(snapshotDeleteCommand),
    },
    factory,
  );
  addGroup(
    cloud,
    'lb',
    'Load balancers: start, stop, reboot, metrics as charts',
    [
      'ops cloud lb metrics 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01 requests',
      'ops cloud lb start 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e03',
    ],
    {
      start: write(lbStartCommand),
      stop: write(lbStopCommand),
      reboot: write(lbRebootCommand),
      metrics: read(lbMetricsCommand),
    },
    factory,
  ).alias('load-balancer');
  addGroup(
    cloud,
    'asg',
    'Auto scaling groups: create, list, inspect, update, delete, instances, target groups',
    ['ops cloud asg list', 'ops cloud asg get asg-web'],
    {
      create: write(asgCreateCommand),
      list: read(asgListCommand, { list: true, fields: ASG_FIELDS }),
      get: read(asgGetCommand, { fields: ASG_FIELDS }),
      update: write(asgUpdateCommand),
      delete: destructive(asgDeleteCommand),
      instances: read(asgInstancesCommand, { list: true, fields: SCALED_INSTANCE_FIELDS }),
      'register-target-group': write(asgRegisterTargetGroupCommand),
      'deregister-target-group': write(asgDeregisterTargetGroupCommand),
    },
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
