import type { ServiceDescriptor } from '../descriptor.js';
import { bearerAuth } from '../http/auth.js';

/** The seed's version header format is `<yyyy-mm-dd>.preview`. */
export const DEFAULT_BILLING_VERSION = '2025-08-27.preview';

/** Usage metering (seed 000 B): API key as a bearer token, `Billing-Version` on every call. */
export const descriptor: ServiceDescriptor = {
  name: 'meter',
  title: 'usage metering',
  settings: [
    { key: 'api_key', description: 'secret API key (test or live)', secret: true },
    { key: 'api_version', description: 'Billing-Version header', default: DEFAULT_BILLING_VERSION },
  ],
  auth: (s) => bearerAuth(s.require('api_key')),
  defaultHeaders: (s) => ({ 'Billing-Version': s.get('api_version') ?? DEFAULT_BILLING_VERSION }),
};
