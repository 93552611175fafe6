import { timingSafeEqual } from 'node:crypto';
import { type Reply, empty } from '../framework.js';
import { authorize } from './access.js';
import type { Call } from './call.js';
import { APPROLE, USERS } from './seed.js';
import type { SecretsStore, TokenEntry } from './store.js';
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

/** `auth/<mount>/…`: token self-service, userpass and approle logins (reference A.6). */
export function handleAuth(store: SecretsStore, call: Call): Reply {
  const [, mountName = '', ...rest] = call.rel.split('/');
  const mount = call.ns.auth.get(`${mountName}/`);
  if (!mount) return errors(404, `no handler for route "${call.rel}". route entry not found.`);
  const sub = rest.join('/');
  if (mount.type === 'token') return tokenSelf(store, call, sub);
  if (call.op !== 'write') return errors(405, 'unsupported operation');
  if (mount.type === 'userpass' && sub.startsWith('login/'))
    return userpassLogin(store, call, sub.slice('login/'.length), mountName);
  if (mount.type === 'approle' && sub === 'login') return approleLogin(store, call, mountName);
  return errors(404, 'unsupported path');
}

function tokenSelf(store: SecretsStore, call: Call, sub: string): Reply {
  const now = store.clock.now();
  if (sub === 'lookup-self') {
    if (call.op !== 'read' && call.op !== 'write') return errors(405, 'unsupported operation');
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
  if (sub === 'renew-self' || sub === 'revoke-self') {
    if (call.op !== 'write') return errors(405, 'unsupported operation');
    const t = authorize(store, call.req, call.full, ['update']);
    if (sub === 'revoke-self') {
      store.tokens.delete(t.id);
      return empty(204);
    }
    if (!t.renewable) return errors(400, 'lease is not renewable');
    const body = bodyObject(call.req.body);
    const increment = body.increment === undefined ? t.ttl : parseDuration(body.increment);
    if (increment === undefined || increment < 0)
      return errors(400, `invalid increment ${JSON.stringify(body.increment)}`);
    const ttl = Math.min(increment || t.ttl, MAX_TTL);
    t.expireAt = now + ttl * 1000;
    t.ttl = ttl;
    return envelope(null, { auth: authBlock(t) });
  }
  return errors(404, 'unsupported path');
}

function userpassLogin(store: SecretsStore, call: Call, username: string, mount: string): Reply {
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

function approleLogin(store: SecretsStore, call: Call, mount: string): Reply {
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
