import { wireFields } from '../wire-fields.js';
/**
 * Wire types of the cloud hosting API (seed 002 C, reference doc3 §C.3–C.4, specs/cloud.openapi.json).
 * Field names are the API's own; the type-name prefix is the seed's neutral `cld.`.
 */

export const REGION_NAMES = [
  'eu-west-3',
  'us-east-1',
  'eu-central-1',
  'ap-southeast-1',
  'us-west-1',
  'eu-west-2',
  'ca-central-1',
  'ap-northeast-1',
] as const;
export type RegionName = (typeof REGION_NAMES)[number];

/** Families and their sizes, as the seed's typeName row lists them. */
export const TYPE_FAMILIES: Record<string, readonly string[]> = {
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
export const TYPE_NAMES: readonly string[] = Object.entries(TYPE_FAMILIES).flatMap(([family, sizes]) =>
  sizes.map((size) => `cld.${family}.${size}`),
);

export const CONTRACT_TYPES = ['HOURLY', 'MONTHLY'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TERMS = [0, 1, 3, 6, 12, 24, 36] as const;
export const BILLING_FREQUENCIES = [1, 3, 6, 12, 24] as const;
export const STORAGE_TYPES = ['LOCAL', 'CENTRAL'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
export const CONTRACT_STATES = ['ACTIVE', 'DELETE_SCHEDULED', 'PENDING', 'INACTIVE', 'CANCELLED'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const INSTANCE_STATES = [
  'CREATING',
  'DESTROYED',
  'DESTROYING',
  'FAILED',
  'RUNNING',
  'STARTING',
  'STOPPED',
  'STOPPING',
  'UNKNOWN',
] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];
export const ASG_TYPES = ['MANUAL', 'SCHEDULED', 'CPU_BASED'] as const;
export type AsgType = (typeof ASG_TYPES)[number];
export const ASG_STATES = [
  'ACTIVE',
  'CREATING',
  'CREATED',
  'DESTROYED',
  'DESTROYING',
  'SCALING',
  'UPDATING',
] as const;
export type AsgState = (typeof ASG_STATES)[number];
export const CREDENTIAL_TYPES = ['OPERATING_SYSTEM', 'CONTROL_PANEL'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];
/** The vendor's market applications (reference §C.5). */
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
] as const;
/**
 * CPU metrics take the seed's one list (seed 002 C; the seed wins over reference §C.6), and the
 * vendor's own `60m` too.
 */
export const CPU_GRANULARITIES = ['5m', '10m', '30m', '1h', '1d', '1w', '60m'] as const;
export const LB_GRANULARITIES = ['5m', '10m', '30m', '1h', '1d', '1w'] as const;
/** The eight load-balancer metrics of the seed. */
export const LB_METRICS = [
  'requests',
  'requestsPerSecond',
  'dataTransferred',
  'dataTransferredPerSecond',
  'connections',
  'connectionsPerSecond',
  'responseCodes',
  'responseCodesPerSecond',
] as const;
export type LbMetric = (typeof LB_METRICS)[number];

/** `_metadata` of every list: all three fields are always there. */
export interface MetadataWire {
  totalCount: number;
  offset: number;
  limit: number;
}

export interface RegionWire {
  name: RegionName;
  location: string;
}

export interface ValueUnitWire {
  value: number;
  unit: string;
}

export interface ResourcesWire {
  cpu: ValueUnitWire;
  memory: ValueUnitWire;
  publicNetworkSpeed: ValueUnitWire;
  privateNetworkSpeed: ValueUnitWire;
}

/** Prices are decimal strings. */
export interface PriceWire {
  hourlyPrice: string;
  monthlyPrice: string;
}

export interface InstanceTypeWire {
  name: string;
  resources: ResourcesWire;
  storageTypes: StorageType[] | null;
  prices: {
    currency: string;
    currencySymbol: string;
    compute: PriceWire;
    storage: { local: PriceWire; central: PriceWire };
  };
}

export interface ImageWire {
  id: string;
  name: string;
  family: string;
  flavour: string;
  custom: boolean;
}

export interface ImageDetailsWire extends ImageWire {
  storageSize: { size: number; unit: string } | null;
  state: string | null;
  stateReason: string | null;
  region: RegionName | null;
  createdAt: string | null;
  updatedAt: string | null;
  version: string | null;
  architecture: string | null;
  marketApps: string[];
  storageTypes: StorageType[];
  minDiskSize: number | null;
}

export interface IpWire {
  ip: string;
  prefixLength: string;
  version: 4 | 6;
  nullRouted: boolean;
  mainIp: boolean;
  networkType: 'INTERNAL' | 'PUBLIC';
  reverseLookup: string | null;
  /** Only on the single-instance answers (ipDetails). */
  ddos?: { detectionProfile: string; protectionType: string } | null;
}

export interface ContractWire {
  billingFrequency: number;
  term: number;
  type: ContractType;
  /** Null for HOURLY. */
  endsAt: string | null;
  startsAt: string;
  state: ContractState;
  /** Empty for HOURLY. */
  id: string;
  sla: string;
  controlPanel: string | null;
  inModification: boolean;
}

export interface AutoScalingGroupWire {
  id: string;
  type: AsgType;
  state: AsgState;
  desiredAmount: number | null;
  region: RegionName;
  reference: string;
  createdAt: string;
  updatedAt: string;
  startsAt: string | null;
  endsAt: string | null;
  minimumAmount: number | null;
  maximumAmount: number | null;
  cpuThreshold: number | null;
  warmupTime: number | null;
  cooldownTime: number | null;
}

export interface TargetGroupWire {
  id: string;
  name: string;
  protocol: 'HTTP' | 'HTTPS' | 'TCP';
  port: number;
  region: RegionName;
  healthCheck: {
    protocol: 'HTTP' | 'HTTPS' | 'TCP';
    method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS' | null;
    uri: string;
    host: string | null;
    port: number;
  } | null;
}

export interface AutoScalingGroupDetailsWire extends AutoScalingGroupWire {
  targetGroups: TargetGroupWire[];
}

/** The launch answer and a list element. */
export interface InstanceWire {
  id: string;
  type: string;
  resources: ResourcesWire;
  region: RegionName;
  reference: string | null;
  startedAt: string | null;
  marketAppId: string | null;
  state: InstanceState;
  productType: string;
  hasPublicIpV4: boolean;
  hasPrivateNetwork: boolean;
  hasUserData: boolean;
  rootDiskSize: number;
  rootDiskStorageType: StorageType;
  contract: ContractWire;
  autoScalingGroup: AutoScalingGroupWire | null;
  image: ImageWire;
  ips: IpWire[];
}

/** GET and PUT of one instance add `iso` and `privateNetwork`, and ips carry `ddos`. */
export interface InstanceDetailsWire extends InstanceWire {
  iso: { id: string; name: string } | null;
  privateNetwork: { privateNetworkId: string; status: string; subnet: string } | null;
}

export interface AutoScaledInstanceWire {
  id: string;
  type: string;
  resources: ResourcesWire;
  region: RegionName;
  reference: string;
  state: InstanceState;
  productType: 'INSTANCE' | 'AUTO_SCALED_INSTANCE';
  hasPrivateNetwork: boolean;
  ips: IpWire[];
}

export interface SnapshotWire {
  id: string;
  displayName: string;
  state: 'READY' | 'CREATING';
  created: string;
}

export interface CredentialWire {
  type: CredentialType;
  username: string;
  /** Only in the answers of store, get and update. */
  password?: string;
}

export interface ConsoleAccessWire {
  url: string;
}

export interface MetricValueWire {
  value: number;
  timestamp: string;
}

export interface MetricSeriesWire {
  unit: string;
  values: MetricValueWire[];
}

export interface CpuMetricsWire {
  metrics: { cpuMetrics: MetricSeriesWire };
  _metadata: {
    from: string;
    to: string;
    unit?: string;
    granularity: string;
    summary?: { cpuMetrics: { average: number; expected: number; peak: MetricValueWire } };
  };
}

/**
 * A load-balancer metric: one series (`{unit, values}`) for requests and connections, or named series
 * (`dataIn`/`dataOut`, `2xx`…`5xx`) for data transferred and response codes.
 */
export interface LbMetricsWire {
  metrics: MetricSeriesWire | Record<string, MetricSeriesWire>;
  _metadata: { from: string; to: string; granularity: string; aggregation?: 'SUM' };
}

export interface LaunchInstanceWire {
  region: string;
  type: string;
  imageId: string;
  contractType: ContractType;
  rootDiskStorageType: StorageType;
  marketAppId?: string;
  reference?: string;
  contractTerm?: number;
  billingFrequency?: number;
  rootDiskSize?: number;
  sshKey?: string;
  userData?: string;
}

export interface UpdateInstanceWire {
  type?: string;
  reference?: string;
  contractType?: ContractType;
  contractTerm?: number;
  billingFrequency?: number;
  rootDiskSize?: number;
}

export interface TerminateInstanceWire {
  reasonCode?: string;
  reason?: string;
}

export interface StoreCredentialWire {
  type: CredentialType;
  username: string;
  password: string;
}

export interface CreateAutoScalingGroupWire {
  type: AsgType;
  reference: string;
  instanceId: string;
  desiredAmount?: number;
  minimumAmount?: number;
  maximumAmount?: number;
  cpuThreshold?: number;
  warmupTime?: number;
  cooldownTime?: number;
  startsAt?: string;
  endsAt?: string;
}

export type UpdateAutoScalingGroupWire = Omit<Partial<CreateAutoScalingGroupWire>, 'type' | 'instanceId'>;

/** Query of `GET /instances`, with the API's names; `state` is sent comma-separated. */
export interface InstanceListQuery {
  state?: string[] | undefined;
  region?: string | undefined;
  type?: string | undefined;
  contractType?: string | undefined;
  contractState?: string | undefined;
  ip?: string | undefined;
  reference?: string | undefined;
  imageId?: string | undefined;
  id?: string | undefined;
  offset?: number | undefined;
}

export interface AutoScalingGroupListQuery {
  id?: string | undefined;
  instanceId?: string | undefined;
  type?: string | undefined;
  region?: string | undefined;
  reference?: string | undefined;
  state?: string | undefined;
  offset?: number | undefined;
}

export interface ImageListQuery {
  custom?: boolean | undefined;
  standard?: boolean | undefined;
  flavour?: string | undefined;
  region?: string | undefined;
  name?: string | undefined;
  offset?: number | undefined;
}

/** CPU metrics take dates (YYYY-MM-DD); load-balancer metrics take date-times. */
export interface MetricsQuery {
  from?: string | undefined;
  to?: string | undefined;
  granularity?: string | undefined;
}

/** The errorResult body (reference §C.1): the seed also names userMessage and reference. */
export interface ErrorResultWire {
  correlationId?: string;
  errorCode?: string;
  errorMessage?: string;
  errorDetails?: Record<string, string[]>;
  userMessage?: string;
  reference?: string;
}

/** An instance's fields, for `--json a,b` (checked before any request, listed in the verb's help). */
export const INSTANCE_FIELDS = [
  'autoScalingGroup',
  'contract',
  'hasPrivateNetwork',
  'hasPublicIpV4',
  'hasUserData',
  'id',
  'image',
  'ips',
  'marketAppId',
  'productType',
  'reference',
  'region',
  'resources',
  'rootDiskSize',
  'rootDiskStorageType',
  'startedAt',
  'state',
  'type',
] as const satisfies ReadonlyArray<keyof InstanceWire>;

/** The fields of what the cloud verbs print, for `--json a,b`. */
export const INSTANCE_DETAILS_FIELDS = wireFields<InstanceDetailsWire>({
  id: true,
  type: true,
  resources: true,
  region: true,
  reference: true,
  startedAt: true,
  marketAppId: true,
  state: true,
  productType: true,
  hasPublicIpV4: true,
  hasPrivateNetwork: true,
  hasUserData: true,
  rootDiskSize: true,
  rootDiskStorageType: true,
  contract: true,
  autoScalingGroup: true,
  image: true,
  ips: true,
  iso: true,
  privateNetwork: true,
});
export const ASG_FIELDS = wireFields<AutoScalingGroupDetailsWire>({
  id: true,
  type: true,
  state: true,
  desiredAmount: true,
  region: true,
  reference: true,
  createdAt: true,
  updatedAt: true,
  startsAt: true,
  endsAt: true,
  minimumAmount: true,
  maximumAmount: true,
  cpuThreshold: true,
  warmupTime: true,
  cooldownTime: true,
  targetGroups: true,
});
export const REGION_FIELDS = wireFields<RegionWire>({ name: true, location: true });
export const INSTANCE_TYPE_FIELDS = wireFields<InstanceTypeWire>({
  name: true,
  resources: true,
  storageTypes: true,
  prices: true,
});
export const IMAGE_FIELDS = wireFields<ImageDetailsWire>({
  id: true,
  name: true,
  family: true,
  flavour: true,
  custom: true,
  storageSize: true,
  state: true,
  stateReason: true,
  region: true,
  createdAt: true,
  updatedAt: true,
  version: true,
  architecture: true,
  marketApps: true,
  storageTypes: true,
  minDiskSize: true,
});
export const SCALED_INSTANCE_FIELDS = wireFields<AutoScaledInstanceWire>({
  id: true,
  type: true,
  resources: true,
  region: true,
  reference: true,
  state: true,
  productType: true,
  hasPrivateNetwork: true,
  ips: true,
});
export const SNAPSHOT_FIELDS = wireFields<SnapshotWire>({
  id: true,
  displayName: true,
  state: true,
  created: true,
});
/** A credential as the list shows it: its type and user, never a password (reference: the list item). */
export const CREDENTIAL_LIST_FIELDS = wireFields<Omit<CredentialWire, 'password'>>({
  type: true,
  username: true,
});
