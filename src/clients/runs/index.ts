import type { ServiceDescriptor } from '../descriptor.js';
import { prefixedAuth } from '../http/auth.js';
import { linkStyle } from '../http/paginate.js';

/** Workflow automation (seed 001 A): `Authorization: token <token>`, Link pagination. */
export const descriptor: ServiceDescriptor = {
  name: 'runs',
  title: 'workflow automation',
  settings: [{ key: 'token', description: 'personal access token', secret: true }],
  auth: (s) => {
    const token = s.get('token');
    return token ? prefixedAuth('token', token) : undefined;
  },
  defaultHeaders: (_s, userAgent) => ({ accept: 'application/vnd.github+json', 'user-agent': userAgent }),
  pageStyle: () =>
    linkStyle({
      items: (b) => {
        const arr = Object.values(b).find(Array.isArray);
        return arr as unknown[] | undefined;
      },
    }),
};
