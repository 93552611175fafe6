import type { ServiceDescriptor } from '../descriptor.js';
import { bearerAuth } from '../http/auth.js';
import { markerStyle } from '../http/paginate.js';

/** Document generation (seed 002 A): bearer token, marker pages. */
export const descriptor: ServiceDescriptor = {
  name: 'docgen',
  title: 'document generation',
  settings: [{ key: 'token', description: 'access token', secret: true }],
  auth: (s) => bearerAuth(s.require('token')),
  pageStyle: () => markerStyle({ items: 'data', markerField: 'next_marker', markerParam: 'marker' }),
};
