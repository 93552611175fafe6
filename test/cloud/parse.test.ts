import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloudInstanceTypesCommand } from '../../src/commands/cloud/instance-types.js';
import { instanceCancelTerminationCommand } from '../../src/commands/cloud/instance/cancel-termination.js';
import { instanceGetCommand } from '../../src/commands/cloud/instance/get.js';
import { instanceLaunchCommand } from '../../src/commands/cloud/instance/launch.js';
import { instanceListCommand } from '../../src/commands/cloud/instance/list.js';
import { instanceRebootCommand } from '../../src/commands/cloud/instance/reboot.js';
import { instanceStartCommand } from '../../src/commands/cloud/instance/start.js';
import { instanceStopCommand } from '../../src/commands/cloud/instance/stop.js';
import { instanceTerminateCommand } from '../../src/commands/cloud/instance/terminate.js';
import { instanceUpdateCommand } from '../../src/commands/cloud/instance/update.js';
import { cloudImagesCommand } from '../../src/commands/cloud/images.js';
import { instanceConsoleCommand } from '../../src/commands/cloud/instance/console.js';
import { credentialsDeleteCommand } from '../../src/commands/cloud/instance/credentials/delete.js';
import { credentialsGetCommand } from '../../src/commands/cloud/instance/credentials/get.js';
import { credentialsListCommand } from '../../src/commands/cloud/instance/credentials/list.js';
import { credentialsStoreCommand } from '../../src/commands/cloud/instance/credentials/store.js';
import { credentialsUpdateCommand } from '../../src/commands/cloud/instance/credentials/update.js';
import { metricsCpuCommand } from '../../src/commands/cloud/instance/metrics/cpu.js';
import { privateNetworkAddCommand } from '../../src/commands/cloud/instance/private-network/add.js';
import { privateNetworkRemoveCommand } from '../../src/commands/cloud/instance/private-network/remove.js';
import { snapshotCreateCommand } from '../../src/commands/cloud/instance/snapshot/create.js';
import { snapshotDeleteCommand } from '../../src/commands/cloud/instance/snapshot/delete.js';
import { snapshotGetCommand } from '../../src/commands/cloud/instance/snapshot/get.js';
import { snapshotListCommand } from '../../src/commands/cloud/instance/snapshot/list.js';
import { snapshotRestoreCommand } from '../../src/commands/cloud/instance/snapshot/restore.js';
import { instanceTypesCommand } from '../../src/commands/cloud/instance/types.js';
import { cloudRegionsCommand } from '../../src/commands/cloud/regions.js';
import { asgCreateCommand } from '../../src/commands/cloud/asg/create.js';
import { asgDeleteCommand } from '../../src/commands/cloud/asg/delete.js';
import { asgDeregisterTargetGroupCommand } from '../../src/commands/cloud/asg/deregister-target-group.js';
import { asgGetCommand } from '../../src/commands/cloud/asg/get.js';
import { asgInstancesCommand } from '../../src/commands/cloud/asg/instances.js';
import { asgListCommand } from '../../src/commands/cloud/asg/list.js';
import { asgRegisterTargetGroupCommand } from '../../src/commands/cloud/asg/register-target-group.js';
import { asgUpdateCommand } from '../../src/commands/cloud/asg/update.js';
import { lbMetricsCommand } from '../../src/commands/cloud/lb/metrics.js';
import { lbRebootCommand } from '../../src/commands/cloud/lb/reboot.js';
import { lbStartCommand } from '../../src/commands/cloud/lb/start.js';
import { lbStopCommand } from '../../src/commands/cloud/lb/stop.js';
import { UsageError } from '../../src/errors.js';
import { IDS, parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const dir = mkdtempSync(join(tmpdir(), 'ops-cloud-parse-'));
const PUB = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHp1c2VyQGxhcHRvcA== me@laptop';
const pubFile = join(dir, 'id.pub');
writeFileSync(pubFile, `${PUB}\n`);
const privFile = join(dir, 'id');
writeFileSync(privFile, '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n');
const userData = join(dir, 'cloud-init.yaml');
writeFileSync(userData, '#cloud-config\npackages: [nginx]\n');
const notKey = join(dir, 'notes.txt');
writeFileSync(notKey, 'hello\n');
const binary = join(dir, 'payload.gz');
writeFileSync(binary, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x41]));
const withNul = join(dir, 'nul.txt');
writeFileSync(withNul, 'echo a\u0000b\n');

const I = ['instance'];
const CRED = ['instance', 'credentials'];
const SNAP = ['instance', 'snapshot'];
const LB = ['lb'];
const ASG = ['asg'];
const T1 = '2030-01-01T00:00:00Z';
const T2 = '2030-01-02T00:00:00Z';
const asgQuery = {
  type: undefined,
  region: undefined,
  reference: undefined,
  state: undefined,
  instanceId: undefined,
};
const base = {};
const noWait = { wait: false, timeoutSeconds: undefined, intervalSeconds: 2 };
/** Every asynchronous action waits by default. */
const waits = { ...noWait, wait: true };
const LAUNCH = [
  'launch',
  '--region',
  'eu-west-3',
  '--type',
  'cld.m5.large',
  '--image',
  'UBUNTU_24_04_64BIT',
  '--contract-type',
  'HOURLY',
  '--storage',
  'CENTRAL',
];
const launchBody = {
  region: 'eu-west-3',
  type: 'cld.m5.large',
  imageId: 'UBUNTU_24_04_64BIT',
  contractType: 'HOURLY',
  rootDiskStorageType: 'CENTRAL',
};
const listQuery = {
  state: undefined,
  region: undefined,
  type: undefined,
  contractType: undefined,
  contractState: undefined,
  ip: undefined,
  reference: undefined,
  imageId: undefined,
};

const ok: Array<[string, Make, string[], Record<string, unknown>, string[]?]> = [
  ['regions', cloudRegionsCommand, ['regions'], { ...base, limit: 30 }, []],
  ['regions --all', cloudRegionsCommand, ['regions', '--all'], { ...base, limit: undefined }, []],
  [
    'instance-types --region (any case)',
    cloudInstanceTypesCommand,
    ['instance-types', '--region', 'EU-WEST-3', '--limit', '5'],
    { ...base, region: 'eu-west-3', limit: 5 },
    [],
  ],
  ['launch: the required flags', instanceLaunchCommand, LAUNCH, { ...base, body: launchBody, wait: waits }],
  [
    'launch: every flag, MONTHLY, ssh key file, --wait',
    instanceLaunchCommand,
    [
      'launch',
      '--region',
      'eu-west-3',
      '--type',
      'CLD.M5.XLARGE',
      '--image',
      'DEBIAN_12_64BIT',
      '--contract-type',
      'monthly',
      '--storage',
      'local',
      '--contract-term',
      '12',
      '--billing-frequency',
      '3',
      '--root-disk-size',
      '100',
      '--reference',
      'db-02',
      '--market-app',
      'cpanel_30',
      '--ssh-key-file',
      pubFile,
      '--wait',
      '--wait-timeout',
      '300',
      '--interval',
      '5',
    ],
    {
      ...base,
      body: {
        region: 'eu-west-3',
        type: 'cld.m5.xlarge',
        imageId: 'DEBIAN_12_64BIT',
        contractType: 'MONTHLY',
        rootDiskStorageType: 'LOCAL',
        contractTerm: 12,
        billingFrequency: 3,
        rootDiskSize: 100,
        reference: 'db-02',
        marketAppId: 'CPANEL_30',
        sshKey: PUB,
      },
      wait: { wait: true, timeoutSeconds: 300, intervalSeconds: 5 },
    },
  ],
  [
    'launch: user data from a file, sent as plain text',
    instanceLaunchCommand,
    [...LAUNCH, '--user-data-file', userData],
    { ...base, body: { ...launchBody, userData: '#cloud-config\npackages: [nginx]\n' }, wait: waits },
  ],
  [
    'launch: Windows at 50 GB',
    instanceLaunchCommand,
    [
      ...LAUNCH.slice(0, 5),
      '--image',
      'WINDOWS_SERVER_2022_64BIT',
      ...LAUNCH.slice(7),
      '--root-disk-size',
      '50',
    ],
    {
      ...base,
      body: { ...launchBody, imageId: 'WINDOWS_SERVER_2022_64BIT', rootDiskSize: 50 },
      wait: waits,
    },
  ],
  ['list', instanceListCommand, ['list'], { ...base, limit: 30, query: listQuery }],
  [
    'list with every filter',
    instanceListCommand,
    [
      'list',
      '--state',
      'running,STOPPED,running',
      '--region',
      'us-east-1',
      '--type',
      'cld.c5.2xlarge',
      '--contract-type',
      'hourly',
      '--contract-state',
      'active',
      '--ip',
      '198.51.100.14',
      '--reference',
      'batch-01',
      '--image',
      'ROCKYLINUX_9_64BIT',
      '--all',
    ],
    {
      ...base,
      limit: undefined,
      query: {
        state: ['RUNNING', 'STOPPED'],
        region: 'us-east-1',
        type: 'cld.c5.2xlarge',
        contractType: 'HOURLY',
        contractState: 'ACTIVE',
        ip: '198.51.100.14',
        reference: 'batch-01',
        imageId: 'ROCKYLINUX_9_64BIT',
      },
    },
  ],
  ['get', instanceGetCommand, ['get', IDS.web01.toUpperCase()], { ...base, id: IDS.web01 }],
  [
    'update: every field',
    instanceUpdateCommand,
    [
      'update',
      IDS.web01,
      '--type',
      'cld.m5.xlarge',
      '--reference',
      'blue',
      '--contract-type',
      'MONTHLY',
      '--contract-term',
      '0',
      '--billing-frequency',
      '1',
      '--root-disk-size',
      '40',
    ],
    {
      ...base,
      id: IDS.web01,
      body: {
        type: 'cld.m5.xlarge',
        reference: 'blue',
        contractType: 'MONTHLY',
        contractTerm: 0,
        billingFrequency: 1,
        rootDiskSize: 40,
      },
    },
  ],
  [
    'update: a term alone (checked against the instance later)',
    instanceUpdateCommand,
    ['update', IDS.db01, '--contract-term', '24'],
    { ...base, id: IDS.db01, body: { contractTerm: 24 } },
  ],
  [
    'terminate',
    instanceTerminateCommand,
    ['terminate', IDS.bsd01],
    { ...base, id: IDS.bsd01, body: {}, wait: waits, confirm: expect.any(Function) },
  ],
  [
    'terminate with a reason and --wait',
    instanceTerminateCommand,
    ['terminate', IDS.db01, '--reason-code', 'cancel_other', '--reason', 'moving', '--wait'],
    {
      ...base,
      id: IDS.db01,
      body: { reasonCode: 'CANCEL_OTHER', reason: 'moving' },
      wait: { ...noWait, wait: true },
      confirm: expect.any(Function),
    },
  ],
  [
    'cancel-termination',
    instanceCancelTerminationCommand,
    ['cancel-termination', IDS.win01],
    { ...base, id: IDS.win01 },
  ],
  ['start', instanceStartCommand, ['start', IDS.batch01], { ...base, id: IDS.batch01, wait: waits }],
  [
    'stop --wait',
    instanceStopCommand,
    ['stop', IDS.web01, '--wait'],
    { ...base, id: IDS.web01, wait: { ...noWait, wait: true } },
  ],
  [
    'reboot --no-wait',
    instanceRebootCommand,
    ['reboot', IDS.web02, '--no-wait'],
    { ...base, id: IDS.web02, wait: noWait },
  ],
  [
    'images',
    cloudImagesCommand,
    ['images'],
    { ...base, limit: 30, query: { flavour: undefined, custom: undefined, region: undefined } },
    [],
  ],
  [
    'images with filters',
    cloudImagesCommand,
    ['images', '--flavour', 'Ubuntu', '--custom', '--region', 'eu-west-3', '--all'],
    { ...base, limit: undefined, query: { flavour: 'ubuntu', custom: true, region: 'eu-west-3' } },
    [],
  ],
  ['console', instanceConsoleCommand, ['console', IDS.web01], { ...base, id: IDS.web01 }],
  ['types', instanceTypesCommand, ['types', IDS.web01, '--limit', '3'], { ...base, id: IDS.web01, limit: 3 }],
  [
    'credentials list',
    credentialsListCommand,
    ['list', IDS.db01],
    { ...base, id: IDS.db01, type: undefined, limit: 30 },
    CRED,
  ],
  [
    'credentials list --type',
    credentialsListCommand,
    ['list', IDS.db01, '--type', 'control_panel'],
    { ...base, id: IDS.db01, type: 'CONTROL_PANEL', limit: 30 },
    CRED,
  ],
  [
    'credentials store: the password is not in the options (read later from stdin)',
    credentialsStoreCommand,
    ['store', IDS.web01, '--type', 'OPERATING_SYSTEM', '--username', 'deploy.bot@x-1_a'],
    {
      ...base,
      id: IDS.web01,
      type: 'OPERATING_SYSTEM',
      username: 'deploy.bot@x-1_a',
      passwordFile: undefined,
    },
    CRED,
  ],
  [
    'credentials store --file',
    credentialsStoreCommand,
    ['store', IDS.web01, '--type', 'CONTROL_PANEL', '--username', 'admin', '--file', '/tmp/p'],
    { ...base, id: IDS.web01, type: 'CONTROL_PANEL', username: 'admin', passwordFile: '/tmp/p' },
    CRED,
  ],
  [
    'credentials get',
    credentialsGetCommand,
    ['get', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'root'],
    { ...base, id: IDS.db01, type: 'OPERATING_SYSTEM', username: 'root', showPassword: false },
    CRED,
  ],
  [
    'credentials get --show-password',
    credentialsGetCommand,
    ['get', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'root', '--show-password'],
    { ...base, id: IDS.db01, type: 'OPERATING_SYSTEM', username: 'root', showPassword: true },
    CRED,
  ],
  [
    'credentials update',
    credentialsUpdateCommand,
    ['update', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'root'],
    { ...base, id: IDS.db01, type: 'OPERATING_SYSTEM', username: 'root', passwordFile: undefined },
    CRED,
  ],
  [
    'credentials delete one',
    credentialsDeleteCommand,
    ['delete', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'root'],
    {
      ...base,
      id: IDS.db01,
      type: 'OPERATING_SYSTEM',
      username: 'root',
      all: false,
      confirm: expect.any(Function),
    },
    CRED,
  ],
  [
    'credentials delete --all',
    credentialsDeleteCommand,
    ['delete', IDS.db01, '--all'],
    { ...base, id: IDS.db01, type: undefined, username: undefined, all: true, confirm: expect.any(Function) },
    CRED,
  ],
  [
    'metrics cpu: defaults, and a table in a pipe gives rows',
    metricsCpuCommand,
    ['cpu', IDS.web01],
    {
      ...base,
      id: IDS.web01,
      query: { from: undefined, to: undefined, granularity: undefined },
      view: { kind: 'rows' },
    },
    ['instance', 'metrics'],
  ],
  [
    'metrics cpu: dates and granularity',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--since', '2026-01-01', '--until', '2026-01-31', '--granularity', '60M', '--json'],
    {
      ...base,
      id: IDS.web01,
      query: { from: '2026-01-01', to: '2026-01-31', granularity: '60m' },
      view: { kind: 'whole' },
    },
    ['instance', 'metrics'],
  ],
  [
    'private-network add',
    privateNetworkAddCommand,
    ['add', IDS.web01],
    { ...base, id: IDS.web01 },
    ['instance', 'private-network'],
  ],
  [
    'private-network remove',
    privateNetworkRemoveCommand,
    ['remove', IDS.web02],
    { ...base, id: IDS.web02 },
    ['instance', 'private-network'],
  ],
  ['snapshot list', snapshotListCommand, ['list', IDS.db01], { ...base, id: IDS.db01, limit: 30 }, SNAP],
  [
    'snapshot create --wait',
    snapshotCreateCommand,
    ['create', IDS.web01, '--name', 'before upgrade', '--wait'],
    { ...base, id: IDS.web01, name: 'before upgrade', wait: { ...noWait, wait: true } },
    SNAP,
  ],
  [
    'snapshot get',
    snapshotGetCommand,
    ['get', IDS.db01, IDS.db01Snapshot],
    { ...base, id: IDS.db01, snapshotId: IDS.db01Snapshot },
    SNAP,
  ],
  [
    'snapshot restore',
    snapshotRestoreCommand,
    ['restore', IDS.db01, IDS.db01Snapshot],
    { ...base, id: IDS.db01, snapshotId: IDS.db01Snapshot, confirm: expect.any(Function) },
    SNAP,
  ],
  [
    'snapshot delete',
    snapshotDeleteCommand,
    ['delete', IDS.db01, IDS.db01Snapshot],
    { ...base, id: IDS.db01, snapshotId: IDS.db01Snapshot, confirm: expect.any(Function) },
    SNAP,
  ],
  ['lb start', lbStartCommand, ['start', IDS.lbBatch], { ...base, id: IDS.lbBatch }, LB],
  ['lb stop', lbStopCommand, ['stop', IDS.lbWeb.toUpperCase()], { ...base, id: IDS.lbWeb }, LB],
  ['lb reboot', lbRebootCommand, ['reboot', IDS.lbTcp], { ...base, id: IDS.lbTcp }, LB],
  [
    'lb metrics: defaults',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'requests'],
    {
      ...base,
      id: IDS.lbWeb,
      metric: 'requests',
      query: { from: undefined, to: undefined, granularity: undefined },
      view: { kind: 'rows' },
    },
    LB,
  ],
  [
    'lb metrics: a kebab-case name, date-times, granularity, csv',
    lbMetricsCommand,
    [
      'metrics',
      IDS.lbWeb,
      'response-codes-per-second',
      '--since',
      T1,
      '--until',
      '1893542400',
      '--granularity',
      '1D',
      '-o',
      'csv',
    ],
    {
      ...base,
      id: IDS.lbWeb,
      metric: 'responseCodesPerSecond',
      query: { from: T1, to: T2, granularity: '1d' },
      view: { kind: 'rows' },
    },
    LB,
  ],
  [
    'asg create MANUAL',
    asgCreateCommand,
    ['create', '--type', 'manual', '--reference', 'pool', '--instance', IDS.web01, '--desired', '2'],
    {
      ...base,
      body: { type: 'MANUAL', reference: 'pool', instanceId: IDS.web01, desiredAmount: 2 },
      wait: waits,
    },
    ASG,
  ],
  [
    'asg create CPU_BASED with every field',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'jobs',
      '--instance',
      IDS.batch01,
      '--min',
      '1',
      '--max',
      '6',
      '--cpu-threshold',
      '100',
      '--warmup',
      '60',
      '--cooldown',
      '900',
    ],
    {
      ...base,
      body: {
        type: 'CPU_BASED',
        reference: 'jobs',
        instanceId: IDS.batch01,
        minimumAmount: 1,
        maximumAmount: 6,
        cpuThreshold: 100,
        warmupTime: 60,
        cooldownTime: 900,
      },
      wait: waits,
    },
    ASG,
  ],
  [
    'asg create SCHEDULED',
    asgCreateCommand,
    [
      'create',
      '--type',
      'SCHEDULED',
      '--reference',
      'sale',
      '--instance',
      IDS.web02,
      '--desired',
      '4',
      '--starts-at',
      T1,
      '--ends-at',
      T2,
    ],
    {
      ...base,
      body: {
        type: 'SCHEDULED',
        reference: 'sale',
        instanceId: IDS.web02,
        desiredAmount: 4,
        startsAt: T1,
        endsAt: T2,
      },
      wait: waits,
    },
    ASG,
  ],
  ['asg list', asgListCommand, ['list'], { ...base, limit: 30, query: asgQuery }, ASG],
  [
    'asg list with filters',
    asgListCommand,
    [
      'list',
      '--type',
      'scheduled',
      '--region',
      'eu-west-3',
      '--reference',
      'asg-peak',
      '--state',
      'created',
      '--instance',
      IDS.web02,
      '--all',
    ],
    {
      ...base,
      limit: undefined,
      query: {
        type: 'SCHEDULED',
        region: 'eu-west-3',
        reference: 'asg-peak',
        state: 'CREATED',
        instanceId: IDS.web02,
      },
    },
    ASG,
  ],
  ['asg get', asgGetCommand, ['get', IDS.asgWeb], { ...base, id: IDS.asgWeb }, ASG],
  [
    'asg update',
    asgUpdateCommand,
    ['update', IDS.asgWeb, '--desired', '5', '--reference', 'web'],
    { ...base, id: IDS.asgWeb, body: { desiredAmount: 5, reference: 'web' } },
    ASG,
  ],
  [
    'asg update a schedule',
    asgUpdateCommand,
    ['update', IDS.asgPeak, '--starts-at', T1, '--ends-at', T2],
    { ...base, id: IDS.asgPeak, body: { startsAt: T1, endsAt: T2 } },
    ASG,
  ],
  [
    'asg delete',
    asgDeleteCommand,
    ['delete', IDS.asgPeak],
    { ...base, id: IDS.asgPeak, confirm: expect.any(Function), wait: waits },
    ASG,
  ],
  [
    'asg instances',
    asgInstancesCommand,
    ['instances', IDS.asgWeb],
    { ...base, id: IDS.asgWeb, limit: 30 },
    ASG,
  ],
  [
    'asg register-target-group',
    asgRegisterTargetGroupCommand,
    ['register-target-group', IDS.asgWeb, IDS.tgHttps],
    { ...base, id: IDS.asgWeb, targetGroupId: IDS.tgHttps },
    ASG,
  ],
  [
    'asg deregister-target-group',
    asgDeregisterTargetGroupCommand,
    ['deregister-target-group', IDS.asgWeb, IDS.tgHttp],
    { ...base, id: IDS.asgWeb, targetGroupId: IDS.tgHttp },
    ASG,
  ],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected, groups = I) => {
    const { values, calls } = await parseVerb(make, args, { groups });
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });
});

const bad: Array<[string, Make, string[], RegExp, string[]?]> = [
  [
    'instance-types without --region',
    cloudInstanceTypesCommand,
    ['instance-types'],
    /--region is required/,
    [],
  ],
  [
    'instance-types: unknown region',
    cloudInstanceTypesCommand,
    ['instance-types', '--region', 'mars-1'],
    /invalid --region "mars-1"/,
    [],
  ],
  ['regions --limit 0', cloudRegionsCommand, ['regions', '--limit', '0'], /invalid --limit "0"/, []],
  [
    'launch without --image',
    instanceLaunchCommand,
    LAUNCH.filter((_, i) => i !== 5 && i !== 6),
    /--image is required/,
  ],
  [
    'launch: unknown type',
    instanceLaunchCommand,
    [...LAUNCH.slice(0, 3), '--type', 'cld.m5.9xlarge', ...LAUNCH.slice(5)],
    /invalid --type "cld.m5.9xlarge"/,
  ],
  [
    'launch: unknown region',
    instanceLaunchCommand,
    ['launch', '--region', 'eu-west-9', ...LAUNCH.slice(3)],
    /invalid --region "eu-west-9"/,
  ],
  [
    'launch: contract type',
    instanceLaunchCommand,
    [...LAUNCH.slice(0, 7), '--contract-type', 'WEEKLY', ...LAUNCH.slice(9)],
    /invalid --contract-type "WEEKLY"/,
  ],
  [
    'launch: storage',
    instanceLaunchCommand,
    [...LAUNCH.slice(0, 9), '--storage', 'SSD'],
    /invalid --storage "SSD"/,
  ],
  [
    'launch: term with HOURLY',
    instanceLaunchCommand,
    [...LAUNCH, '--contract-term', '12'],
    /--contract-term applies only to a MONTHLY contract/,
  ],
  [
    'launch: billing with HOURLY',
    instanceLaunchCommand,
    [...LAUNCH, '--billing-frequency', '1'],
    /--billing-frequency applies only to a MONTHLY/,
  ],
  [
    'launch: term 2',
    instanceLaunchCommand,
    [...LAUNCH.slice(0, 7), '--contract-type', 'MONTHLY', ...LAUNCH.slice(9), '--contract-term', '2'],
    /invalid --contract-term "2"/,
  ],
  [
    'launch: billing 2',
    instanceLaunchCommand,
    [...LAUNCH.slice(0, 7), '--contract-type', 'MONTHLY', ...LAUNCH.slice(9), '--billing-frequency', '2'],
    /invalid --billing-frequency "2"/,
  ],
  [
    'launch: disk 4',
    instanceLaunchCommand,
    [...LAUNCH, '--root-disk-size', '4'],
    /--root-disk-size must be at least 5/,
  ],
  [
    'launch: disk 1001',
    instanceLaunchCommand,
    [...LAUNCH, '--root-disk-size', '1001'],
    /--root-disk-size must be at most 1000/,
  ],
  [
    'launch: Windows under 50 GB',
    instanceLaunchCommand,
    [
      ...LAUNCH.slice(0, 5),
      '--image',
      'WINDOWS_SERVER_2022_64BIT',
      ...LAUNCH.slice(7),
      '--root-disk-size',
      '49',
    ],
    /too small for a Windows image/,
  ],
  [
    'launch: ssh key on Windows',
    instanceLaunchCommand,
    [
      ...LAUNCH.slice(0, 5),
      '--image',
      'WINDOWS_SERVER_2022_64BIT',
      ...LAUNCH.slice(7),
      '--ssh-key-file',
      pubFile,
    ],
    /for Linux and FreeBSD images only/,
  ],
  [
    'launch: binary user data (the seed takes plain text; it would be sent altered)',
    instanceLaunchCommand,
    [...LAUNCH, '--user-data-file', binary],
    /is not plain text \(UTF-8 without NUL bytes\)/,
  ],
  [
    'launch: user data with a NUL byte',
    instanceLaunchCommand,
    [...LAUNCH, '--user-data-file', withNul],
    /is not plain text/,
  ],
  [
    'launch: ssh key and user data',
    instanceLaunchCommand,
    [...LAUNCH, '--ssh-key-file', pubFile, '--user-data-file', userData],
    /cannot be combined/,
  ],
  [
    'launch: a private key',
    instanceLaunchCommand,
    [...LAUNCH, '--ssh-key-file', privFile],
    /holds a private key/,
  ],
  [
    'launch: not a key',
    instanceLaunchCommand,
    [...LAUNCH, '--ssh-key-file', notKey],
    /is not an OpenSSH public key/,
  ],
  [
    'launch: missing key file',
    instanceLaunchCommand,
    [...LAUNCH, '--ssh-key-file', join(dir, 'nope.pub')],
    /cannot read --ssh-key-file .*ENOENT/,
  ],
  [
    'launch: unknown market app',
    instanceLaunchCommand,
    [...LAUNCH, '--market-app', 'WORDPRESS'],
    /invalid --market-app "WORDPRESS"/,
  ],
  ['launch: empty reference', instanceLaunchCommand, [...LAUNCH, '--reference', ' '], /--reference is empty/],
  [
    'launch: --interval with --no-wait',
    instanceLaunchCommand,
    [...LAUNCH, '--no-wait', '--interval', '3'],
    /--wait-timeout and --interval mean nothing with --no-wait/,
  ],
  [
    'list: unknown state',
    instanceListCommand,
    ['list', '--state', 'RUNNING,ASLEEP'],
    /invalid --state "ASLEEP"/,
  ],
  ['list: bad ip', instanceListCommand, ['list', '--ip', '300.1.1.1'], /invalid --ip "300.1.1.1"/],
  [
    'list: contract state',
    instanceListCommand,
    ['list', '--contract-state', 'GONE'],
    /invalid --contract-state "GONE"/,
  ],
  [
    'list: --limit and --all',
    instanceListCommand,
    ['list', '--limit', '3', '--all'],
    /--limit and --all cannot be combined/,
  ],
  ['get: an empty name', instanceGetCommand, ['get', ' '], /the instance id or name is blank/],
  ['get: a control character in the name', instanceGetCommand, ['get', 'web\n01'], /invalid instance/],
  ['update: nothing', instanceUpdateCommand, ['update', IDS.web01], /nothing to update/],
  [
    'update: term with HOURLY',
    instanceUpdateCommand,
    ['update', IDS.web01, '--contract-type', 'HOURLY', '--contract-term', '1'],
    /applies only to a MONTHLY contract/,
  ],
  [
    'update: type',
    instanceUpdateCommand,
    ['update', IDS.web01, '--type', 'm5.large'],
    /invalid --type "m5.large"/,
  ],
  [
    'update: disk',
    instanceUpdateCommand,
    ['update', IDS.web01, '--root-disk-size', 'big'],
    /invalid --root-disk-size "big"/,
  ],
  [
    'terminate: CANCEL_OTHER without --reason',
    instanceTerminateCommand,
    ['terminate', IDS.db01, '--reason-code', 'CANCEL_OTHER'],
    /needs --reason/,
  ],
  [
    'terminate: --reason alone',
    instanceTerminateCommand,
    ['terminate', IDS.db01, '--reason', 'x'],
    /--reason goes with --reason-code/,
  ],
  [
    'terminate: a bad code',
    instanceTerminateCommand,
    ['terminate', IDS.db01, '--reason-code', 'why not'],
    /invalid --reason-code "why not"/,
  ],
  ['start: a name too long', instanceStartCommand, ['start', 'w'.repeat(256)], /invalid instance "w{40}…"/],
  [
    'stop: --wait-timeout 0',
    instanceStopCommand,
    ['stop', IDS.web01, '--wait', '--wait-timeout', '0'],
    /invalid --wait-timeout "0"/,
  ],
  [
    'images: unknown flavour',
    cloudImagesCommand,
    ['images', '--flavour', 'gentoo'],
    /invalid --flavour "gentoo"/,
    [],
  ],
  ['console: an empty name', instanceConsoleCommand, ['console', ''], /the instance id or name is blank/],
  [
    'credentials list: bad type',
    credentialsListCommand,
    ['list', IDS.db01, '--type', 'SSH'],
    /invalid --type "SSH"/,
    CRED,
  ],
  [
    'credentials store without --type',
    credentialsStoreCommand,
    ['store', IDS.db01, '--username', 'a'],
    /--type is required/,
    CRED,
  ],
  [
    'credentials store without --username',
    credentialsStoreCommand,
    ['store', IDS.db01, '--type', 'OPERATING_SYSTEM'],
    /--username is required/,
    CRED,
  ],
  [
    'credentials store: a username with a space',
    credentialsStoreCommand,
    ['store', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'john doe'],
    /invalid --username "john doe"/,
    CRED,
  ],
  [
    'credentials store: a username with a colon',
    credentialsStoreCommand,
    ['store', IDS.db01, '--type', 'OPERATING_SYSTEM', '--username', 'a:b'],
    /invalid --username/,
    CRED,
  ],
  [
    'credentials delete: nothing named',
    credentialsDeleteCommand,
    ['delete', IDS.db01],
    /say which credential to delete/,
    CRED,
  ],
  [
    'credentials delete: --all and a name',
    credentialsDeleteCommand,
    ['delete', IDS.db01, '--all', '--username', 'root'],
    /--all cannot be combined/,
    CRED,
  ],
  [
    'metrics cpu: granularity 2h (in neither list)',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--granularity', '2h'],
    /invalid --granularity "2h"/,
    ['instance', 'metrics'],
  ],
  [
    'metrics cpu: --since after --until',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--since', '2026-02-01', '--until', '2026-01-01'],
    /--until "2026-01-01" is before --since "2026-02-01"/,
    ['instance', 'metrics'],
  ],
  [
    'metrics cpu: a bad date',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--since', 'soon'],
    /invalid --since "soon"/,
    ['instance', 'metrics'],
  ],
  [
    'metrics cpu: a date that does not exist',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--until', '2026-13-01'],
    /invalid --until "2026-13-01": no such date or time/,
    ['instance', 'metrics'],
  ],
  [
    'metrics cpu: 30 February is refused, not rolled over to 2 March',
    metricsCpuCommand,
    ['cpu', IDS.web01, '--since', '2025-02-30'],
    /invalid --since "2025-02-30": no such date or time/,
    ['instance', 'metrics'],
  ],
  [
    'lb metrics: an hour that does not exist',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'requests', '--since', '2026-01-01T25:00:00Z'],
    /invalid --since "2026-01-01T25:00:00Z": no such date or time/,
    LB,
  ],
  [
    'private-network add: an empty name',
    privateNetworkAddCommand,
    ['add', ''],
    /the instance id or name is blank/,
    ['instance', 'private-network'],
  ],
  [
    'snapshot create without --name',
    snapshotCreateCommand,
    ['create', IDS.web01],
    /--name is required/,
    SNAP,
  ],
  [
    'snapshot create: a long name',
    snapshotCreateCommand,
    ['create', IDS.web01, '--name', 'x'.repeat(256)],
    /--name is 256 characters long/,
    SNAP,
  ],
  [
    'snapshot get: a bad snapshot id',
    snapshotGetCommand,
    ['get', IDS.db01, 'nightly'],
    /invalid snapshot id "nightly"/,
    SNAP,
  ],
  ['lb start: an empty name', lbStartCommand, ['start', ''], /the load balancer id is blank/, LB],
  [
    'lb start: a name (the seed has no read to find it by)',
    lbStartCommand,
    ['start', 'lb-web'],
    /invalid load balancer "lb-web": not an id/,
    LB,
  ],
  [
    'lb metrics: a name',
    lbMetricsCommand,
    ['metrics', 'lb-web', 'requests'],
    /invalid load balancer "lb-web": not an id/,
    LB,
  ],
  [
    'asg register: a target group by name',
    asgRegisterTargetGroupCommand,
    ['register-target-group', IDS.asgWeb, 'web-http'],
    /invalid target group "web-http": not an id/,
    ASG,
  ],
  [
    'lb metrics: unknown metric',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'latency'],
    /unknown metric "latency"/,
    LB,
  ],
  [
    'lb metrics: 60m is the CPU list',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'requests', '--granularity', '60m'],
    /invalid --granularity "60m"/,
    LB,
  ],
  [
    'lb metrics: --until before --since',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'requests', '--since', T2, '--until', T1],
    /--until ".*" is before --since/,
    LB,
  ],
  [
    'lb metrics: --until equal to --since',
    lbMetricsCommand,
    ['metrics', IDS.lbWeb, 'requests', '--since', T1, '--until', T1],
    /--until must be later than --since/,
    LB,
  ],
  [
    'asg create without --type',
    asgCreateCommand,
    ['create', '--reference', 'x', '--instance', IDS.web01, '--desired', '1'],
    /--type is required/,
    ASG,
  ],
  [
    'asg create: unknown type',
    asgCreateCommand,
    ['create', '--type', 'AUTO', '--reference', 'x', '--instance', IDS.web01],
    /invalid --type "AUTO"/,
    ASG,
  ],
  [
    'asg create without --reference',
    asgCreateCommand,
    ['create', '--type', 'MANUAL', '--instance', IDS.web01, '--desired', '1'],
    /--reference is required/,
    ASG,
  ],
  [
    'asg create: a reference of 256',
    asgCreateCommand,
    ['create', '--type', 'MANUAL', '--reference', 'r'.repeat(256), '--instance', IDS.web01, '--desired', '1'],
    /--reference is 256 characters long/,
    ASG,
  ],
  [
    'asg create without --instance',
    asgCreateCommand,
    ['create', '--type', 'MANUAL', '--reference', 'x', '--desired', '1'],
    /--instance is required/,
    ASG,
  ],
  [
    'asg create: MANUAL without --desired',
    asgCreateCommand,
    ['create', '--type', 'MANUAL', '--reference', 'x', '--instance', IDS.web01],
    /a MANUAL group needs --desired/,
    ASG,
  ],
  [
    'asg create: SCHEDULED without its window',
    asgCreateCommand,
    ['create', '--type', 'SCHEDULED', '--reference', 'x', '--instance', IDS.web01, '--desired', '1'],
    /a SCHEDULED group needs --starts-at, --ends-at/,
    ASG,
  ],
  [
    'asg create: CPU_BASED without --max',
    asgCreateCommand,
    ['create', '--type', 'CPU_BASED', '--reference', 'x', '--instance', IDS.web01, '--min', '1'],
    /a CPU_BASED group needs --max/,
    ASG,
  ],
  [
    'asg create: --desired 0',
    asgCreateCommand,
    ['create', '--type', 'MANUAL', '--reference', 'x', '--instance', IDS.web01, '--desired', '0'],
    /--desired must be at least 1/,
    ASG,
  ],
  [
    'asg create: --cpu-threshold 101',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '1',
      '--max',
      '2',
      '--cpu-threshold',
      '101',
    ],
    /--cpu-threshold must be at most 100/,
    ASG,
  ],
  [
    'asg create: --warmup 59',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '1',
      '--max',
      '2',
      '--warmup',
      '59',
    ],
    /--warmup must be at least 60/,
    ASG,
  ],
  [
    'asg create: --warmup 901',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '1',
      '--max',
      '2',
      '--warmup',
      '901',
    ],
    /--warmup must be at most 900/,
    ASG,
  ],
  [
    'asg create: --cooldown 299',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '1',
      '--max',
      '2',
      '--cooldown',
      '299',
    ],
    /--cooldown must be at least 300/,
    ASG,
  ],
  [
    'asg create: --min above --max',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '5',
      '--max',
      '2',
    ],
    /--min 5 is above --max 2/,
    ASG,
  ],
  [
    'asg create: --desired for CPU_BASED',
    asgCreateCommand,
    [
      'create',
      '--type',
      'CPU_BASED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--min',
      '1',
      '--max',
      '2',
      '--desired',
      '2',
    ],
    /--desired does not apply to a CPU_BASED group/,
    ASG,
  ],
  [
    'asg create: --max for MANUAL',
    asgCreateCommand,
    [
      'create',
      '--type',
      'MANUAL',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--desired',
      '2',
      '--max',
      '3',
    ],
    /--max does not apply to a MANUAL group/,
    ASG,
  ],
  [
    'asg create: a window in the past',
    asgCreateCommand,
    [
      'create',
      '--type',
      'SCHEDULED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--desired',
      '1',
      '--starts-at',
      '-2d',
      '--ends-at',
      '-1d',
    ],
    /--ends-at .* is in the past/,
    ASG,
  ],
  [
    'asg create: ends before it starts',
    asgCreateCommand,
    [
      'create',
      '--type',
      'SCHEDULED',
      '--reference',
      'x',
      '--instance',
      IDS.web01,
      '--desired',
      '1',
      '--starts-at',
      T2,
      '--ends-at',
      T1,
    ],
    /--ends-at ".*" is before --starts-at ".*"/,
    ASG,
  ],
  ['asg list: unknown state', asgListCommand, ['list', '--state', 'BUSY'], /invalid --state "BUSY"/, ASG],
  ['asg update: nothing', asgUpdateCommand, ['update', IDS.asgWeb], /nothing to update/, ASG],
  [
    'asg update: --starts-at alone',
    asgUpdateCommand,
    ['update', IDS.asgPeak, '--starts-at', T1],
    /--starts-at and --ends-at change together/,
    ASG,
  ],
  [
    'asg update: --cooldown 1000',
    asgUpdateCommand,
    ['update', IDS.asgBatch, '--cooldown', '1000'],
    /--cooldown must be at most 900/,
    ASG,
  ],
  [
    'asg register: an empty target group',
    asgRegisterTargetGroupCommand,
    ['register-target-group', IDS.asgWeb, ''],
    /the target group id is blank/,
    ASG,
  ],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message, groups = I) => {
    const err = await parseVerb(make, args, { groups }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('metrics cpu: relative days become UTC dates', async () => {
    const { values } = await parseVerb(metricsCpuCommand, ['cpu', IDS.web01, '--since', '-7d'], {
      groups: ['instance', 'metrics'],
    });
    const want = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect((values.query as { from: string }).from).toBe(want);
  });

  it('--token-stdin and a password on stdin cannot share it: exit 2 before reading either', async () => {
    const { credentialsStoreCommand: make } = await import(
      '../../src/commands/cloud/instance/credentials/store.js'
    );
    const err = await parseVerb(
      make,
      ['store', IDS.web01, '--type', 'OPERATING_SYSTEM', '--username', 'u', '--token-stdin'],
      { groups: ['instance', 'credentials'], input: 'k' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('--token-stdin and the password cannot both read stdin');
  });

  it('no API key: exit 4 naming the env var, the config key and --token-stdin', async () => {
    const err = (await parseVerb(instanceListCommand, ['list'], {
      groups: I,
      env: { OPS_CLOUD_API_KEY: '' },
    }).catch((e: unknown) => e)) as { exitCode: number; message: string; hint: string };
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('cloud: no api key is set');
    expect(err.hint).toMatch(/OPS_CLOUD_API_KEY.*ops config set cloud\.api_key -.*--token-stdin/);
  });
});
