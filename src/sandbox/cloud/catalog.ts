/**
 * What the sandbox sells: regions, instance types with resources and prices, images and target groups.
 * The names follow the seed's enumerations (neutral `cld.` prefix); the figures are made up but
 * consistent (a type's price grows with its vCPUs and memory, regions differ a little).
 */

export const REGIONS: ReadonlyArray<{ name: string; location: string; currency: 'EUR' | 'USD' }> = [
  { name: 'eu-west-3', location: 'Amsterdam', currency: 'EUR' },
  { name: 'us-east-1', location: 'Washington DC', currency: 'USD' },
  { name: 'eu-central-1', location: 'Frankfurt', currency: 'EUR' },
  { name: 'ap-southeast-1', location: 'Singapore', currency: 'USD' },
  { name: 'us-west-1', location: 'San Francisco', currency: 'USD' },
  { name: 'eu-west-2', location: 'London', currency: 'EUR' },
  { name: 'ca-central-1', location: 'Montreal', currency: 'USD' },
  { name: 'ap-northeast-1', location: 'Tokyo', currency: 'USD' },
];
export const REGION_NAMES = REGIONS.map((r) => r.name);

const REGION_FACTOR: Record<string, number> = {
  'eu-west-3': 1,
  'us-east-1': 0.95,
  'eu-central-1': 1.05,
  'ap-southeast-1': 1.15,
  'us-west-1': 1.1,
  'eu-west-2': 1.05,
  'ca-central-1': 1.08,
  'ap-northeast-1': 1.2,
};

const FAMILIES: Record<string, readonly string[]> = {
  m3: ['large', 'xlarge', '2xlarge'],
  m4: ['large', 'xlarge', '2xlarge', '4xlarge'],
  m5: ['large', 'xlarge', '2xlarge', '4xlarge'],
  m5a: ['large', 'xlarge', '2xlarge', '4xlarge', '8xlarge', '12xlarge'],
  m6a: ['large', 'xlarge', '2xlarge', '4xlarge', '8xlarge', '12xlarge', '16xlarge', '24xlarge'],
  c3: ['large', 'xlarge', '2xlarge', '4xlarge'],
  c4: ['large', 'xlarge', '2xlarge', '4xlarge'],
  c5: ['large', 'xlarge', '2xlarge', '4xlarge'],
  c5a: ['large', 'xlarge', '2xlarge', '4xlarge', '9xlarge', '12xlarge'],
  c6a: ['large', 'xlarge', '2xlarge', '4xlarge', '8xlarge', '12xlarge', '16xlarge', '24xlarge'],
  r3: ['large', 'xlarge', '2xlarge'],
  r4: ['large', 'xlarge', '2xlarge'],
  r5: ['large', 'xlarge', '2xlarge'],
  r5a: ['large', 'xlarge', '2xlarge', '4xlarge', '8xlarge', '12xlarge'],
  r6a: ['large', 'xlarge', '2xlarge', '4xlarge', '8xlarge', '12xlarge', '16xlarge', '24xlarge'],
};
export const TYPE_NAMES: readonly string[] = Object.entries(FAMILIES).flatMap(([f, sizes]) =>
  sizes.map((s) => `cld.${f}.${s}`),
);

const VCPUS: Record<string, number> = {
  large: 2,
  xlarge: 4,
  '2xlarge': 8,
  '4xlarge': 16,
  '8xlarge': 32,
  '9xlarge': 36,
  '12xlarge': 48,
  '16xlarge': 64,
  '24xlarge': 96,
};
/** GiB of memory per vCPU by family. */
const MEMORY_PER_CPU: Record<string, number> = {
  m3: 3.75,
  m4: 4,
  m5: 4,
  m5a: 4,
  m6a: 4,
  c3: 1.875,
  c4: 1.875,
  c5: 2,
  c5a: 2,
  c6a: 2,
  r3: 7.625,
  r4: 7.625,
  r5: 8,
  r5a: 8,
  r6a: 8,
};

export interface TypeSpec {
  name: string;
  family: string;
  vcpu: number;
  memory: number;
  /** Families before the fifth generation have local disks only. */
  storageTypes: Array<'LOCAL' | 'CENTRAL'>;
}

export function typeSpec(name: string): TypeSpec | undefined {
  const m = /^cld\.([a-z0-9]+)\.([a-z0-9]+)$/.exec(name);
  if (!m || !FAMILIES[m[1]!]?.includes(m[2]!)) return undefined;
  const family = m[1]!;
  const vcpu = VCPUS[m[2]!]!;
  return {
    name,
    family,
    vcpu,
    memory: Math.round(vcpu * MEMORY_PER_CPU[family]! * 100) / 100,
    storageTypes: /^[mcr]3$/.test(family) ? ['LOCAL'] : ['LOCAL', 'CENTRAL'],
  };
}

/** Types sold in a region: old families only where they started, the biggest sizes not everywhere. */
export function offered(region: string, type: string): boolean {
  const spec = typeSpec(type);
  if (!spec || !REGION_NAMES.includes(region)) return false;
  if (/^[mcr]3$/.test(spec.family)) return region === 'eu-west-3' || region === 'us-east-1';
  if (spec.vcpu >= 64) return !['ca-central-1', 'ap-northeast-1', 'eu-west-2'].includes(region);
  return true;
}

export function resourcesOf(spec: TypeSpec) {
  return {
    cpu: { value: spec.vcpu, unit: 'vCPU' },
    memory: { value: spec.memory, unit: 'GiB' },
    publicNetworkSpeed: { value: spec.vcpu >= 32 ? 10 : 1, unit: 'Gbps' },
    privateNetworkSpeed: { value: spec.vcpu >= 32 ? 1000 : 100, unit: 'Mbps' },
  };
}

const money = (n: number, digits: number) => n.toFixed(digits);

export function instanceTypeWire(region: string, type: string) {
  const spec = typeSpec(type)!;
  const r = REGIONS.find((x) => x.name === region)!;
  const hourly = (spec.vcpu * 0.011 + spec.memory * 0.0032) * REGION_FACTOR[region]!;
  return {
    name: spec.name,
    resources: resourcesOf(spec),
    storageTypes: spec.storageTypes,
    prices: {
      currency: r.currency,
      currencySymbol: r.currency === 'EUR' ? '€' : '$',
      compute: { hourlyPrice: money(hourly, 4), monthlyPrice: money(hourly * 730 * 0.92, 2) },
      storage: {
        local: { hourlyPrice: '0.0000', monthlyPrice: '0.00' },
        central: { hourlyPrice: money(0.0001 * spec.vcpu, 4), monthlyPrice: money(0.073 * spec.vcpu, 2) },
      },
    },
  };
}

export function typesIn(region: string): string[] {
  return TYPE_NAMES.filter((t) => offered(region, t));
}

export interface ImageSpec {
  id: string;
  name: string;
  family: 'linux' | 'freebsd' | 'windows';
  flavour: string;
  custom: boolean;
  /** Custom images live in one region. */
  region: string | null;
  minDiskSize: number;
  /** The sandbox's image that never boots: an instance launched from it ends FAILED. */
  neverBoots?: boolean;
}

export const CUSTOM_IMAGE_ID = '7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20';
export const BROKEN_IMAGE_ID = 'e2d4f6a8-0b1c-4e3d-8f5a-6c7b9d0e1f32';

export const IMAGES: readonly ImageSpec[] = [
  { id: 'UBUNTU_22_04_64BIT', name: 'Ubuntu 22.04 LTS (x86_64)', family: 'linux', flavour: 'ubuntu' },
  { id: 'UBUNTU_24_04_64BIT', name: 'Ubuntu 24.04 LTS (x86_64)', family: 'linux', flavour: 'ubuntu' },
  { id: 'DEBIAN_12_64BIT', name: 'Debian 12 (x86_64)', family: 'linux', flavour: 'debian' },
  { id: 'ALMALINUX_9_64BIT', name: 'AlmaLinux 9 (x86_64)', family: 'linux', flavour: 'almalinux' },
  { id: 'ROCKYLINUX_9_64BIT', name: 'Rocky Linux 9 (x86_64)', family: 'linux', flavour: 'rockylinux' },
  { id: 'CENTOS_7_64BIT', name: 'CentOS 7 (x86_64)', family: 'linux', flavour: 'centos' },
  { id: 'ARCHLINUX_64BIT', name: 'Arch Linux (x86_64)', family: 'linux', flavour: 'archlinux' },
  { id: 'FREEBSD_14_64BIT', name: 'FreeBSD 14 (x86_64)', family: 'freebsd', flavour: 'freebsd' },
  {
    id: 'WINDOWS_SERVER_2022_64BIT',
    name: 'Windows Server 2022 Standard (x86_64)',
    family: 'windows',
    flavour: 'windows',
  },
].map(
  (i): ImageSpec => ({
    ...(i as Pick<ImageSpec, 'id' | 'name' | 'flavour'> & { family: ImageSpec['family'] }),
    custom: false,
    region: null,
    minDiskSize: i.family === 'windows' ? 50 : 5,
  }),
);

const CUSTOM_IMAGES: readonly ImageSpec[] = [
  {
    id: CUSTOM_IMAGE_ID,
    name: 'app-golden-2026-01',
    family: 'linux',
    flavour: 'ubuntu',
    custom: true,
    region: 'eu-west-3',
    minDiskSize: 20,
  },
  {
    id: BROKEN_IMAGE_ID,
    name: 'legacy-p2v-import',
    family: 'linux',
    flavour: 'centos',
    custom: true,
    region: 'eu-west-3',
    minDiskSize: 5,
    neverBoots: true,
  },
];

export const ALL_IMAGES: readonly ImageSpec[] = [...IMAGES, ...CUSTOM_IMAGES];

export function imageWire(i: ImageSpec) {
  return { id: i.id, name: i.name, family: i.family, flavour: i.flavour, custom: i.custom };
}

export function imageDetailsWire(i: ImageSpec, createdAt: string) {
  return {
    ...imageWire(i),
    storageSize: i.custom ? { size: 12.4, unit: 'GB' } : null,
    state: 'READY',
    stateReason: null,
    region: i.region,
    createdAt: i.custom ? createdAt : null,
    updatedAt: i.custom ? createdAt : null,
    version: i.custom ? null : i.id.replace(/^[A-Z]+_|_64BIT$/g, '').replace(/_/g, '.') || null,
    architecture: 'x86_64',
    marketApps: i.family === 'linux' && !i.custom ? (MARKET_APPS_FOR[i.flavour] ?? []) : [],
    storageTypes: ['LOCAL', 'CENTRAL'],
    minDiskSize: i.minDiskSize,
  };
}

export const MARKET_APP_IDS = [
  'CPANEL_30',
  'CPANEL_100',
  'CPANEL_ADMIN',
  'CPANEL_PRO',
  'CPANEL_PLUS',
  'CPANEL_PREMIER',
  'PLESK_WEB_PRO',
  'PLESK_WEB_ADMIN',
  'PLESK_WEB_HOST',
];
/** Control panels install on these flavours only. */
const MARKET_APPS_FOR: Record<string, string[]> = {
  almalinux: MARKET_APP_IDS.filter((m) => m.startsWith('CPANEL')),
  ubuntu: MARKET_APP_IDS.filter((m) => m.startsWith('PLESK')),
  rockylinux: MARKET_APP_IDS.filter((m) => m.startsWith('CPANEL')),
};
export function marketAppsFor(image: ImageSpec): string[] {
  return image.custom ? [] : (MARKET_APPS_FOR[image.flavour] ?? []);
}

export interface TargetGroupSpec {
  id: string;
  name: string;
  protocol: 'HTTP' | 'HTTPS' | 'TCP';
  port: number;
  region: string;
}

export const TARGET_GROUPS: readonly TargetGroupSpec[] = [
  {
    id: '3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601',
    name: 'web-http',
    protocol: 'HTTP',
    port: 80,
    region: 'eu-west-3',
  },
  {
    id: '3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a602',
    name: 'web-https',
    protocol: 'HTTPS',
    port: 443,
    region: 'eu-west-3',
  },
  {
    id: '3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a603',
    name: 'jobs-tcp',
    protocol: 'TCP',
    port: 5432,
    region: 'us-east-1',
  },
];

export function targetGroupWire(t: TargetGroupSpec) {
  return {
    id: t.id,
    name: t.name,
    protocol: t.protocol,
    port: t.port,
    region: t.region,
    healthCheck:
      t.protocol === 'TCP'
        ? { protocol: 'TCP', method: null, uri: '', host: null, port: t.port }
        : { protocol: t.protocol, method: 'GET', uri: '/healthz', host: null, port: t.port },
  };
}
