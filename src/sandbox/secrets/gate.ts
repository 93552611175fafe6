import { type Clock, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';

/** The default request size limit of a listener (seed, Limits). */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/**
 * The listener's limit (`secrets.rate_limit`, none by default), spent by every /v1/ request that is
 * not too large, before anything else is looked at. The token is checked by each route: which
 * routes need one (status and logins do not) and what its policies allow depend on the path and
 * namespace the route resolves, so it cannot be checked before routing.
 */
export function listenerGate(clock: Clock, rate: number): Gate {
  const tooMany = (seconds: number, req: SandboxRequest) =>
    json(
      429,
      { errors: [`request path "${req.path.slice(4)}": rate limit quota exceeded`] },
      {
        'retry-after': String(seconds),
        'x-ratelimit-limit': String(rate),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(seconds),
      },
    );
  return new Gate({
    clock,
    counts: {},
    authenticate() {},
    rate:
      rate > 0 ? { limit: rate, windowMs: 1000, refuse: (hit, req) => tooMany(hit.resetSeconds, req) } : [],
  });
}
