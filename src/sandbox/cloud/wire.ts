import { imageWire, resourcesOf, typeSpec } from './catalog.js';
import { iso } from './errors.js';
import { DURATION, type Group, type Instance, type Ip, type World } from './world.js';

function ipWire(ip: Ip, details: boolean) {
  return {
    ip: ip.ip,
    prefixLength: ip.prefixLength,
    version: ip.version,
    nullRouted: false,
    mainIp: ip.mainIp,
    networkType: ip.networkType,
    reverseLookup: ip.reverseLookup,
    ...(details
      ? {
          ddos:
            ip.networkType === 'PUBLIC'
              ? { detectionProfile: 'ADVANCED_DEFAULT', protectionType: 'ADVANCED' }
              : null,
        }
      : {}),
  };
}

/**
 * An instance as the API shows it: the list and launch shape, or with `details` the single-instance
 * shape that adds `iso` and `privateNetwork` and gives each IP its `ddos` (reference §C.3).
 */
export function instanceWire(w: World, i: Instance, now: number, details = false) {
  const group = i.groupId ? w.groups.get(i.groupId) : undefined;
  const c = i.contract;
  return {
    id: i.id,
    type: i.type,
    resources: resourcesOf(typeSpec(i.type)!),
    region: i.region,
    reference: i.reference,
    startedAt: i.startedAt === null ? null : iso(i.startedAt),
    marketAppId: i.marketAppId,
    state: i.state,
    productType: 'INSTANCE',
    hasPublicIpV4: i.ips.some((ip) => ip.networkType === 'PUBLIC' && ip.version === 4),
    hasPrivateNetwork: i.privateNetwork !== null,
    hasUserData: i.hasUserData,
    rootDiskSize: i.rootDiskSize,
    rootDiskStorageType: i.storage,
    contract: {
      billingFrequency: c.billingFrequency,
      term: c.term,
      type: c.type,
      endsAt: c.endsAt === null ? null : iso(c.endsAt),
      startsAt: iso(c.startsAt),
      state: c.state,
      id: c.id,
      sla: 'Basic',
      controlPanel: c.controlPanel,
      inModification: false,
    },
    autoScalingGroup: group ? groupWire(w, group, now) : null,
    image: imageWire(i.image),
    ips: i.ips.map((ip) => ipWire(ip, details)),
    ...(details ? { iso: null, privateNetwork: i.privateNetwork } : {}),
  };
}

/**
 * A group's state follows the clock: CREATING for a while after it is made, UPDATING after a change,
 * DESTROYING then DESTROYED after delete; a SCHEDULED group is CREATED outside its window and ACTIVE
 * inside it (SCALING for the first minutes of the window).
 */
export function groupState(g: Group, now: number): string {
  if (g.deletedAt !== null) return now < g.deletedAt + DURATION.group * 1000 ? 'DESTROYING' : 'DESTROYED';
  if (now < g.createdAt + DURATION.group * 1000) return 'CREATING';
  if (g.updatedAt > g.createdAt && now < g.updatedAt + DURATION.group * 1000) return 'UPDATING';
  if (g.type === 'SCHEDULED') {
    if (g.startsAt === null || g.endsAt === null || now < g.startsAt || now >= g.endsAt) return 'CREATED';
    return now < g.startsAt + DURATION.group * 1000 ? 'SCALING' : 'ACTIVE';
  }
  return 'ACTIVE';
}

export function groupWire(_w: World, g: Group, now: number) {
  const t = (ms: number | null) => (ms === null ? null : iso(ms));
  return {
    id: g.id,
    type: g.type,
    state: groupState(g, now),
    desiredAmount: g.desiredAmount,
    region: g.region,
    reference: g.reference,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
    startsAt: t(g.startsAt),
    endsAt: t(g.endsAt),
    minimumAmount: g.minimumAmount,
    maximumAmount: g.maximumAmount,
    cpuThreshold: g.cpuThreshold,
    warmupTime: g.warmupTime,
    cooldownTime: g.cooldownTime,
  };
}

/** How many instances a group runs now: its desired amount, the minimum for CPU_BASED, none outside a schedule. */
export function groupSize(g: Group, now: number): number {
  const state = groupState(g, now);
  if (state === 'DESTROYED' || state === 'CREATED') return 0;
  if (g.type === 'CPU_BASED') return g.minimumAmount ?? 0;
  return g.desiredAmount ?? 0;
}

export function scaledInstanceWire(w: World, g: Group, index: number, now: number) {
  const source = w.instances.get(g.instanceId);
  const type = source?.type ?? 'cld.m5.large';
  const state = groupState(g, now);
  const n = 200 + index + Number.parseInt(g.id.slice(-2), 16);
  return {
    id: `${g.id.slice(0, 24)}${(index + 1).toString(16).padStart(12, '0')}`,
    type,
    resources: resourcesOf(typeSpec(type)!),
    region: g.region,
    reference: `${g.reference}-${index + 1}`,
    state:
      state === 'CREATING' || state === 'SCALING'
        ? 'CREATING'
        : state === 'DESTROYING'
          ? 'DESTROYING'
          : 'RUNNING',
    productType: 'AUTO_SCALED_INSTANCE',
    hasPrivateNetwork: false,
    ips: [
      ipWire(
        {
          ip: `10.40.${Math.floor(n / 250)}.${10 + (n % 240)}`,
          prefixLength: '27',
          version: 4,
          mainIp: true,
          networkType: 'INTERNAL',
          reverseLookup: null,
        },
        true,
      ),
    ],
  };
}
