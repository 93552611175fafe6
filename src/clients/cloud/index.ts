import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { offsetStyle } from '../http/paginate.js';

/** Cloud hosting (seed 002 C): `X-Cloud-Auth` key, `offset`/`limit` with `_metadata`. */
export const descriptor: ServiceDescriptor = {
  name: 'cloud',
  title: 'cloud hosting',
  settings: [{ key: 'api_key', description: 'API key (X-Cloud-Auth)', secret: true }],
  auth: (s) => headerAuth('X-Cloud-Auth', s.require('api_key')),
  pageStyle: () =>
    offsetStyle({
      items: (b) => Object.values(b).find(Array.isArray) as unknown[] | undefined,
      offsetParam: 'offset',
      limitParam: 'limit',
      pageSize: 50,
      total: '_metadata.totalCount',
    }),
};
