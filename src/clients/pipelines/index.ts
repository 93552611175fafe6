import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { tokenStyle } from '../http/paginate.js';

/** Pipeline administration (seed 001 D): `Pipeline-Token`, `next_page_token` / `page-token` pages. */
export const descriptor: ServiceDescriptor = {
  name: 'pipelines',
  title: 'pipeline administration',
  settings: [{ key: 'token', description: 'API token (Pipeline-Token)', secret: true }],
  auth: (s) => headerAuth('Pipeline-Token', s.require('token')),
  pageStyle: () => tokenStyle({ items: 'items', tokenField: 'next_page_token', tokenParam: 'page-token' }),
};
