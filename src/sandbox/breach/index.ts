import { defineEmulator } from '../core/anatomy.js';
import { ReplyError, empty } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { type Subscription, TIER1_KEY } from './data.js';
import { SubscriptionLimiter } from './limiter.js';
import { type BreachParts, breachRoutes } from './routes.js';
import { stealerLog } from './rules.js';
import {
  type BreachState,
  authenticate,
  forbidden,
  sandboxKey,
  seedState,
  subscriptions,
  tooMany,
} from './world.js';

/**
 * Emulator of the breach lookup API (seed 000 D) under `/api/v3`. Keys: the sandbox key
 * (`breach.api_key` of the service table, src/services.ts) is on the fifth tier; `sandbox-breach-key-tier1`
 * is on the first (10 requests a minute, no stealer logs). Settings (`ops sandbox start --set`, defaults
 * in the service table): `breach.rate_per_minute` (the sandbox key's rate), `breach.stealer_rate_per_minute`
 * (stealer-log domain searches, by default a tenth of the key's rate), `breach.domain_searches_per_minute`
 * (searches of one domain by one key before a 429).
 */
export const createEmulator = defineEmulator<BreachState, BreachParts & { outer: Gate }>({
  name: 'breach',
  state: seedState,
  parts(k) {
    const keys = subscriptions(k);
    /** Every request: counted, and refused without a user agent (the seed: name the consuming application). */
    const outer = new Gate({
      clock: k.clock,
      counts: () => k.state().stats,
      authenticate(req) {
        if ((req.headers['user-agent'] ?? '').trim() === '')
          throw new ReplyError(
            forbidden(
              'Forbidden: no user agent has been specified in the request; name the consuming application in the user-agent header.',
            ),
          );
      },
    });
    /** Keyed routes: the key's subscription (401 in the seed's words), then its per-minute bucket. */
    const keyed = new Gate<{ key: string; sub: Subscription }>({
      clock: k.clock,
      counts: {},
      authenticate: (req) => authenticate(keys, req),
      rate: {
        limiter: new SubscriptionLimiter(k.clock, (key) => keys.get(key)?.Rpm ?? 1),
        key: (_req, grant) => grant.key,
        refuse: (hit) => tooMany(hit.resetSeconds),
      },
    });
    const domainSearchLimit = k.settings.int('domain_searches_per_minute');
    return { outer, keyed, log: stealerLog(), domainSearchLimit, resets: [keyed, outer] };
  },
  routes: breachRoutes,
  notFound: () => empty(404),
  methodNotAllowed: () => empty(405),
  front: (p, next) => p.outer.guard(next),
  answered(reply, k) {
    const { byStatus } = k.state().stats;
    byStatus[reply.status] = (byStatus[reply.status] ?? 0) + 1;
  },
  stats: (k) => ({ ...k.state().stats, byStatus: { ...k.state().stats.byStatus } }),
  banner: (k) => [
    `breach: key ${sandboxKey(k)} (Pwned 5, ${k.settings.int('rate_per_minute')}/min, stealer logs); key ${TIER1_KEY} (Pwned 1, 10/min)`,
  ],
});
