import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';

/** Secrets store (seed 000 A): token in `X-Secrets-Token`, optional namespace header, 412 retried. */
export const descriptor: ServiceDescriptor = {
  name: 'secrets',
  title: 'secrets store',
  settings: [
    { key: 'token', description: 'client token', secret: true },
    { key: 'namespace', description: 'namespace sent as X-Secrets-Namespace' },
  ],
  auth: (s) => {
    const token = s.get('token');
    return token ? headerAuth('X-Secrets-Token', token) : undefined;
  },
  defaultHeaders: (s) => {
    const ns = s.get('namespace');
    return { 'X-Secrets-Request': 'true', ...(ns ? { 'X-Secrets-Namespace': ns } : {}) };
  },
  retryStatuses: [412],
};
