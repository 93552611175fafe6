import type { Kit, Resettable } from '../core/anatomy.js';
import { ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import type { Counts, Env } from './env.js';
import { reply } from './routes.js';
import type { PipelinesState } from './state.js';

/** What the routes share (the clock, the state, the page size, the counters) and the token gate. */
export function pipelinesParts(k: Kit<PipelinesState>): { env: Env; gate: Gate; resets: Resettable[] } {
  const size = k.settings.intOr('page_size') ?? 0;
  const counts: Counts = {
    requests: 0,
    unauthorized: 0,
    rateLimited: 0,
    invalid: 0,
    created: 0,
    decisions: 0,
  };
  const env: Env = { clock: k.clock, state: k.state, pageSize: (d) => (size > 0 ? size : d), counts };
  const gate = tokenGate(k, counts);
  return { env, gate, resets: [gate] };
}

/** `Pipeline-Token`, HTTP Basic with the token as user name, or the deprecated query parameter. */
function credential(req: SandboxRequest): string | undefined {
  const header = req.headers['pipeline-token'];
  if (header !== undefined) return header;
  const auth = req.headers.authorization;
  if (auth?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    return decoded.split(':')[0];
  }
  // Deprecated by the vendor, still accepted.
  return req.query.get('pipeline-token') ?? undefined;
}

function tokenGate(k: Kit<PipelinesState>, counts: Counts): Gate {
  const token = k.credentials.token ?? 'sandbox-pipelines-token';
  return new Gate({
    clock: k.clock,
    counts,
    authenticate(req) {
      const given = credential(req);
      if (given === undefined || given === '')
        throw new ReplyError(reply(req.path, 401, 'You must log in first.'));
      if (given !== token) throw new ReplyError(reply(req.path, 401, 'Invalid token provided.'));
    },
    rate: {
      limit: k.settings.int('rate_limit'),
      windowMs: k.settings.int('rate_period') * 1000,
      // Declared on the context routes as `{message}` (reference §D.4), the same everywhere here.
      refuse: () => json(429, { message: 'Rate limit exceeded.' }),
    },
    tally: (answer) => (answer.status === 400 ? 'invalid' : undefined),
  });
}
