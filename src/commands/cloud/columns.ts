import type {
  AutoScaledInstanceWire,
  AutoScalingGroupDetailsWire,
  AutoScalingGroupWire,
  ImageDetailsWire,
  InstanceDetailsWire,
  InstanceTypeWire,
  InstanceWire,
  ResourcesWire,
  SnapshotWire,
} from '../../clients/cloud/types.js';
import type { Style } from '../../output/color.js';
import type { Column } from '../../output/printer.js';

/** Green when settled and working, yellow on the way, red when failed or gone. */
export function stateColor(v: unknown, s: Style): ((x: string) => string) | undefined {
  if (v === 'RUNNING' || v === 'READY' || v === 'ACTIVE') return s.green;
  if (v === 'FAILED' || v === 'DESTROYED' || v === 'DESTROYING' || v === 'UNKNOWN') return s.red;
  if (typeof v === 'string' && /ING$/.test(v)) return s.yellow;
  return undefined;
}

export function resourcesText(r: ResourcesWire | undefined): string {
  if (!r) return '';
  return `${r.cpu.value} ${r.cpu.unit}, ${r.memory.value} ${r.memory.unit}`;
}

function mainIp(i: Pick<InstanceWire, 'ips'>): string | undefined {
  return (i.ips.find((ip) => ip.mainIp) ?? i.ips[0])?.ip;
}

export const INSTANCE_COLUMNS: Column<InstanceWire>[] = [
  { header: 'id', get: (i) => i.id },
  { header: 'reference', get: (i) => i.reference, kind: 'text' },
  { header: 'state', get: (i) => i.state, color: stateColor },
  { header: 'type', get: (i) => i.type, priority: 2 },
  { header: 'region', get: (i) => i.region, priority: 2 },
  { header: 'image', get: (i) => i.image?.id, priority: 3 },
  { header: 'ip', get: mainIp },
  { header: 'contract', get: (i) => i.contract?.type, priority: 3 },
  { header: 'started', get: (i) => i.startedAt, format: 'relative', priority: 2 },
];

function contractText(i: InstanceWire): string {
  const c = i.contract;
  if (!c) return '';
  if (c.type === 'HOURLY') return `HOURLY, ${c.state}`;
  const term = c.term === 0 ? 'month to month' : `${c.term} months`;
  return `MONTHLY ${term}, billed every ${c.billingFrequency} month(s), ${c.state}${c.endsAt ? `, ends ${c.endsAt}` : ''}`;
}

/** One instance as key / value rows. */
export const INSTANCE_FIELDS: Column<InstanceWire | InstanceDetailsWire>[] = [
  { header: 'id', get: (i) => i.id },
  { header: 'reference', get: (i) => i.reference, kind: 'text' },
  { header: 'state', get: (i) => i.state, color: stateColor },
  { header: 'type', get: (i) => `${i.type} (${resourcesText(i.resources)})` },
  { header: 'region', get: (i) => i.region },
  { header: 'image', get: (i) => (i.image ? `${i.image.name} [${i.image.id}]` : undefined) },
  { header: 'root disk', get: (i) => `${i.rootDiskSize} GB ${i.rootDiskStorageType}` },
  { header: 'ips', get: (i) => i.ips.map((ip) => `${ip.ip} (${ip.networkType.toLowerCase()})`) },
  {
    header: 'private network',
    get: (i) => {
      const pn = (i as InstanceDetailsWire).privateNetwork;
      return pn ? `${pn.privateNetworkId} ${pn.subnet} ${pn.status}` : i.hasPrivateNetwork ? 'yes' : 'no';
    },
  },
  { header: 'contract', get: contractText },
  { header: 'market app', get: (i) => i.marketAppId },
  { header: 'user data', get: (i) => i.hasUserData },
  { header: 'auto scaling group', get: (i) => i.autoScalingGroup?.reference },
  { header: 'started', get: (i) => i.startedAt, format: 'relative' },
];

function price(t: InstanceTypeWire, what: 'hourlyPrice' | 'monthlyPrice'): string {
  return t.prices ? `${t.prices.currencySymbol}${t.prices.compute[what]}` : '';
}

export const TYPE_COLUMNS: Column<InstanceTypeWire>[] = [
  { header: 'name', get: (t) => t.name },
  { header: 'cpu', get: (t) => `${t.resources.cpu.value} ${t.resources.cpu.unit}` },
  { header: 'memory', get: (t) => `${t.resources.memory.value} ${t.resources.memory.unit}` },
  {
    header: 'network',
    get: (t) => `${t.resources.publicNetworkSpeed.value} ${t.resources.publicNetworkSpeed.unit}`,
    priority: 3,
  },
  { header: 'storage', get: (t) => t.storageTypes ?? [], kind: 'text', priority: 2 },
  { header: 'hourly', get: (t) => price(t, 'hourlyPrice') },
  { header: 'monthly', get: (t) => price(t, 'monthlyPrice') },
  { header: 'currency', get: (t) => t.prices?.currency, priority: 3 },
];

export const SNAPSHOT_COLUMNS: Column<SnapshotWire>[] = [
  { header: 'id', get: (s) => s.id },
  { header: 'name', get: (s) => s.displayName, kind: 'text' },
  { header: 'state', get: (s) => s.state, color: stateColor },
  { header: 'created', get: (s) => s.created, format: 'relative' },
];

export const IMAGE_COLUMNS: Column<ImageDetailsWire>[] = [
  { header: 'id', get: (i) => i.id },
  { header: 'name', get: (i) => i.name, kind: 'text' },
  { header: 'flavour', get: (i) => i.flavour },
  { header: 'custom', get: (i) => i.custom, priority: 3 },
  { header: 'region', get: (i) => i.region, priority: 2 },
  {
    header: 'min disk',
    get: (i) => (i.minDiskSize === null ? undefined : `${i.minDiskSize} GB`),
    priority: 2,
  },
  { header: 'market apps', get: (i) => i.marketApps, kind: 'text', priority: 3 },
];

export const GROUP_COLUMNS: Column<AutoScalingGroupWire>[] = [
  { header: 'id', get: (g) => g.id },
  { header: 'reference', get: (g) => g.reference, kind: 'text' },
  { header: 'type', get: (g) => g.type, priority: 2 },
  { header: 'state', get: (g) => g.state, color: stateColor },
  { header: 'region', get: (g) => g.region, priority: 2 },
  {
    header: 'size',
    get: (g) =>
      g.type === 'CPU_BASED' ? `${g.minimumAmount ?? '?'}–${g.maximumAmount ?? '?'}` : g.desiredAmount,
  },
  { header: 'updated', get: (g) => g.updatedAt, format: 'relative', priority: 3 },
];

/** One group as key / value rows. */
export const GROUP_FIELDS: Column<AutoScalingGroupDetailsWire>[] = [
  { header: 'id', get: (g) => g.id },
  { header: 'reference', get: (g) => g.reference, kind: 'text' },
  { header: 'type', get: (g) => g.type },
  { header: 'state', get: (g) => g.state, color: stateColor },
  { header: 'region', get: (g) => g.region },
  { header: 'desired', get: (g) => g.desiredAmount },
  { header: 'minimum', get: (g) => g.minimumAmount },
  { header: 'maximum', get: (g) => g.maximumAmount },
  { header: 'cpu threshold', get: (g) => (g.cpuThreshold === null ? undefined : `${g.cpuThreshold} %`) },
  { header: 'warmup', get: (g) => (g.warmupTime === null ? undefined : `${g.warmupTime} s`) },
  { header: 'cooldown', get: (g) => (g.cooldownTime === null ? undefined : `${g.cooldownTime} s`) },
  { header: 'starts', get: (g) => g.startsAt, format: 'relative' },
  { header: 'ends', get: (g) => g.endsAt, format: 'relative' },
  {
    header: 'target groups',
    kind: 'text',
    get: (g) => (g.targetGroups ?? []).map((t) => `${t.name} ${t.protocol}:${t.port} (${t.id})`),
  },
  { header: 'created', get: (g) => g.createdAt, format: 'relative' },
  { header: 'updated', get: (g) => g.updatedAt, format: 'relative' },
];

export const SCALED_COLUMNS: Column<AutoScaledInstanceWire>[] = [
  { header: 'id', get: (i) => i.id },
  { header: 'reference', get: (i) => i.reference, kind: 'text' },
  { header: 'state', get: (i) => i.state, color: stateColor },
  { header: 'type', get: (i) => i.type, priority: 2 },
  { header: 'region', get: (i) => i.region, priority: 2 },
  { header: 'ip', get: (i) => i.ips[0]?.ip },
  { header: 'product', get: (i) => i.productType, priority: 3 },
];
