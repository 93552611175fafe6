import { json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { fail } from './errors.js';
import { CalendarRateLimit } from './rate-limit.js';
import { NO_HOSTS_READ_APP_KEY } from './seed.js';
import type { HostsKit } from './state.js';

export /** The key pair, then the calendar-aligned limit of the operation; the rate headers go on every answer. */
function keyPairGate(k: HostsKit): Gate<void, string> {
  const creds = k.credentials;
  return new Gate<void, string>({
    clock: k.clock,
    counts: () => k.state().counts,
    authenticate(req) {
      const apiKey = req.headers['x-monitor-api-key'];
      const appKey = req.headers['x-monitor-application-key'];
      if (
        !apiKey ||
        !appKey ||
        apiKey !== creds.api_key ||
        (appKey !== creds.app_key && appKey !== NO_HOSTS_READ_APP_KEY)
      )
        throw fail(403, 'Forbidden');
      // The seed asks hosts_read of the whole API (reference §C marks the vendor's narrower rule Δ).
      if (appKey === NO_HOSTS_READ_APP_KEY)
        throw fail(403, 'Forbidden: this application key does not have the hosts_read permission');
    },
    rate: {
      limiter: new CalendarRateLimit(k.clock, k.settings.int('rate_limit'), k.settings.int('rate_period')),
      key: (_req, _grant, limitName) => limitName,
      refuse: () => json(429, { errors: ['Too many requests'] }),
      headers: (hit) => hit.headers ?? {},
    },
    tally: (reply) => (reply.status === 400 ? 'invalid' : undefined),
  });
}
