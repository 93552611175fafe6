import { type Emulator, ReplyError, Router, type SandboxContext, json } from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { ALL_IMAGES, REGIONS, REGION_NAMES, imageDetailsWire, instanceTypeWire, typesIn } from './catalog.js';
import { balancerRoutes } from './balancers.js';
import { credentialRoutes } from './credentials.js';
import { Errors, iso } from './errors.js';
import { type Env, type Route, filter, paged } from './http.js';
import { instanceRoutes } from './instances.js';
import { monitoringRoutes } from './monitoring.js';
import { scalingRoutes } from './scaling.js';
import { snapshotRoutes } from './snapshots.js';
import { seedWorld } from './seed.js';

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
 * credentials, CPU and load-balancer metrics, load balancers, auto scaling groups, regions and instance
 * types with prices. Every list pages by `offset`/`limit` with `_metadata`; every error is an
 * errorResult; a missing or wrong `X-Cloud-Auth` is 401.
 *
 * Settings (`ops sandbox start --set`): cloud.rate_limit (requests per period; default: no limit, as
 * the vendor documents none), cloud.rate_period (seconds, default 60).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const settings = declaredSettings(ctx, 'cloud');
  const errors = new Errors();
  const limit = settings.int('rate_limit');
  const creds = ctx.options.credentials.cloud ?? {};
  const stats = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<string, number>;
  let world = seedWorld(ctx.clock.now());
  const env: Env = {
    get world() {
      return world;
    },
    clock: ctx.clock,
    errors,
    stats,
    now() {
      const now = ctx.clock.now();
      world.settle(now);
      return now;
    },
  };

  /** Every route: the key first, then the rate limit, then the handler; 4xx answers are counted. */
  const gate = new Gate({
    clock: ctx.clock,
    counts: stats,
    authenticate(req) {
      const key = req.headers['x-cloud-auth'];
      if (!key || key !== creds.api_key)
        throw new ReplyError(errors.reply(401, 'You are not authorized to view this resource.'));
    },
    ...(limit > 0 && {
      rate: {
        limit,
        windowMs: settings.int('rate_period') * 1000,
        refuse: () => errors.reply(429, 'Too many requests; slow down.'),
      },
    }),
    tally: (reply) => (reply.status === 400 ? 'invalid' : reply.status === 404 ? 'notFound' : undefined),
  });
  const on = (route: Route) => gate.guard((req) => route(env, req));

  const router = new Router(
    (req) => {
      stats.requests!++;
      if (req.headers['x-cloud-auth'] === creds.api_key) return errors.reply(404, 'Resource not found');
      stats.unauthorized!++;
      return errors.reply(401, 'You are not authorized to view this resource.');
    },
    () => errors.reply(405, 'Method not allowed'),
  )
    .on(
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
    .on(
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
    .on(
      'GET',
      '/publicCloud/v1/images',
      on((e, req) => {
        const flavour = filter(req, 'flavour');
        const region = filter(req, 'region');
        const custom = filter(req, 'custom');
        const created = iso(world.t0 - 30 * 86_400_000);
        const items = ALL_IMAGES.filter(
          (i) =>
            (!flavour || i.flavour === flavour) &&
            (!region || i.region === null || i.region === region) &&
            (custom === undefined || String(i.custom) === custom),
        ).map((i) => imageDetailsWire(i, created));
        return json(200, paged(e, req, 'images', items));
      }),
    );
  instanceRoutes(router, on);
  snapshotRoutes(router, on);
  credentialRoutes(router, on);
  monitoringRoutes(router, on);
  scalingRoutes(router, on);
  balancerRoutes(router, on);

  return {
    name: 'cloud',
    handle: (req) => router.handle(req),
    reset() {
      world = seedWorld(ctx.clock.now());
      errors.reset();
      gate.reset();
    },
    stats: () => {
      const now = env.now();
      return {
        ...stats,
        errors: errors.count,
        instances: Object.fromEntries([...world.instances.values()].map((i) => [i.id, i.state])),
        balancers: Object.fromEntries([...world.balancers.values()].map((b) => [b.id, b.state])),
        snapshots: world.snapshots.size,
        groups: world.groups.size,
        at: iso(now),
      };
    },
    banner: () => [
      `cloud: ${world.instances.size} instances, ${world.balancers.size} load balancers, ${world.groups.size} auto scaling groups; states follow the sandbox clock`,
    ],
  };
}
