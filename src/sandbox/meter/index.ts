import { type Kit, type Operations, defineEmulator, op } from '../core/anatomy.js';
import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { invalidFields, rateLimited, sessionExpired, unauthorized, v2Error } from './errors.js';
import { MeterState } from './state.js';
import { type StreamEvent, schemaProblem } from './validate.js';

const VERSION = /^\d{4}-\d{2}-\d{2}\.[a-z]+$/;

type MeterKit = Kit<MeterState>;

const keysOf = (k: Pick<MeterKit, 'credentials' | 'settings'>) => ({
  test: k.credentials.api_key ?? 'sk_test_sandbox_meter',
  live: k.credentials.live_api_key ?? k.settings.text('live_api_key') ?? 'sk_live_sandbox_meter',
});

interface MeterParts {
  keys: { test: string; live: string };
  sessions: Gate<string>;
  stream: Gate;
}

/**
 * Usage metering (seed 000 B): session creation with a test or live API key, the stream endpoint with
 * the session token, expiry after 15 minutes of sandbox time, the 100-event limit, 429 past the rate
 * limit (`meter.rate_limit`, requests a second), and acceptance deduplicated by identifier. Counters
 * are under /__sandbox/counters.
 */
export const createEmulator = defineEmulator<MeterState, MeterParts>({
  name: 'meter',
  state: (k) => new MeterState(k.clock),
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

/** The two routes, by the client operation each serves. */
function meterRoutes(k: MeterKit, p: MeterParts): Operations {
  return {
    createMeterEventSession: op(
      'POST',
      '/v2/billing/meter_event_session',
      p.sessions.guard((req, key) => {
        const body = parseBody(req);
        if ('reply' in body) return body.reply;
        if (body.value !== undefined) {
          const keys =
            body.value && typeof body.value === 'object' && !Array.isArray(body.value)
              ? Object.keys(body.value)
              : ['(body)'];
          if (keys.length > 0)
            return invalidFields(`Received unknown parameter: ${keys[0]}; a session takes no parameters`);
        }
        return json(200, k.state().createSession(key === p.keys.live));
      }),
    ),
    createMeterEventStream: op(
      'POST',
      '/v2/billing/meter_event_stream',
      p.stream.guard((req) => {
        const ct = req.headers['content-type'];
        if (ct !== undefined && !ct.includes('json'))
          return invalidFields(`v2 requests take a JSON body (content-type application/json), not ${ct}`);
        const body = parseBody(req);
        if ('reply' in body) return body.reply;
        const times: number[] = [];
        const problem = schemaProblem(body.value, times);
        if (problem) return invalidFields(problem);
        k.state().accept((body.value as { events: StreamEvent[] }).events, times);
        return json(200, {});
      }),
    ),
  };
}

/** Sessions: the Billing-Version, then the API key (test or live mode); no rate limit, no counter. */
function sessionGate(k: MeterKit, keys: MeterParts['keys']): Gate<string> {
  return new Gate<string>({
    clock: k.clock,
    counts: {},
    authenticate(req) {
      const version = checkVersion(req);
      if (version) refuse(version);
      const key = bearer(req);
      if (key === undefined)
        refuse(unauthorized('You did not provide an API key. Send it as `Authorization: Bearer <API_KEY>`.'));
      if (key !== keys.test && key !== keys.live)
        refuse(unauthorized(`Invalid API Key provided: ${maskKey(key)}`));
      return key;
    },
  });
}

/** The stream: counted, the version, then the session token, then the per-second limit. */
function streamGate(k: MeterKit, keys: MeterParts['keys']): Gate {
  const limit = k.settings.int('rate_limit');
  return new Gate({
    clock: k.clock,
    counts: () => k.state(),
    authenticate(req) {
      const version = checkVersion(req);
      if (version) refuse(version);
      const token = bearer(req);
      if (token === undefined)
        refuse(
          unauthorized(
            'You did not provide a session token. Send `Authorization: Bearer <authentication_token>` from a meter event session.',
          ),
        );
      const state = k.state();
      const status = state.checkToken(token);
      if (status === 'expired') {
        state.expiredRejections++;
        refuse(sessionExpired());
      }
      if (status === 'unknown') {
        const hint =
          token === keys.test || token === keys.live
            ? ' An API key is not accepted here: create a meter event session and use its authentication_token.'
            : '';
        refuse(unauthorized(`Invalid meter event session token.${hint}`));
      }
    },
    rate: { limit, windowMs: 1000, refuse: (hit) => rateLimited(hit.resetSeconds, limit) },
  });
}

/** The gate's refusal in the service's own words. */
function refuse(reply: Reply): never {
  throw new ReplyError(reply);
}

function checkVersion(req: SandboxRequest): Reply | undefined {
  const v = req.headers['billing-version'];
  if (v === undefined || v === '')
    return v2Error(
      400,
      'invalid_request_error',
      'missing_version',
      'The Billing-Version header is required on v2 endpoints (e.g. 2025-08-27.preview).',
    );
  if (!VERSION.test(v))
    return v2Error(
      400,
      'invalid_request_error',
      'invalid_version',
      `Invalid Billing-Version "${v}": use <yyyy-mm-dd>.<release>, e.g. 2025-08-27.preview.`,
    );
  return undefined;
}

function bearer(req: SandboxRequest): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

function maskKey(key: string): string {
  return key.length <= 8 ? '***' : `${key.slice(0, 8)}***${key.slice(-4)}`;
}

function parseBody(req: SandboxRequest): { value: unknown } | { reply: Reply } {
  if (req.body.length === 0) return { value: undefined };
  try {
    return { value: JSON.parse(req.body.toString('utf8')) };
  } catch (err) {
    return {
      reply: v2Error(
        400,
        'invalid_request_error',
        'invalid_json',
        `The request body is not valid JSON: ${(err as Error).message}`,
      ),
    };
  }
}
