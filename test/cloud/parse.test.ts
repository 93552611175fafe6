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
import { cloudRegionsCommand } from '../../src/commands/cloud/regions.js';
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

const I = ['instance'];
const base = { dryRun: false };
const noWait = { wait: false, timeoutSeconds: undefined, intervalSeconds: 2 };
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
  ['regions', cloudRegionsCommand, ['regions'], { ...base, limit: 50 }, []],
  ['regions --all', cloudRegionsCommand, ['regions', '--all'], { ...base, limit: undefined }, []],
  [
    'instance-types --region (any case)',
    cloudInstanceTypesCommand,
    ['instance-types', '--region', 'EU-WEST-3', '--limit', '5'],
    { ...base, region: 'eu-west-3', limit: 5 },
    [],
  ],
  ['launch: the required flags', instanceLaunchCommand, LAUNCH, { ...base, body: launchBody, wait: noWait }],
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
    { ...base, body: { ...launchBody, userData: '#cloud-config\npackages: [nginx]\n' }, wait: noWait },
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
      wait: noWait,
    },
  ],
  ['list', instanceListCommand, ['list'], { ...base, limit: 50, query: listQuery }],
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
    { ...base, id: IDS.bsd01, body: {}, wait: noWait, confirm: expect.any(Function) },
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
  ['start', instanceStartCommand, ['start', IDS.batch01], { ...base, id: IDS.batch01, wait: noWait }],
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
    'launch: --interval without --wait',
    instanceLaunchCommand,
    [...LAUNCH, '--interval', '3'],
    /--wait-timeout and --interval need --wait/,
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
  ['get: not a uuid', instanceGetCommand, ['get', 'web-01'], /invalid instance id "web-01"/],
  ['get: a path in the id', instanceGetCommand, ['get', '../regions'], /invalid instance id/],
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
  ['start: not a uuid', instanceStartCommand, ['start', '1234'], /invalid instance id "1234"/],
  [
    'stop: --wait-timeout 0',
    instanceStopCommand,
    ['stop', IDS.web01, '--wait', '--wait-timeout', '0'],
    /invalid --wait-timeout "0"/,
  ],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message, groups = I) => {
    const err = await parseVerb(make, args, { groups }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('no API key: exit 4 naming the env var, the config key and --api-key-stdin', async () => {
    const err = (await parseVerb(instanceListCommand, ['list'], {
      groups: I,
      env: { OPS_CLOUD_API_KEY: '' },
    }).catch((e: unknown) => e)) as { exitCode: number; message: string; hint: string };
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('cloud: no api key is set');
    expect(err.hint).toMatch(/OPS_CLOUD_API_KEY.*ops config set cloud\.api_key -.*--api-key-stdin/);
  });
});
