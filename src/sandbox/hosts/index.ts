import { defineEmulator } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import type { Mute } from './errors.js';
import { fail } from './errors.js';
import { Fleet, HOUR } from './fleet.js';
import { CalendarRateLimit } from './rate-limit.js';
import { type HostsKit, type HostsParts, type HostsState, hostsRoutes, muteOf } from './routes.js';
import { Search } from './search.js';

/** Application key of the documented second pair: valid, but without the hosts_read permission. */
export const NO_HOSTS_READ_APP_KEY = 'sandbox-hosts-app-key-no-hosts-read';

/**
 * Host monitoring (seed 000 C, reference §C): host list with filter, sort, paging, liveness window and
 * include flags; totals; mute and unmute with expiry on the sandbox clock; key pair checks with a
 * pair that lacks hosts_read; calendar-aligned rate limits with the X-RateLimit-* headers.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): hosts.count, hosts.seed,
 * hosts.rate_limit (requests per period and operation), hosts.rate_period (seconds).
 */
export const createEmulator = defineEmulator<HostsState, HostsParts & { fleet: Fleet }>({
  name: 'hosts',
  state(k, { fleet }) {
    const t0 = k.clock.nowSeconds();
    // Two mutes in the seed data: one with an end, one until unmuted, so that lists show both.
    const mutes = new Map<number, Mute>();
    const a = fleet.firstOf('db');
    if (a >= 0) mutes.set(a, { end: t0 + 2 * HOUR, message: 'kernel upgrade' });
    const b = fleet.firstOf('queue');
    if (b >= 0) mutes.set(b, { end: undefined, message: 'decommissioning' });
    return { t0, mutes, counts: { requests: 0, forbidden: 0, rateLimited: 0, invalid: 0 } };
  },
  parts(k) {
    const fleet = new Fleet(k.settings.int('count'), k.settings.int('seed'));
    const search = new Search(fleet, () => k.state().t0);
    const env = {
      fleet,
      search,
      muteOf: (i: number) => muteOf(k, i),
      clock: k.clock,
      t0: () => k.state().t0,
    };
    const gate = keyPairGate(k);
    return { fleet, env, gate, resets: [{ reset: () => search.clear() }, gate] };
  },
  routes: hostsRoutes,
  notFound: () => json(404, { errors: ['Not found'] }),
  methodNotAllowed: () => json(405, { errors: ['Method not allowed'] }),
  stats: (k, p) => ({
    hosts: p.fleet.count,
    muted: [...k.state().mutes.keys()].filter((i) => muteOf(k, i)).length,
    ...k.state().counts,
  }),
  banner: (_k, p) => [
    `hosts: ${p.fleet.count} hosts; a key pair without hosts_read: OPS_HOSTS_APP_KEY=${NO_HOSTS_READ_APP_KEY} (same API key)`,
  ],
});

/** The key pair, then the calendar-aligned limit of the operation; the rate headers go on every answer. */
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
