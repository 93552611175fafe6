import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';

/** Breach lookup (seed 000 D): `breach-api-key` and a `user-agent` naming the application. */
export const descriptor: ServiceDescriptor = {
  name: 'breach',
  title: 'breach lookup',
  settings: [
    { key: 'api_key', description: 'API key (breach-api-key)', secret: true },
    { key: 'user_agent', description: 'user-agent sent on every request (default ops/<version>)' },
    { key: 'rate_per_minute', description: 'requests per minute of the subscription', default: '10' },
  ],
  auth: (s) => {
    const key = s.get('api_key');
    return key ? headerAuth('breach-api-key', key) : undefined;
  },
  defaultHeaders: (s, userAgent) => ({ 'user-agent': s.get('user_agent') ?? userAgent }),
  hintFor: (status) =>
    status === 403 ? 'the service refuses requests without a user agent naming the application; set breach.user_agent' : undefined,
};
