import { defineEmulator } from '../core/anatomy.js';
import { sessionGate, streamGate } from './gate.js';
import { v2Error } from './errors.js';
import { type MeterParts, meterRoutes } from './routes.js';
import { keysOf } from './seed.js';
import { type MeterState, makeMeterState } from './state.js';

/**
 * Usage metering (seed 000 B): session creation with a test or live API key, the stream endpoint with
 * the session token, expiry after 15 minutes of sandbox time, the 100-event limit, 429 past the rate
 * limit (`meter.rate_limit`, requests a second), and acceptance deduplicated by identifier. Counters
 * are under /__sandbox/counters.
 */
export const createEmulator = defineEmulator<MeterState, MeterParts>({
  name: 'meter',
  state: makeMeterState,
  parts(k) {
    const keys = keysOf(k);
    const stream = streamGate(k, keys);
    return { keys, sessions: sessionGate(k, keys), stream, resets: [stream] };
  },
  routes: meterRoutes,
  notFound: (req) =>
    v2Error(
      404,
      'invalid_request_error',
      'not_found',
      `Unrecognized request URL (${req.method}: ${req.path}).`,
    ),
  methodNotAllowed: (req) =>
    v2Error(
      405,
      'invalid_request_error',
      'method_not_allowed',
      `${req.method} is not allowed on ${req.path}; use POST.`,
    ),
  stats: (k) => ({ ...k.state().stats(), rate_limit: k.settings.int('rate_limit') }),
  banner: (k, p) => [
    `meter: API keys ${p.keys.test} (test mode) and ${p.keys.live} (live mode); stream limit ${k.settings.int('rate_limit')} requests/s`,
  ],
});
