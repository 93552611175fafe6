import { defineEmulator } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { keyPairGate } from './gate.js';
import { type HostsParts, hostsRoutes } from './routes.js';
import { NO_HOSTS_READ_APP_KEY, Fleet } from './seed.js';
import { Search } from './search.js';
import { type HostsState, makeHostsState, muteOf } from './state.js';

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
  state: makeHostsState,
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
