import type { ServiceDescriptor } from '../descriptor.js';
import { bearerAuth } from '../http/auth.js';
import { tokenStyle } from '../http/paginate.js';

/** Task lists (seed 001 B): OAuth bearer token, `nextPageToken` pages. */
export const descriptor: ServiceDescriptor = {
  name: 'tasks',
  title: 'task lists',
  settings: [{ key: 'token', description: 'OAuth access token', secret: true }],
  auth: (s) => bearerAuth(s.require('token')),
  pageStyle: () => tokenStyle({ items: 'items', tokenField: 'nextPageToken', tokenParam: 'pageToken' }),
};
