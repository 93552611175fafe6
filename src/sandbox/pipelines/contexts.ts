import type { OperationTable } from '../core/anatomy.js';
import { randomUUID } from 'node:crypto';
import { type SandboxRequest, json } from '../core/framework.js';
import { iso } from './ids.js';
import { GROUPS, OWNERS, type Owner } from './seed.js';
import type { Env } from './env.js';
import { type ContextState, type Restriction, bodyOf, message, page, requireUuid } from './model.js';

/** A name the service takes for an environment variable. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const fail = message;

function onlyKeys(body: Record<string, unknown>, allowed: string[], what: string): void {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length) throw fail(400, `Unexpected field in ${what}: ${extra.join(', ')}`);
}

function ownerType(raw: unknown): 'organization' | 'account' {
  if (raw === undefined || raw === null) return 'organization';
  if (raw !== 'organization' && raw !== 'account')
    throw fail(400, 'owner type must be "account" or "organization"');
  return raw;
}

/** The owner a request names, by id or slug; accounts only by id (reference §D.3). */
function findOwner(by: { id?: string; slug?: string }, type: 'organization' | 'account'): Owner {
  const owner = OWNERS.find((o) =>
    by.id !== undefined ? o.id === by.id.toLowerCase() : o.slug.toLowerCase() === by.slug?.toLowerCase(),
  );
  if (!owner || owner.type !== type || !owner.admin) throw fail(404, 'Owner not found');
  return owner;
}

function contextJson(c: ContextState) {
  return { id: c.id, name: c.name, created_at: iso(c.created) };
}

function restrictionJson(r: Restriction, contextId?: string) {
  return {
    id: r.id,
    ...(contextId ? { context_id: contextId } : {}),
    ...(r.project_id ? { project_id: r.project_id } : {}),
    name: r.name,
    restriction_type: r.restriction_type,
    restriction_value: r.restriction_value,
  };
}

/** The context a request names, of an organisation the sandbox user administers. */
function contextOf(env: Env, req: SandboxRequest): ContextState {
  const id = requireUuid(req.params.context_id ?? '', 'context id', fail);
  const c = env.state().contexts.get(id);
  if (!c?.owner.admin) throw fail(404, 'Context not found');
  return c;
}

/** Contexts: create, list, read and delete. */
function contextOps(router: OperationTable, env: Env): void {
  const context = (req: SandboxRequest) => contextOf(env, req);
  router
    .op('createContext', 'POST', '/api/v2/context', (req) => {
      const body = bodyOf(req, fail);
      onlyKeys(body, ['name', 'owner'], 'the context');
      const { name, owner } = body;
      if (typeof name !== 'string' || name.trim() === '') throw fail(400, 'name is required');
      if (!owner || typeof owner !== 'object' || Array.isArray(owner)) throw fail(400, 'owner is required');
      const o = owner as Record<string, unknown>;
      onlyKeys(o, ['id', 'slug', 'type'], 'owner');
      if ((o.id === undefined) === (o.slug === undefined)) throw fail(400, 'owner needs either id or slug');
      const type = ownerType(o.type);
      if (o.slug !== undefined && type === 'account') throw fail(400, 'an account owner is named by id');
      if (o.id !== undefined) requireUuid(String(o.id), 'owner id', fail);
      const found = findOwner({ id: o.id as string | undefined, slug: o.slug as string | undefined }, type);
      const state = env.state();
      for (const c of state.contexts.values())
        if (c.owner === found && c.name === name) throw fail(409, `A context named "${name}" already exists`);
      const created: ContextState = {
        id: randomUUID(),
        name,
        created: env.clock.now(),
        owner: found,
        vars: new Map(),
        restrictions: [],
      };
      state.contexts.set(created.id, created);
      env.counts.created++;
      return json(200, contextJson(created));
    })
    .op('listContexts', 'GET', '/api/v2/context', (req) => {
      const id = req.query.get('owner-id');
      const slug = req.query.get('owner-slug');
      if ((id === null) === (slug === null)) throw fail(400, 'give owner-id or owner-slug');
      const type = ownerType(req.query.get('owner-type') ?? undefined);
      if (id !== null) requireUuid(id, 'owner-id', fail);
      const owner = findOwner(id !== null ? { id } : { slug: slug! }, type);
      const items = [...env.state().contexts.values()]
        .filter((c) => c.owner === owner)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(contextJson);
      return page(req, items, env.pageSize(10), fail);
    })
    .op('getContext', 'GET', '/api/v2/context/:context_id', (req) => json(200, contextJson(context(req))))
    .op('deleteContext', 'DELETE', '/api/v2/context/:context_id', (req) => {
      env.state().contexts.delete(context(req).id);
      return json(200, { message: 'Context deleted.' });
    });
}

/** A context's environment variables: list, set and delete. */
function variableOps(router: OperationTable, env: Env): void {
  const context = (req: SandboxRequest) => contextOf(env, req);
  router
    .op(
      'listEnvironmentVariablesFromContext',
      'GET',
      '/api/v2/context/:context_id/environment-variable',
      (req) => {
        const c = context(req);
        const items = [...c.vars.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([variable, v]) => ({
            variable,
            created_at: iso(v.created),
            updated_at: iso(v.updated),
            context_id: c.id,
          }));
        return page(req, items, env.pageSize(10), fail);
      },
    )
    .op(
      'addEnvironmentVariableToContext',
      'PUT',
      '/api/v2/context/:context_id/environment-variable/:name',
      (req) => {
        const c = context(req);
        const name = req.params.name ?? '';
        if (!ENV_NAME.test(name))
          throw fail(
            400,
            `Invalid environment variable name "${name}": letters, digits and _ only, not starting with a digit`,
          );
        const body = bodyOf(req, fail);
        onlyKeys(body, ['value'], 'the variable');
        if (typeof body.value !== 'string') throw fail(400, 'value is required and must be a string');
        const now = env.clock.now();
        const prev = c.vars.get(name);
        c.vars.set(name, { value: body.value, created: prev?.created ?? now, updated: now });
        const v = c.vars.get(name)!;
        return json(200, {
          variable: name,
          created_at: iso(v.created),
          updated_at: iso(v.updated),
          context_id: c.id,
        });
      },
    )
    .op(
      'deleteEnvironmentVariableFromContext',
      'DELETE',
      '/api/v2/context/:context_id/environment-variable/:name',
      (req) => {
        const c = context(req);
        if (!c.vars.delete(req.params.name ?? '')) throw fail(404, 'Environment variable not found');
        return json(200, { message: 'Environment variable deleted.' });
      },
    );
}

/** A context's restrictions: list, add and delete. */
function restrictionOps(router: OperationTable, env: Env): void {
  const context = (req: SandboxRequest) => contextOf(env, req);
  router
    .op('getContextRestrictions', 'GET', '/api/v2/context/:context_id/restrictions', (req) => {
      const c = context(req);
      return page(
        req,
        c.restrictions.map((r) => restrictionJson(r, c.id)),
        env.pageSize(10),
        fail,
      );
    })
    .op('createContextRestriction', 'POST', '/api/v2/context/:context_id/restrictions', (req) => {
      const c = context(req);
      const body = bodyOf(req, fail);
      onlyKeys(body, ['restriction_type', 'restriction_value', 'project_id'], 'the restriction');
      let type = body.restriction_type;
      let value = body.restriction_value;
      // The deprecated form: project_id alone, which means a project restriction.
      if (body.project_id !== undefined) {
        if (type !== undefined || value !== undefined)
          throw fail(400, 'project_id cannot be combined with restriction_type or restriction_value');
        type = 'project';
        value = body.project_id;
      }
      if (type !== 'project' && type !== 'expression' && type !== 'group')
        throw fail(400, 'restriction_type must be one of project, expression, group');
      if (typeof value !== 'string' || value.trim() === '') throw fail(400, 'restriction_value is required');
      const r = restriction(env, c, type, value);
      if (
        c.restrictions.some(
          (x) => x.restriction_type === r.restriction_type && x.restriction_value === r.restriction_value,
        )
      )
        throw fail(409, 'This restriction already exists on the context');
      c.restrictions.push(r);
      env.counts.created++;
      return json(201, restrictionJson(r));
    })
    .op(
      'deleteContextRestriction',
      'DELETE',
      '/api/v2/context/:context_id/restrictions/:restriction_id',
      (req) => {
        const c = context(req);
        const id = requireUuid(req.params.restriction_id ?? '', 'restriction id', fail);
        const i = c.restrictions.findIndex((r) => r.id === id);
        if (i < 0) throw fail(404, 'Restriction not found');
        c.restrictions.splice(i, 1);
        return json(200, { message: 'Context restriction deleted.' });
      },
    );
}

export function contextRoutes(router: OperationTable, env: Env): void {
  contextOps(router, env);
  variableOps(router, env);
  restrictionOps(router, env);
}

function restriction(
  env: Env,
  c: ContextState,
  type: Restriction['restriction_type'],
  value: string,
): Restriction {
  if (type === 'expression') {
    if (value.length > 1024) throw fail(400, 'restriction_value: an expression is at most 1024 characters');
    return { id: randomUUID(), name: value, restriction_type: type, restriction_value: value };
  }
  const id = requireUuid(value, 'restriction_value', fail);
  if (type === 'project') {
    const project = env.state().projects.get(id);
    if (!project || project.owner !== c.owner)
      throw fail(400, `restriction_value: no project ${id} in the context's organization`);
    return {
      id: randomUUID(),
      project_id: id,
      name: project.name,
      restriction_type: type,
      restriction_value: id,
    };
  }
  const group = GROUPS.find((g) => g.id === id && g.owner === c.owner);
  if (!group) throw fail(400, `restriction_value: no group ${id} in the context's organization`);
  return { id: randomUUID(), name: group.name, restriction_type: type, restriction_value: id };
}
