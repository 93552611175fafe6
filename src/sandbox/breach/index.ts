import { defineEmulator } from '../core/anatomy.js';
import { empty } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import { breachParts } from './gate.js';
import { type BreachParts, breachRoutes } from './routes.js';
import { TIER1_KEY } from './seed.js';
import { type BreachState, makeBreachState, sandboxKey } from './state.js';

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
  state: makeBreachState,
  parts: breachParts,
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
