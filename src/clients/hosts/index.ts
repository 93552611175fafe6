import type { ServiceDescriptor } from '../descriptor.js';
import { keyPairAuth } from '../http/auth.js';
import { hostPages } from './pages.js';

/** Host monitoring (seed 000 C): API key and application key headers. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'api_key',
  probe: { path: '/api/v1/hosts', query: { count: '1' } },
  name: 'hosts',
  title: 'host monitoring',
  settings: [
    { key: 'api_key', description: 'API key (X-Monitor-Api-Key)', secret: true },
    { key: 'app_key', description: 'application key (X-Monitor-Application-Key)', secret: true },
  ],
  secretHeaders: ['X-Monitor-Api-Key', 'X-Monitor-Application-Key'],
  auth: (s) =>
    keyPairAuth('X-Monitor-Api-Key', s.require('api_key'), 'X-Monitor-Application-Key', s.require('app_key')),
  // The API answers 403 both for a wrong key and for a key pair without the permission.
  hintFor: (status) =>
    status === 403
      ? 'check OPS_HOSTS_API_KEY and OPS_HOSTS_APP_KEY; the application key needs the hosts_read permission (or OAuth scope hosts_read)'
      : undefined,
  pageStyle: () => hostPages() as ReturnType<NonNullable<ServiceDescriptor['pageStyle']>>,
};
