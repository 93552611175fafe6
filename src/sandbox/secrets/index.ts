import {
  type Emulator,
  type Reply,
  ReplyError,
  type SandboxContext,
  type SandboxRequest,
  json,
} from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { route } from './dispatch.js';
import { APPROLE, EXPIRED_TOKEN, LIMITED_TOKEN, UNSEAL_KEYS, UNSEAL_THRESHOLD, USERS } from './seed.js';
import { type Mode, SecretsStore } from './store.js';
import { errors } from './wire.js';

/** The default request size limit of a listener (seed, Limits). */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

const STATES = ['unsealed', 'sealed', 'uninitialized'] as const;
const MODES: Mode[] = ['active', 'standby', 'perfstandby', 'drsecondary'];

/**
 * The secrets store emulator (seed 000 A). Sandbox settings (`ops sandbox start --set`):
 * `secrets.state=unsealed|sealed|uninitialized`, `secrets.mode=active|standby|perfstandby|drsecondary`,
 * `secrets.managed=true` (tokens live in the `admin/` namespace), `secrets.require_request_header=true`
 * (412 without `X-Secrets-Request`), `secrets.rate_limit=<requests per second>` (429 + Retry-After).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const s = declaredSettings(ctx, 'secrets');
  const rootToken = ctx.options.credentials.secrets?.token ?? 'sandbox-root-token';
  const state = s.choice<(typeof STATES)[number]>('state');
  const store = new SecretsStore(ctx.clock, {
    rootToken,
    state,
    mode: s.choice<(typeof MODES)[number]>('mode'),
    managed: s.flag('managed'),
  });
  const requireHeader = s.flag('require_request_header');
  const rate = s.int('rate_limit');
  /**
   * The listener's limit (`secrets.rate_limit`, none by default), spent by every /v1/ request that is
   * not too large, before anything else is looked at. The token is checked by each route: which
   * routes need one (status and logins do not) and what its policies allow depend on the path and
   * namespace the route resolves, so it cannot be checked before routing.
   */
  const gate = new Gate({
    clock: ctx.clock,
    counts: {},
    authenticate() {},
    rate:
      rate > 0 ? { limit: rate, windowMs: 1000, refuse: (hit, req) => tooMany(hit.resetSeconds, req) } : [],
  });
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
  const guarded = gate.guard((req) => route(store, requireHeader, req));

  function handle(req: SandboxRequest): Reply {
    if (!req.path.startsWith('/v1/')) return errors(404, 'unsupported path: every route starts with /v1/');
    if (req.body.length > MAX_REQUEST_BYTES) return errors(413, 'http: request body too large');
    return guarded(req);
  }

  return {
    name: 'secrets',
    handle(req) {
      try {
        return handle(req);
      } catch (err) {
        if (err instanceof ReplyError) return err.reply;
        throw err;
      }
    },
    reset: () => {
      store.reset();
      gate.reset();
    },
    stats: () => store.stats(),
    banner: () => {
      if (state === 'uninitialized')
        return [
          'secrets: not initialized; run `ops secrets operator init`, then unseal with the keys it prints',
        ];
      const users = Object.entries(USERS)
        .map(([name, u]) => `${name}/${u.password}`)
        .join(', ');
      return [
        `secrets: root token ${rootToken}${store.options.managed ? ' (namespace admin/)' : ''}; ${state}`,
        `secrets: unseal keys (any ${UNSEAL_THRESHOLD} of ${UNSEAL_KEYS.length}): ${UNSEAL_KEYS.join(' ')}`,
        `secrets: userpass ${users}; approle ${APPROLE.name} role_id ${APPROLE.roleId} secret_id ${APPROLE.secretId}`,
        `secrets: limited token ${LIMITED_TOKEN}; expired token ${EXPIRED_TOKEN}`,
      ];
    },
  };
}
