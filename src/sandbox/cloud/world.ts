import { ALL_IMAGES, BROKEN_IMAGE_ID, type ImageSpec } from './catalog.js';
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

  constructor(readonly t0: number) {}

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
