import { timingSafeEqual } from 'node:crypto';
import { type Reply, empty } from '../core/framework.js';
import { authorize } from './access.js';
import type { Call } from './call.js';
import { APPROLE, USERS } from './seed.js';
import type { SecretsState, TokenEntry } from './state.js';
import { bodyObject, envelope, errors, newId, parseDuration, rfc3339 } from './wire.js';

const MAX_TTL = 768 * 3600;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function authBlock(t: TokenEntry): Record<string, unknown> {
  return {
    client_token: t.id,
    accessor: t.accessor,
    policies: t.policies,
    token_policies: t.policies,
    identity_policies: [],
    metadata: t.meta,
    lease_duration: t.ttl,
    renewable: t.renewable,
    entity_id: t.entityId,
    token_type: 'service',
    orphan: true,
    mfa_requirement: null,
    num_uses: 0,
  };
}

/** `auth/token/lookup-self` (reference A.6): the caller's own token. */
export function lookupSelf(store: SecretsState, call: Call): Reply {
  const now = store.clock.now();
  const t = authorize(store, call.req, call.full, ['read', 'update']);
  const ttl = t.expireAt === undefined ? 0 : Math.max(0, Math.floor((t.expireAt - now) / 1000));
  return envelope({
    accessor: t.accessor,
    creation_time: Math.floor(t.created / 1000),
    creation_ttl: t.ttl,
    display_name: t.displayName,
    entity_id: t.entityId,
    expire_time: t.expireAt === undefined ? null : rfc3339(t.expireAt),
    explicit_max_ttl: 0,
    id: t.id,
    issue_time: rfc3339(t.created),
    meta: t.meta,
    num_uses: 0,
    orphan: true,
    path: t.path,
    policies: t.policies,
    renewable: t.renewable,
    ttl,
    type: 'service',
  });
}

/** `auth/token/revoke-self`: the caller's token is gone. */
export function revokeSelf(store: SecretsState, call: Call): Reply {
  const t = authorize(store, call.req, call.full, ['update']);
  store.tokens.delete(t.id);
  return empty(204);
}

/** `auth/token/renew-self`: a renewable token lives `increment` more (its own TTL by default), up to the maximum. */
export function renewSelf(store: SecretsState, call: Call): Reply {
  const t = authorize(store, call.req, call.full, ['update']);
  if (!t.renewable) return errors(400, 'lease is not renewable');
  const body = bodyObject(call.req.body);
  const increment = body.increment === undefined ? t.ttl : parseDuration(body.increment);
  if (increment === undefined || increment < 0)
    return errors(400, `invalid increment ${JSON.stringify(body.increment)}`);
  const ttl = Math.min(increment || t.ttl, MAX_TTL);
  t.expireAt = store.clock.now() + ttl * 1000;
  t.ttl = ttl;
  return envelope(null, { auth: authBlock(t) });
}

/** The name of the auth mount a login came through (`userpass`). */
function mountName(call: Call): string {
  return (call.entry?.path ?? '').replace(/\/$/, '');
}

/** `auth/<userpass mount>/login/<username>`: a token for a seed user. */
export function userpassLogin(store: SecretsState, call: Call, username: string): Reply {
  const mount = mountName(call);
  const body = bodyObject(call.req.body);
  if (typeof body.password !== 'string' || body.password === '') return errors(400, 'missing password');
  const user = USERS[username.toLowerCase()];
  if (!user || !same(user.password, body.password)) return errors(400, 'invalid username or password');
  const t = store.addToken({
    id: newId('s.'),
    policies: user.policies,
    namespace: call.ns.path,
    displayName: `${mount}-${username.toLowerCase()}`,
    path: `auth/${mount}/login/${username}`,
    ttl: user.ttl,
    renewable: true,
    meta: { username: username.toLowerCase() },
  });
  return envelope(null, { auth: authBlock(t) });
}

/** `auth/<approle mount>/login`: a token for the seed's role. */
export function approleLogin(store: SecretsState, call: Call): Reply {
  const mount = mountName(call);
  const body = bodyObject(call.req.body);
  if (typeof body.role_id !== 'string' || body.role_id === '') return errors(400, 'missing role_id');
  if (typeof body.secret_id !== 'string' || body.secret_id === '') return errors(400, 'missing secret_id');
  if (!same(body.role_id, APPROLE.roleId) || !same(body.secret_id, APPROLE.secretId))
    return errors(400, 'invalid role or secret ID');
  const t = store.addToken({
    id: newId('s.'),
    policies: APPROLE.policies,
    namespace: call.ns.path,
    displayName: mount,
    path: `auth/${mount}/login`,
    ttl: APPROLE.ttl,
    renewable: true,
    meta: { role_name: APPROLE.name },
  });
  return envelope(null, { auth: authBlock(t) });
}
