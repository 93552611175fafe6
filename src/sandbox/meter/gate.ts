import { type Reply, ReplyError, type SandboxRequest } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { rateLimited, sessionExpired, unauthorized, v2Error } from './errors.js';
import type { MeterParts } from './routes.js';
import type { MeterKit } from './state.js';

const VERSION = /^\d{4}-\d{2}-\d{2}\.[a-z]+$/;

/** Sessions: the Billing-Version, then the API key (test or live mode); no rate limit, no counter. */
export function sessionGate(k: MeterKit, keys: MeterParts['keys']): Gate<string> {
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
export function streamGate(k: MeterKit, keys: MeterParts['keys']): Gate {
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
