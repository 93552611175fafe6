import { ReplyError } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { STATUS, envelope } from './envelope.js';
import type { DataapiKit } from './state.js';

/**
 * Basic auth, then the rate limit, told in the envelope (HTTP 200, no Retry-After); the rate headers
 * go on every answer after the credential check.
 */
export function basicGate(k: DataapiKit): Gate {
  const { login, password } = k.credentials;
  const expected = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const rateLimit = k.settings.int('rate_limit');
  return new Gate({
    clock: k.clock,
    counts: () => k.state().stats,
    authenticate(req) {
      if (req.headers.authorization !== expected)
        throw new ReplyError(envelope(...STATUS.unauthorized, null, { http: 401 }));
    },
    rate: {
      limit: rateLimit,
      windowMs: k.settings.int('rate_period') * 1000,
      refuse: () => envelope(...STATUS.rateLimited, null),
      retryAfter: false,
      headers: (hit) => ({
        'x-ratelimit-limit': String(rateLimit),
        'x-ratelimit-remaining': String(hit.remaining),
      }),
    },
    tally(reply) {
      const body = reply.body as { status_code?: number; tasks_error?: number } | undefined;
      return body?.status_code !== STATUS.ok[0] || (body.tasks_error ?? 0) > 0 ? 'refused' : undefined;
    },
  });
}
