import type { ServiceDescriptor } from '../descriptor.js';
import { keyPairAuth } from '../http/auth.js';
import { offsetStyle } from '../http/paginate.js';

/** Host monitoring (seed 000 C): API key and application key headers. */
export const descriptor: ServiceDescriptor = {
  name: 'hosts',
  title: 'host monitoring',
  settings: [
    { key: 'api_key', description: 'API key (X-Monitor-Api-Key)', secret: true },
    { key: 'app_key', description: 'application key (X-Monitor-Application-Key)', secret: true },
  ],
  auth: (s) => keyPairAuth('X-Monitor-Api-Key', s.require('api_key'), 'X-Monitor-Application-Key', s.require('app_key')),
  hintFor: (status) =>
    status === 403 ? 'the key pair needs the hosts_read permission (or OAuth scope hosts_read)' : undefined,
  pageStyle: () => offsetStyle({ items: 'host_list', offsetParam: 'start', limitParam: 'count', pageSize: 1000, total: 'total_matching' }),
};
