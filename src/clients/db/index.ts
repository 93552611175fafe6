import type { ServiceDescriptor } from '../descriptor.js';
import { bearerAuth } from '../http/auth.js';

/** Database role assignment (seed 001 C): bearer token from the implicit OAuth flow. */
export const descriptor: ServiceDescriptor = {
  name: 'db',
  title: 'database role assignment',
  settings: [
    { key: 'token', description: 'access token', secret: true },
    { key: 'auth_url', description: 'authorization server base URL' },
    { key: 'client_id', description: 'OAuth client id' },
    { key: 'api_version', description: 'api-version query value' },
  ],
  auth: (s) => bearerAuth(s.require('token')),
};
