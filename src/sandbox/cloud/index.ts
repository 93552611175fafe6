import { type Kit, OperationTable, defineEmulator } from '../core/anatomy.js';
import { ReplyError, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { ALL_IMAGES, REGIONS, REGION_NAMES, imageDetailsWire, instanceTypeWire, typesIn } from './catalog.js';
import { credentialRoutes } from './credentials.js';
import { Errors, iso } from './errors.js';
import { type Env, type Route, type Wrap, filter, paged } from './http.js';
import { instanceRoutes } from './instances.js';
import { monitoringRoutes } from './monitoring.js';
import { scalingRoutes } from './scaling.js';
import { snapshotRoutes } from './snapshots.js';
import { seedWorld } from './seed.js';
import type { World } from './state.js';

export { SEED_IDS } from './seed.js';

const COUNTERS = [
  'requests',
  'unauthorized',
  'rateLimited',
  'invalid',
  'notFound',
  'launched',
  'terminated',
  'start',
  'stop',
  'reboot',
  'snapshots',
  'restored',
  'instanceReads',
] as const;

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
export const createEmulator = defineEmulator<{ world: World }, CloudParts>({
  name: 'cloud',
  state: (k) => ({ world: seedWorld(k.clock.now()) }),
  parts(k) {
    const errors = new Errors();
    const stats = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<string, number>;
    const env: Env = {
      get world() {
        return k.state().world;
      },
      clock: k.clock,
      errors,
      stats,
      now() {
        const now = k.clock.now();
        k.state().world.settle(now);
        return now;
      },
    };
    const gate = keyGate(k, errors, stats);
    return { env, errors, stats, gate, apiKey: k.credentials.api_key, resets: [errors, gate] };
  },
  routes(_k, p) {
    const on = (route: Route) => p.gate.guard((req) => route(p.env, req));
    const t = catalogRoutes(new OperationTable(), on);
    instanceRoutes(t, on);
    snapshotRoutes(t, on);
    credentialRoutes(t, on);
    monitoringRoutes(t, on);
    scalingRoutes(t, on);
    return t.operations;
  },
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

interface CloudParts {
  env: Env;
  errors: Errors;
  stats: Record<string, number>;
  gate: Gate;
  apiKey: string | undefined;
}

/** Every route: the key first, then the rate limit, then the handler; 4xx answers are counted. */
function keyGate(k: Kit<{ world: World }>, errors: Errors, stats: Record<string, number>): Gate {
  const limit = k.settings.int('rate_limit');
  return new Gate({
    clock: k.clock,
    counts: stats,
    authenticate(req) {
      const key = req.headers['x-cloud-auth'];
      if (!key || key !== k.credentials.api_key)
        throw new ReplyError(errors.reply(401, 'You are not authorized to view this resource.'));
    },
    ...(limit > 0 && {
      rate: {
        limit,
        windowMs: k.settings.int('rate_period') * 1000,
        refuse: () => errors.reply(429, 'Too many requests; slow down.'),
      },
    }),
    tally: (reply) => (reply.status === 400 ? 'invalid' : reply.status === 404 ? 'notFound' : undefined),
  });
}

/** The catalogue: regions, instance types by region, images. */
function catalogRoutes(t: OperationTable, on: Wrap): OperationTable {
  return t
    .op(
      'getRegionList',
      'GET',
      '/publicCloud/v1/regions',
      on((e, req) =>
        json(
          200,
          paged(
            e,
            req,
            'regions',
            REGIONS.map(({ name, location }) => ({ name, location })),
          ),
        ),
      ),
    )
    .op(
      'getInstanceTypeList',
      'GET',
      '/publicCloud/v1/instanceTypes',
      on((e, req) => {
        const region = filter(req, 'region');
        if (region === undefined) throw e.errors.invalid({ region: ['is required'] });
        if (!REGION_NAMES.includes(region))
          throw e.errors.invalid({ region: [`unknown region "${region}"`] });
        return json(
          200,
          paged(
            e,
            req,
            'instanceTypes',
            typesIn(region).map((t) => instanceTypeWire(region, t)),
            50,
          ),
        );
      }),
    )
    .op(
      'getImageList',
      'GET',
      '/publicCloud/v1/images',
      on((e, req) => {
        const flavour = filter(req, 'flavour');
        const region = filter(req, 'region');
        const custom = filter(req, 'custom');
        const created = iso(e.world.t0 - 30 * 86_400_000);
        const items = ALL_IMAGES.filter(
          (i) =>
            (!flavour || i.flavour === flavour) &&
            (!region || i.region === null || i.region === region) &&
            (custom === undefined || String(i.custom) === custom),
        ).map((i) => imageDetailsWire(i, created));
        return json(200, paged(e, req, 'images', items));
      }),
    );
}
