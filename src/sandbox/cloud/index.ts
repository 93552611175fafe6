import { defineEmulator } from '../core/anatomy.js';
import { iso } from './errors.js';
import { type CloudParts, cloudParts } from './parts.js';
import { cloudRoutes } from './routes.js';
import { type CloudState, makeCloudState } from './state.js';

/**
 * Cloud hosting (seed 002 C, reference doc3 §C): instances with contracts, IPs, images and resources,
 * whose states follow the sandbox clock (CREATING → RUNNING, STOPPING → STOPPED, STARTING → RUNNING,
 * reboot; HOURLY termination at once, MONTHLY at the contract's end); snapshots, private network,
 * credentials, CPU and load-balancer metrics, load-balancer actions (the seed has no read of load
 * balancers or target groups: none is served), auto scaling groups, regions and instance
 * types with prices. Every list pages by `offset`/`limit` with `_metadata`; every error is an
 * errorResult; a missing or wrong `X-Cloud-Auth` is 401.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): cloud.rate_limit (requests per
 * period; 0, the default, is no limit, as the vendor documents none), cloud.rate_period (seconds).
 */
export const createEmulator = defineEmulator<CloudState, CloudParts>({
  name: 'cloud',
  state: makeCloudState,
  parts: cloudParts,
  routes: cloudRoutes,
  /** An unknown path: 404 to the key, 401 without it (counted as the gate would). */
  notFound(req, p) {
    p.stats.requests!++;
    if (req.headers['x-cloud-auth'] === p.apiKey) return p.errors.reply(404, 'Resource not found');
    p.stats.unauthorized!++;
    return p.errors.reply(401, 'You are not authorized to view this resource.');
  },
  methodNotAllowed: (_req, p) => p.errors.reply(405, 'Method not allowed'),
  stats(k, p) {
    const now = p.env.now();
    const { world } = k.state();
    return {
      ...p.stats,
      errors: p.errors.count,
      instances: Object.fromEntries([...world.instances.values()].map((i) => [i.id, i.state])),
      balancers: Object.fromEntries([...world.balancers.values()].map((b) => [b.id, b.state])),
      snapshots: world.snapshots.size,
      groups: world.groups.size,
      at: iso(now),
    };
  },
  banner: (k) => {
    const { world } = k.state();
    return [
      `cloud: ${world.instances.size} instances, ${world.balancers.size} load balancers, ${world.groups.size} auto scaling groups; states follow the sandbox clock`,
    ];
  },
});
