import type { ServiceDescriptor } from '../descriptor.js';
import { basicAuth } from '../http/auth.js';

/** Data API error reports (seed 002 B): HTTP Basic with the account login and password. */
export const descriptor: ServiceDescriptor = {
  name: 'dataapi',
  title: 'data API error reports',
  settings: [
    { key: 'login', description: 'account login' },
    { key: 'password', description: 'account API password', secret: true },
  ],
  auth: (s) => basicAuth(s.require('login'), s.require('password')),
};
