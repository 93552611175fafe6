import type { Resettable } from '../core/anatomy.js';
import { ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { SubscriptionLimiter } from './limiter.js';
import type { BreachParts } from './routes.js';
import { forbidden, tooMany } from './checks.js';
import { stealerLog } from './rules.js';
import type { Subscription } from './seed.js';
import { type BreachKit, subscriptions } from './state.js';

/** The gates: one in front of every request, one in front of the keyed routes; the stealer log. */
export function breachParts(k: BreachKit): BreachParts & { outer: Gate; resets: Resettable[] } {
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
}

/** The key's subscription, or the 401 the seed words: missing, improperly formed or invalid key. */
export function authenticate(
  keys: Map<string, Subscription>,
  req: SandboxRequest,
): { key: string; sub: Subscription } {
  const key = req.headers['breach-api-key'];
  const deny = (why: string) =>
    new ReplyError(json(401, { statusCode: 401, message: `Access denied due to ${why} breach-api-key.` }));
  if (key === undefined || key.trim() === '') throw deny('missing');
  const sub = keys.get(key);
  if (sub) return { key, sub };
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw deny('improperly formed');
  throw deny('invalid');
}
