import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { empty, json } from '../core/framework.js';
import { Problems } from './errors.js';
import { type Env, type Wrap, bodyOf } from './http.js';
import { instanceOf } from './instances.js';
import type { Credential } from './world.js';

const TYPES = ['OPERATING_SYSTEM', 'CONTROL_PANEL'];
/** The seed: only alphanumerics and `@ . - _`. */
export const USERNAME = /^[A-Za-z0-9@._-]+$/;

function typeOf(env: Env, req: SandboxRequest): Credential['type'] {
  const t = req.params.type ?? '';
  if (!TYPES.includes(t)) throw env.errors.invalid({ type: [`must be ${TYPES.join(' or ')}`] });
  return t as Credential['type'];
}

function list(env: Env, req: SandboxRequest, type?: Credential['type']) {
  const inst = instanceOf(env, req);
  const all = (env.world.credentials.get(inst.id) ?? []).filter((c) => !type || c.type === type);
  return json(200, {
    credentials: all.map((c) => ({ type: c.type, username: c.username })),
    _metadata: { totalCount: all.length, offset: 0, limit: all.length },
  });
}

function find(env: Env, req: SandboxRequest): { all: Credential[]; cred: Credential } {
  const inst = instanceOf(env, req);
  const type = typeOf(env, req);
  const username = req.params.username ?? '';
  const all = env.world.credentials.get(inst.id) ?? [];
  const cred = all.find((c) => c.type === type && c.username === username);
  if (!cred) throw env.errors.fail(404, `No ${type} credential "${username}" on instance ${inst.id}`);
  return { all, cred };
}

/** Credentials kept for an instance: list (no passwords), store, get, update and delete. */
export function credentialRoutes(router: OperationTable, on: Wrap): void {
  const base = '/publicCloud/v1/instances/:instanceId/credentials';
  router
    .op(
      'getCredentialList',
      'GET',
      base,
      on((env, req) => list(env, req)),
    )
    .op(
      'storeCredential',
      'POST',
      base,
      on((env, req) => {
        const inst = instanceOf(env, req);
        const b = bodyOf(env, req);
        const p = new Problems();
        if (!TYPES.includes(b.type as string)) p.add('type', `is required: ${TYPES.join(' or ')}`);
        if (typeof b.username !== 'string' || b.username === '') p.add('username', 'is required');
        else if (!USERNAME.test(b.username)) p.add('username', 'only letters, digits and @ . - _');
        if (typeof b.password !== 'string' || b.password === '') p.add('password', 'is required');
        for (const k of Object.keys(b))
          if (!['type', 'username', 'password'].includes(k)) p.add(k, 'unknown field');
        if (p.any) throw env.errors.invalid(p.details);
        const all = env.world.credentials.get(inst.id) ?? [];
        if (all.some((c) => c.type === b.type && c.username === b.username))
          throw env.errors.fail(
            400,
            `A ${String(b.type)} credential "${String(b.username)}" exists already; update it instead`,
          );
        const cred = { type: b.type, username: b.username, password: b.password } as Credential;
        env.world.credentials.set(inst.id, [...all, cred]);
        return json(200, { ...cred });
      }),
    )
    .op(
      'deleteCredentials',
      'DELETE',
      base,
      on((env, req) => {
        const inst = instanceOf(env, req);
        env.world.credentials.delete(inst.id);
        return empty(204);
      }),
    )
    .op(
      'getCredentialListByType',
      'GET',
      `${base}/:type`,
      on((env, req) => list(env, req, typeOf(env, req))),
    )
    .op(
      'getCredential',
      'GET',
      `${base}/:type/:username`,
      on((env, req) => json(200, { ...find(env, req).cred })),
    )
    .op(
      'updateCredential',
      'PUT',
      `${base}/:type/:username`,
      on((env, req) => {
        const { cred } = find(env, req);
        const b = bodyOf(env, req);
        if (typeof b.password !== 'string' || b.password === '')
          throw env.errors.invalid({ password: ['is required'] });
        cred.password = b.password;
        return json(200, { ...cred });
      }),
    )
    .op(
      'deleteCredential',
      'DELETE',
      `${base}/:type/:username`,
      on((env, req) => {
        const { all, cred } = find(env, req);
        const inst = instanceOf(env, req);
        env.world.credentials.set(
          inst.id,
          all.filter((c) => c !== cred),
        );
        return empty(204);
      }),
    );
}
