import { type ServiceDescriptor, isCalendarDate } from '../descriptor.js';
import { bearerAuth } from '../http/auth.js';

/** The seed's version header format is `<yyyy-mm-dd>.preview`. */
export const DEFAULT_BILLING_VERSION = '2025-08-27.preview';

/** `<yyyy-mm-dd>.<release>`: the seed's preview form and the vendor's named releases (doc1-gaps §B.1). */
export const BILLING_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}\.[a-z]+$/;

/** The hint for a version that is not `<yyyy-mm-dd>.<release>` with a real date, else undefined. */
export function checkBillingVersion(v: string): string | undefined {
  return BILLING_VERSION_PATTERN.test(v) && isCalendarDate(v.split('.')[0]!)
    ? undefined
    : 'give a date and release such as 2025-08-27.preview';
}

/** Usage metering (seed 000 B): API key as a bearer token, `Billing-Version` on every call. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'api_key',
  // Every operation of the seed is a POST; opening a session is the cheapest, and changes nothing billed.
  probe: { method: 'POST', path: '/v2/billing/meter_event_session' },
  name: 'meter',
  title: 'usage metering',
  settings: [
    { key: 'api_key', description: 'secret API key (test or live)', secret: true },
    {
      key: 'api_version',
      description: 'Billing-Version header',
      default: DEFAULT_BILLING_VERSION,
      check: checkBillingVersion,
    },
  ],
  auth: (s) => bearerAuth(s.require('api_key')),
  defaultHeaders: (s) => ({ 'Billing-Version': s.get('api_version') ?? DEFAULT_BILLING_VERSION }),
  hintFor(status, parsed) {
    if (
      parsed.code === 'billing_meter_event_session_expired' ||
      parsed.code === 'temporary_session_expired'
    ) {
      return 'the session token lived its 15 minutes; create a new one with `ops meter session create`';
    }
    if (status === 401) return 'check the API key: OPS_METER_API_KEY or `ops config set meter.api_key -`';
    if (status === 400 && /version/i.test(parsed.code ?? ''))
      return 'the Billing-Version must be <yyyy-mm-dd>.preview (OPS_METER_API_VERSION or meter.api_version)';
    return undefined;
  },
};
