import type { LoadBalancerWire, TargetGroupWire } from '../../../clients/cloud/types.js';
import type { Column } from '../../../output/printer.js';
import { resourcesText, stateColor } from '../columns.js';

const mainIp = (l: LoadBalancerWire) => (l.ips.find((ip) => ip.mainIp) ?? l.ips[0])?.ip;

export const LB_COLUMNS: Column<LoadBalancerWire>[] = [
  { header: 'id', get: (l) => l.id },
  { header: 'reference', get: (l) => l.reference, kind: 'text' },
  { header: 'state', get: (l) => l.state, color: stateColor },
  { header: 'type', get: (l) => l.type, priority: 2 },
  { header: 'region', get: (l) => l.region, priority: 2 },
  { header: 'ip', get: mainIp },
  { header: 'started', get: (l) => l.startedAt, format: 'relative', priority: 2 },
];

/** One load balancer as key / value rows. */
export const LB_FIELDS: Column<LoadBalancerWire>[] = [
  { header: 'id', get: (l) => l.id },
  { header: 'reference', get: (l) => l.reference, kind: 'text' },
  { header: 'state', get: (l) => l.state, color: stateColor },
  { header: 'type', get: (l) => `${l.type} (${resourcesText(l.resources)})` },
  { header: 'region', get: (l) => l.region },
  { header: 'ips', get: (l) => l.ips.map((ip) => `${ip.ip} (${ip.networkType.toLowerCase()})`) },
  { header: 'product', get: (l) => l.productType },
  { header: 'started', get: (l) => l.startedAt, format: 'relative' },
];

const healthText = (t: TargetGroupWire) => {
  const h = t.healthCheck;
  if (!h) return undefined;
  return `${h.method ? `${h.method} ` : ''}${h.protocol}:${h.port}${h.uri || ''}`;
};

export const TARGET_GROUP_COLUMNS: Column<TargetGroupWire>[] = [
  { header: 'id', get: (t) => t.id },
  { header: 'name', get: (t) => t.name, kind: 'text' },
  { header: 'protocol', get: (t) => t.protocol },
  { header: 'port', get: (t) => t.port },
  { header: 'region', get: (t) => t.region, priority: 2 },
  { header: 'health check', get: healthText, kind: 'text', priority: 3 },
];
