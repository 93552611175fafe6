import { randomUUID } from 'node:crypto';
import { defineEmulator } from '../core/anatomy.js';
import type { Gate } from '../core/gate.js';
import type { SecretsRequest } from './call.js';
import { MAX_REQUEST_BYTES, listenerGate } from './gate.js';
import { locate } from './locate.js';
import { notFound, secretsRoutes } from './routes.js';
import { APPROLE, EXPIRED_TOKEN, LIMITED_TOKEN, UNSEAL_KEYS, UNSEAL_THRESHOLD, USERS } from './seed.js';
import { type SecretsState, makeSecretsState } from './state.js';
import { errors } from './wire.js';

export interface SecretsParts {
  rootToken: string;
  /** The cluster's id: the same across resets. */
  clusterId: string;
  requireHeader: boolean;
  gate: Gate;
}

/**
 * The secrets store emulator (seed 000 A). Sandbox settings (`ops sandbox start --set`, defaults in the
 * service table): `secrets.state=unsealed|sealed|uninitialized`,
 * `secrets.mode=active|standby|perfstandby|drsecondary`, `secrets.managed=true` (tokens live in the
 * `admin/` namespace), `secrets.require_request_header=true` (412 without `X-Secrets-Request`),
 * `secrets.rate_limit=<requests per second>` (429 + Retry-After).
 */
export const createEmulator = defineEmulator<SecretsState, SecretsParts, object, SecretsRequest>({
  name: 'secrets',
  parts(k) {
    const gate = listenerGate(k.clock, k.settings.int('rate_limit'));
    return {
      rootToken: k.credentials.token ?? 'sandbox-root-token',
      clusterId: randomUUID(),
      requireHeader: k.settings.flag('require_request_header'),
      gate,
      resets: [gate],
    };
  },
  state: makeSecretsState,
  // Which routes serve a path is in the store's mount table: the routes see the decoded path inside the mount.
  locate: (req, k, p) => locate(k.state(), p.requireHeader, req),
  paths: { decoded: true },
  routes: secretsRoutes,
  notFound,
  methodNotAllowed: () => errors(405, 'unsupported operation'),
  // Neither a path outside /v1/ nor a body over the listener's limit spends from the rate limit.
  front: (p, next) => {
    const guarded = p.gate.guard((req) => next(req));
    return (req) => {
      if (!req.path.startsWith('/v1/')) return errors(404, 'unsupported path: every route starts with /v1/');
      if (req.body.length > MAX_REQUEST_BYTES) return errors(413, 'http: request body too large');
      return guarded(req);
    };
  },
  stats: (k) => k.state().stats(),
  banner(k, p) {
    if (k.settings.choice('state') === 'uninitialized')
      return [
        'secrets: not initialized; run `ops secrets operator init`, then unseal with the keys it prints',
      ];
    const users = Object.entries(USERS)
      .map(([name, u]) => `${name}/${u.password}`)
      .join(', ');
    return [
      `secrets: root token ${p.rootToken}${k.settings.flag('managed') ? ' (namespace admin/)' : ''}; ${k.settings.choice('state')}`,
      `secrets: unseal keys (any ${UNSEAL_THRESHOLD} of ${UNSEAL_KEYS.length}): ${UNSEAL_KEYS.join(' ')}`,
      `secrets: userpass ${users}; approle ${APPROLE.name} role_id ${APPROLE.roleId} secret_id ${APPROLE.secretId}`,
      `secrets: limited token ${LIMITED_TOKEN}; expired token ${EXPIRED_TOKEN}`,
    ];
  },
});
