import type { Resettable } from '../core/anatomy.js';
import { ReplyError } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { Errors } from './errors.js';
import type { Env } from './http.js';
import type { CloudKit } from './state.js';

const COUNTERS = [
  'requests',
  'unauthorized',
  'rateLimited',
  'invalid',
  'notFound',
  'launched',
  'terminated',
  'start',
  'stop',
  'reboot',
  'snapshots',
  'restored',
  'instanceReads',
] as const;

export interface CloudParts {
  env: Env;
  errors: Errors;
  stats: Record<string, number>;
  gate: Gate;
  apiKey: string | undefined;
}

/** What lives across resets: the error ids, the counters, the routes' environment and the gate. */
export function cloudParts(k: CloudKit): CloudParts & { resets: Resettable[] } {
  const errors = new Errors();
  const stats = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<string, number>;
  const env: Env = {
    get world() {
      return k.state().world;
    },
    clock: k.clock,
    errors,
    stats,
    now() {
      const now = k.clock.now();
      k.state().world.settle(now);
      return now;
    },
  };
  const gate = keyGate(k, errors, stats);
  return { env, errors, stats, gate, apiKey: k.credentials.api_key, resets: [errors, gate] };
}

/** Every route: the key first, then the rate limit, then the handler; 4xx answers are counted. */
function keyGate(k: CloudKit, errors: Errors, stats: Record<string, number>): Gate {
  const limit = k.settings.int('rate_limit');
  return new Gate({
    clock: k.clock,
    counts: stats,
    authenticate(req) {
      const key = req.headers['x-cloud-auth'];
      if (!key || key !== k.credentials.api_key)
        throw new ReplyError(errors.reply(401, 'You are not authorized to view this resource.'));
    },
    ...(limit > 0 && {
      rate: {
        limit,
        windowMs: k.settings.int('rate_period') * 1000,
        refuse: () => errors.reply(429, 'Too many requests; slow down.'),
      },
    }),
    tally: (reply) => (reply.status === 400 ? 'invalid' : reply.status === 404 ? 'notFound' : undefined),
  });
}
