import { ALL_IMAGES, BROKEN_IMAGE_ID, type ImageSpec, TARGET_GROUPS } from './catalog.js';
import { uuidFor } from './errors.js';

/** Seconds each transition takes on the sandbox clock. */
export const DURATION = {
  launch: 60,
  stop: 30,
  start: 30,
  reboot: 30,
  destroy: 30,
  /** A load balancer's start, stop or reboot. */
  balancer: 20,
  /** A group being created, updated or deleted. */
  group: 60,
} as const;

/** A snapshot takes a base time plus some seconds per GiB of memory (the seed: "depends on memory size"). */
export function snapshotSeconds(memoryGiB: number): number {
  return Math.round(30 + 5 * memoryGiB);
}

export const DAY = 86_400_000;

export interface Step {
  at: number;
  state: string;
}

export interface Contract {
  type: 'HOURLY' | 'MONTHLY';
  term: number;
  billingFrequency: number;
  startsAt: number;
  endsAt: number | null;
  state: 'ACTIVE' | 'DELETE_SCHEDULED' | 'PENDING' | 'INACTIVE' | 'CANCELLED';
  id: string;
  controlPanel: string | null;
}

export interface Ip {
  ip: string;
  prefixLength: string;
  version: 4 | 6;
  mainIp: boolean;
  networkType: 'INTERNAL' | 'PUBLIC';
  reverseLookup: string | null;
}

export interface Instance {
  id: string;
  type: string;
  region: string;
  reference: string | null;
  image: ImageSpec;
  marketAppId: string | null;
  rootDiskSize: number;
  storage: 'LOCAL' | 'CENTRAL';
  hasUserData: boolean;
  sshKey: string | null;
  contract: Contract;
  state: string;
  startedAt: number | null;
  /** Transitions still to come, in time order. */
  steps: Step[];
  ips: Ip[];
  privateNetwork: { privateNetworkId: string; status: string; subnet: string } | null;
  groupId: string | null;
}

export interface Snapshot {
  id: string;
  instanceId: string;
  displayName: string;
  created: number;
  readyAt: number;
}

export interface Credential {
  type: 'OPERATING_SYSTEM' | 'CONTROL_PANEL';
  username: string;
  password: string;
}

export interface Balancer {
  id: string;
  reference: string;
  region: string;
  /** The listener's protocol: request metrics do not exist for TCP. */
  listener: 'HTTP' | 'HTTPS' | 'TCP';
  state: string;
  steps: Step[];
}

export interface Group {
  id: string;
  type: 'MANUAL' | 'SCHEDULED' | 'CPU_BASED';
  reference: string;
  region: string;
  instanceId: string;
  desiredAmount: number | null;
  minimumAmount: number | null;
  maximumAmount: number | null;
  cpuThreshold: number | null;
  warmupTime: number | null;
  cooldownTime: number | null;
  startsAt: number | null;
  endsAt: number | null;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  targetGroupIds: string[];
}

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

export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** Everything the emulator holds, rebuilt from the seed on reset. */
export class World {
  instances = new Map<string, Instance>();
  snapshots = new Map<string, Snapshot>();
  credentials = new Map<string, Credential[]>();
  balancers = new Map<string, Balancer>();
  groups = new Map<string, Group>();
  private serial = 0;

  constructor(readonly t0: number) {
    seed(this, t0);
  }

  /** A fresh id for something made at run time. */
  nextId(kind: string): string {
    return uuidFor(`${kind}:${++this.serial}`);
  }

  nextSerial(): number {
    return ++this.serial;
  }

  /** Applies every transition whose time has come; call before reading or changing an instance. */
  settle(now: number): void {
    for (const i of this.instances.values()) {
      while (i.steps.length && i.steps[0]!.at <= now) {
        const step = i.steps.shift()!;
        i.state = step.state;
        if (step.state === 'RUNNING') i.startedAt = step.at;
        if (step.state === 'STOPPED' || step.state === 'FAILED') i.startedAt = null;
        if (step.state === 'DESTROYED') {
          i.startedAt = null;
          i.contract.state = 'INACTIVE';
          i.privateNetwork = null;
        }
      }
    }
    for (const b of this.balancers.values()) {
      while (b.steps.length && b.steps[0]!.at <= now) b.state = b.steps.shift()!.state;
    }
  }

  snapshotsOf(instanceId: string): Snapshot[] {
    return [...this.snapshots.values()].filter((s) => s.instanceId === instanceId);
  }
}

function ipsFor(n: number, publicV4: boolean): Ip[] {
  const ips: Ip[] = [];
  if (publicV4)
    ips.push({
      ip: `198.51.100.${10 + (n % 240)}`,
      prefixLength: '32',
      version: 4,
      mainIp: true,
      networkType: 'PUBLIC',
      reverseLookup: null,
    });
  ips.push({
    ip: `10.32.${Math.floor(n / 250)}.${10 + (n % 240)}`,
    prefixLength: '27',
    version: 4,
    mainIp: !publicV4,
    networkType: 'INTERNAL',
    reverseLookup: null,
  });
  return ips;
}

export interface NewInstance {
  id: string;
  type: string;
  region: string;
  reference: string | null;
  imageId: string;
  marketAppId?: string | null;
  rootDiskSize?: number | undefined;
  storage: 'LOCAL' | 'CENTRAL';
  contractType: 'HOURLY' | 'MONTHLY';
  term?: number | undefined;
  billingFrequency?: number | undefined;
  hasUserData?: boolean;
  sshKey?: string | null;
  serial: number;
}

/** An instance as launch makes it, CREATING until the launch time has passed (FAILED for the broken image). */
export function makeInstance(n: NewInstance, now: number): Instance {
  const image = ALL_IMAGES.find((i) => i.id === n.imageId)!;
  const monthly = n.contractType === 'MONTHLY';
  const term = monthly ? (n.term ?? 1) : 0;
  return {
    id: n.id,
    type: n.type,
    region: n.region,
    reference: n.reference,
    image,
    marketAppId: n.marketAppId ?? null,
    rootDiskSize: n.rootDiskSize ?? (image.family === 'windows' ? 50 : Math.max(20, image.minDiskSize)),
    storage: n.storage,
    hasUserData: n.hasUserData ?? false,
    sshKey: n.sshKey ?? null,
    contract: {
      type: n.contractType,
      term,
      billingFrequency: monthly ? (n.billingFrequency ?? 1) : 1,
      startsAt: now,
      // A MONTHLY contract runs its term, or one month when the term is 0 (month to month).
      endsAt: monthly ? addMonths(now, Math.max(term, 1)) : null,
      state: 'ACTIVE',
      id: monthly ? String(41_228_459_000_000 + n.serial * 100) : '',
      controlPanel: n.marketAppId ? n.marketAppId.replace(/_/g, ' ') : null,
    },
    state: 'CREATING',
    startedAt: null,
    steps: [{ at: now + DURATION.launch * 1000, state: image.id === BROKEN_IMAGE_ID ? 'FAILED' : 'RUNNING' }],
    ips: ipsFor(n.serial, true),
    privateNetwork: null,
    groupId: null,
  };
}

export function privateNetworkOf(region: string) {
  return { privateNetworkId: `pn-${region}-0001`, status: 'CONNECTED', subnet: '10.32.0.0/12' };
}

function seed(w: World, t0: number): void {
  const ago = (days: number) => t0 - days * DAY;
  const add = (
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
  const base = { storage: 'CENTRAL' as const, contractType: 'HOURLY' as const };
  add(
    SEED_IDS.web01,
    {
      ...base,
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
      ...base,
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
  add(
    SEED_IDS.batch01,
    {
      ...base,
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
      ...base,
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

  for (const [id, reference, region, listener, state] of [
    [SEED_IDS.lbWeb, 'lb-web', 'eu-west-3', 'HTTP', 'RUNNING'],
    [SEED_IDS.lbTcp, 'lb-jobs', 'us-east-1', 'TCP', 'RUNNING'],
    [SEED_IDS.lbBatch, 'lb-batch', 'us-east-1', 'HTTPS', 'STOPPED'],
  ] as const)
    w.balancers.set(id, { id, reference, region, listener, state, steps: [] });

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
