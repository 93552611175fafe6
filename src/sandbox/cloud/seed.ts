import { TARGET_GROUPS } from './catalog.js';
import {
  DAY,
  DURATION,
  type Group,
  type Instance,
  type NewInstance,
  World,
  addMonths,
  makeInstance,
  privateNetworkOf,
  snapshotSeconds,
} from './world.js';

/** The seed's fixed ids, documented in the README and used by the commands' examples. */
export const SEED_IDS = {
  web01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
  web02: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02',
  db01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03',
  batch01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04',
  win01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b05',
  bsd01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b06',
  legacy01: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b07',
  db01Snapshot: '8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01',
  lbWeb: '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01',
  lbTcp: '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e02',
  lbBatch: '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e03',
  asgWeb: 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01',
  asgBatch: 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c02',
  asgPeak: 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c03',
  tgHttp: TARGET_GROUPS[0]!.id,
  tgHttps: TARGET_GROUPS[1]!.id,
  tgTcp: TARGET_GROUPS[2]!.id,
} as const;

/** Adds an instance in the given state, started the given days before `t0`. */
function instanceAdder(w: World, ago: (days: number) => number) {
  return (
    id: string,
    o: Omit<NewInstance, 'id' | 'serial'>,
    state: string,
    startedDaysAgo: number,
    extra: Partial<Instance> = {},
  ) => {
    const serial = w.instances.size + 1;
    const inst = makeInstance({ ...o, id, serial }, ago(startedDaysAgo + 1));
    inst.steps = [];
    inst.state = state;
    inst.startedAt = state === 'RUNNING' ? ago(startedDaysAgo) : null;
    Object.assign(inst, extra);
    w.instances.set(id, inst);
    return inst;
  };
}

type Add = ReturnType<typeof instanceAdder>;
const CENTRAL_HOURLY = { storage: 'CENTRAL' as const, contractType: 'HOURLY' as const };

/** The web tier: two web servers (one in the private network) and a MONTHLY database server. */
function seedWebTier(add: Add, ago: (days: number) => number): void {
  add(
    SEED_IDS.web01,
    {
      ...CENTRAL_HOURLY,
      type: 'cld.m5.large',
      region: 'eu-west-3',
      reference: 'web-01',
      imageId: 'UBUNTU_24_04_64BIT',
    },
    'RUNNING',
    12,
  );
  add(
    SEED_IDS.web02,
    {
      ...CENTRAL_HOURLY,
      type: 'cld.m5.large',
      region: 'eu-west-3',
      reference: 'web-02',
      imageId: 'UBUNTU_24_04_64BIT',
    },
    'RUNNING',
    12,
    { privateNetwork: privateNetworkOf('eu-west-3') },
  );
  const db = add(
    SEED_IDS.db01,
    {
      type: 'cld.r5.xlarge',
      region: 'eu-west-3',
      reference: 'db-01',
      imageId: 'DEBIAN_12_64BIT',
      storage: 'LOCAL',
      contractType: 'MONTHLY',
      term: 12,
      billingFrequency: 1,
      rootDiskSize: 200,
    },
    'RUNNING',
    40,
  );
  db.contract.startsAt = ago(41);
  db.contract.endsAt = addMonths(ago(41), 12);
}

/** A stopped batch server, a Windows server with its termination scheduled, a BSD server and a legacy one. */
function seedOtherInstances(add: Add, ago: (days: number) => number): void {
  add(
    SEED_IDS.batch01,
    {
      ...CENTRAL_HOURLY,
      type: 'cld.c5.2xlarge',
      region: 'us-east-1',
      reference: 'batch-01',
      imageId: 'ROCKYLINUX_9_64BIT',
      hasUserData: true,
    },
    'STOPPED',
    3,
  );
  const win = add(
    SEED_IDS.win01,
    {
      type: 'cld.m5.xlarge',
      region: 'eu-central-1',
      reference: 'win-01',
      imageId: 'WINDOWS_SERVER_2022_64BIT',
      storage: 'CENTRAL',
      contractType: 'MONTHLY',
      term: 1,
      billingFrequency: 1,
      rootDiskSize: 80,
    },
    'RUNNING',
    20,
  );
  // Its termination is scheduled for the contract's end: cancel-termination can undo it.
  win.contract.startsAt = ago(21);
  win.contract.endsAt = addMonths(ago(21), 1);
  win.contract.state = 'DELETE_SCHEDULED';
  win.steps = [
    { at: win.contract.endsAt, state: 'DESTROYING' },
    { at: win.contract.endsAt + DURATION.destroy * 1000, state: 'DESTROYED' },
  ];
  add(
    SEED_IDS.bsd01,
    {
      ...CENTRAL_HOURLY,
      type: 'cld.c5.large',
      region: 'ap-southeast-1',
      reference: 'bsd-01',
      imageId: 'FREEBSD_14_64BIT',
    },
    'RUNNING',
    5,
  );
  add(
    SEED_IDS.legacy01,
    {
      type: 'cld.m3.large',
      region: 'eu-west-3',
      reference: null,
      imageId: 'CENTOS_7_64BIT',
      storage: 'LOCAL',
      contractType: 'HOURLY',
    },
    'STOPPED',
    90,
  );
}

/** db-01's snapshot, and the credentials of db-01 and win-01. */
function seedSnapshotAndCredentials(w: World, ago: (days: number) => number): void {
  w.snapshots.set(SEED_IDS.db01Snapshot, {
    id: SEED_IDS.db01Snapshot,
    instanceId: SEED_IDS.db01,
    displayName: 'db-01-nightly',
    created: ago(1),
    readyAt: ago(1) + snapshotSeconds(32) * 1000,
  });
  w.credentials.set(SEED_IDS.db01, [
    { type: 'OPERATING_SYSTEM', username: 'root', password: 'sandbox-db-root-pass' },
  ]);
  w.credentials.set(SEED_IDS.win01, [
    { type: 'OPERATING_SYSTEM', username: 'Administrator', password: 'sandbox-win-admin-pass' },
  ]);
}

/** Three auto scaling groups: manual, CPU based and scheduled. */
function seedGroups(w: World, t0: number, ago: (days: number) => number): void {
  const group = (g: Partial<Group> & Pick<Group, 'id' | 'type' | 'reference' | 'region' | 'instanceId'>) =>
    w.groups.set(g.id, {
      desiredAmount: null,
      minimumAmount: null,
      maximumAmount: null,
      cpuThreshold: null,
      warmupTime: null,
      cooldownTime: null,
      startsAt: null,
      endsAt: null,
      createdAt: ago(10),
      updatedAt: ago(10),
      deletedAt: null,
      targetGroupIds: [],
      ...g,
    });
  group({
    id: SEED_IDS.asgWeb,
    type: 'MANUAL',
    reference: 'asg-web',
    region: 'eu-west-3',
    instanceId: SEED_IDS.web01,
    desiredAmount: 2,
    targetGroupIds: [SEED_IDS.tgHttp],
  });
  group({
    id: SEED_IDS.asgBatch,
    type: 'CPU_BASED',
    reference: 'asg-batch',
    region: 'us-east-1',
    instanceId: SEED_IDS.batch01,
    minimumAmount: 1,
    maximumAmount: 4,
    cpuThreshold: 70,
    warmupTime: 300,
    cooldownTime: 600,
  });
  group({
    id: SEED_IDS.asgPeak,
    type: 'SCHEDULED',
    reference: 'asg-peak',
    region: 'eu-west-3',
    instanceId: SEED_IDS.web02,
    desiredAmount: 3,
    startsAt: t0 + DAY,
    endsAt: t0 + 2 * DAY,
  });
}

/**
 * The sandbox's starting data: seven instances in every state a user meets first (running, stopped,
 * MONTHLY with a termination scheduled, in the private network, with a snapshot and credentials),
 * three load balancers and three auto scaling groups.
 */
export function seedWorld(t0: number): World {
  const w = new World(t0);
  const ago = (days: number) => t0 - days * DAY;
  const add = instanceAdder(w, ago);
  seedWebTier(add, ago);
  seedOtherInstances(add, ago);
  seedSnapshotAndCredentials(w, ago);

  for (const [id, reference, region, listener, state] of [
    [SEED_IDS.lbWeb, 'lb-web', 'eu-west-3', 'HTTP', 'RUNNING'],
    [SEED_IDS.lbTcp, 'lb-jobs', 'us-east-1', 'TCP', 'RUNNING'],
    [SEED_IDS.lbBatch, 'lb-batch', 'us-east-1', 'HTTPS', 'STOPPED'],
  ] as const)
    w.balancers.set(id, { id, reference, region, listener, state, steps: [] });

  seedGroups(w, t0, ago);
  return w;
}
