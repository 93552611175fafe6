import { type Operations, OperationTable } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { ALL_IMAGES, REGIONS, REGION_NAMES, imageDetailsWire, instanceTypeWire, typesIn } from './catalog.js';
import { credentialRoutes } from './credentials.js';
import { iso } from './errors.js';
import { type Route, type Wrap, filter, paged } from './http.js';
import { instanceRoutes } from './instances.js';
import { monitoringRoutes } from './monitoring.js';
import type { CloudParts } from './parts.js';
import { scalingRoutes } from './scaling.js';
import { snapshotRoutes } from './snapshots.js';

/** The routes of every resource behind the gate, by the client operation each serves. */
export function cloudRoutes(_k: unknown, p: CloudParts): Operations {
  const on = (route: Route) => p.gate.guard((req) => route(p.env, req));
  const t = catalogRoutes(new OperationTable(), on);
  instanceRoutes(t, on);
  snapshotRoutes(t, on);
  credentialRoutes(t, on);
  monitoringRoutes(t, on);
  scalingRoutes(t, on);
  return t.operations;
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
