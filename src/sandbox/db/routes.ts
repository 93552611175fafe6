import { type Operations, op } from '../core/anatomy.js';
import {
  type Reply,
  type SandboxContext,
  type SandboxRequest,
  empty,
  json,
  readJson,
} from '../core/framework.js';
import {
  ACCOUNT_NAME,
  API_VERSIONS,
  ASSIGNMENT_TYPE,
  type Assignment,
  BUILT_IN,
  DEFINITION_TYPE,
  type Definition,
  GUID,
  PROVIDER,
  REGION,
  RESOURCE_GROUP,
} from './seed.js';
import { cloudError } from './errors.js';
import type { Operation, DbState } from './state.js';
import type { Tokens } from './tokens.js';

const AUTHORIZE_ROUTE = /^\/([^/]+)\/oauth2\/authorize\/?$/;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const bad = (message: string) => cloudError(400, 'BadRequest', message);

interface Deps {
  ctx: SandboxContext;
  target: { subscription: string; resourceGroup: string; account: string };
  state: DbState;
  tokens: Tokens;
  cfg: { async: boolean; retryAfter: number };
  stats: { operationsStarted: number; statusPolls: number };
}

/** The wire shapes of an assignment and a definition of the account. */
function wires(accountId: string) {
  const assignmentWire = (a: Assignment) => ({
    id: `${accountId}/sqlRoleAssignments/${a.id}`,
    name: a.id,
    type: ASSIGNMENT_TYPE,
    properties: {
      roleDefinitionId: `${accountId}/sqlRoleDefinitions/${a.definition}`,
      scope: `${accountId}${a.scope}`,
      principalId: a.principalId,
    },
  });
  const definitionWire = (x: Definition) => ({
    id: `${accountId}/sqlRoleDefinitions/${x.id}`,
    name: x.id,
    type: DEFINITION_TYPE,
    properties: {
      roleName: x.roleName,
      type: x.type,
      assignableScopes: [accountId],
      permissions: x.permissions,
    },
  });
  return { assignmentWire, definitionWire };
}

/** The checks of a request's api-version, names and ids, in ARM's words. */
function checks(target: Deps['target'], accountId: string) {
  /** Every API route needs a known api-version (reference C.2, seed Versioning). */
  function apiVersion(req: SandboxRequest): string {
    const v = req.query.get('api-version');
    if (!v)
      throw cloudError(
        400,
        'MissingApiVersionParameter',
        'The api-version query parameter (?api-version=) is required for all requests.',
      );
    if (!API_VERSIONS.includes(v))
      throw cloudError(
        400,
        'InvalidApiVersionParameter',
        `The api-version '${v}' is invalid. The supported versions are '${API_VERSIONS.join(',')}'.`,
      );
    return v;
  }

  function subscription(raw: string): void {
    if (!same(raw, target.subscription))
      throw cloudError(404, 'SubscriptionNotFound', `The subscription '${raw}' could not be found.`);
  }

  /** The account route's checks, in ARM's order: names valid, then the resource group and account known. */
  function account(sub: string, rg: string, name: string): void {
    subscription(sub);
    if (rg.length < 1 || rg.length > 90 || !RESOURCE_GROUP.test(rg))
      throw bad(
        `The resource group name '${rg}' is invalid: 1 to 90 letters, digits, '-', '_', '.', '(' or ')'.`,
      );
    if (name.length < 3 || name.length > 50 || !ACCOUNT_NAME.test(name))
      throw bad(
        `The database account name '${name}' is invalid: 3 to 50 lowercase letters, digits and single hyphens, not at either end.`,
      );
    if (!same(rg, target.resourceGroup))
      throw cloudError(404, 'ResourceGroupNotFound', `Resource group '${rg}' could not be found.`);
    if (name !== target.account)
      throw cloudError(
        404,
        'ResourceNotFound',
        `The Resource '${PROVIDER}/databaseAccounts/${name}' under resource group '${rg}' was not found.`,
      );
  }

  function guid(what: string, v: string): string {
    if (!GUID.test(v)) throw bad(`The ${what} '${v}' is not a valid GUID.`);
    return v;
  }

  /** A fully qualified role-definition id of this account, naming a definition that exists. */
  function definitionOf(id: string): string {
    const prefix = `${accountId}/sqlRoleDefinitions/`;
    const guidPart = id.slice(prefix.length);
    const found = same(id.slice(0, prefix.length), prefix) && BUILT_IN.find((x) => same(x.id, guidPart));
    if (!found)
      throw bad(
        `The provided SQL Role Definition ID '${id}' is not a fully qualified role definition id of this account, or does not exist.`,
      );
    return found.id;
  }

  /** A fully qualified scope: the account, or `/dbs/<db>` or `/dbs/<db>/colls/<coll>` below it. */
  function scopeOf(scope: string): string {
    const head = scope.slice(0, accountId.length);
    const rest = scope.slice(accountId.length).replace(/\/$/, '');
    if (!same(head, accountId) || !/^(\/dbs\/[^/\\#?]+(\/colls\/[^/\\#?]+)?)?$/.test(rest))
      throw bad(
        `The provided scope '${scope}' is not a valid data plane resource path of account '${target.account}': give the account's id, or /dbs/<db> or /dbs/<db>/colls/<coll> below it.`,
      );
    return rest;
  }

  return { apiVersion, subscription, account, guid, definitionOf, scopeOf };
}

type Checks = ReturnType<typeof checks>;
type Wires = ReturnType<typeof wires>;

/** The long-running operations: their addresses, and the polls of their status and result. */
function operationPolls(d: Deps, c: Checks, w: Wires) {
  const { target, state } = d;
  const { apiVersion, subscription } = c;
  const { assignmentWire } = w;
  function operationUrls(req: SandboxRequest, op: Operation, v: string): Record<string, string> {
    // Absolute, as the service sends them: the Azure SDK follows only an absolute URL (reference C.2).
    const base = `${d.ctx.options.scheme ?? 'http'}://${req.headers.host ?? '127.0.0.1'}/db/subscriptions/${target.subscription}/providers/${PROVIDER}/locations/${REGION}`;
    return {
      'azure-asyncoperation': `${base}/operationsStatus/${op.id}?api-version=${v}`,
      location: `${base}/operationResults/${op.id}?api-version=${v}`,
      'retry-after': String(Math.min(d.cfg.retryAfter, state.remainingSeconds(op))),
    };
  }

  function operation(req: SandboxRequest, kind: 'operationsStatus' | 'operationResults'): Reply {
    const v = apiVersion(req);
    subscription(req.params.sub!);
    const id = req.params.op!;
    const op = state.operations.get(id.toLowerCase());
    if (!same(req.params.location!, REGION) || !op)
      throw cloudError(404, 'NotFound', `Operation '${id}' was not found.`);
    d.stats.statusPolls++;
    const now = state.status(op);
    const wait: Record<string, string> =
      now.status === 'InProgress' ? { 'retry-after': operationUrls(req, op, v)['retry-after']! } : {};
    if (kind === 'operationsStatus') {
      const at = (ms: number) => new Date(ms).toISOString();
      return json(
        200,
        {
          id: `/subscriptions/${target.subscription}/providers/${PROVIDER}/locations/${REGION}/operationsStatus/${op.id}`,
          name: op.id,
          status: now.status,
          startTime: at(op.startedMs),
          ...(now.status === 'InProgress' ? {} : { endTime: at(op.doneMs) }),
          ...(now.error ? { error: now.error } : {}),
        },
        wait,
      );
    }
    // The Location URL: 202 while it runs, then the result (the assignment, or nothing for a delete).
    if (now.status === 'InProgress')
      return empty(202, { ...wait, location: operationUrls(req, op, v).location! });
    if (now.error) throw cloudError(400, now.error.code, now.error.message);
    return op.kind === 'put' ? json(200, assignmentWire(op.assignment)) : empty(204);
  }

  return { operationUrls, operation };
}

/** The assignments' and definitions' answers: read, put (at once or as an operation), delete. */
function assignmentHandlers(d: Deps, c: Checks, w: Wires, operationUrls: OperationUrls) {
  const { state } = d;
  const { guid, definitionOf, scopeOf } = c;
  const { assignmentWire, definitionWire } = w;
  function accepted(req: SandboxRequest, kind: 'put' | 'delete', a: Assignment, v: string): Reply {
    d.stats.operationsStarted++;
    const op = state.start(kind, a);
    return empty(202, operationUrls(req, op, v));
  }

  /** Without asynchronous completion, an outcome other than Succeeded is the answer's error. */
  function failAtOnce(): void {
    const e = state.immediateError();
    if (e) throw cloudError(400, e.code, e.message);
  }

  function put(req: SandboxRequest, id: string, v: string): Reply {
    guid('role assignment id', id);
    const body = readJson<Record<string, unknown>>(req, (reason) =>
      json(400, { error: { code: 'InvalidRequestContent', message: reason } }),
    );
    const p = (body && typeof body === 'object' ? body.properties : undefined) as
      | Record<string, unknown>
      | undefined;
    if (!p || typeof p !== 'object' || Array.isArray(p))
      throw bad(
        'The request body must be an object with properties: roleDefinitionId, scope and principalId.',
      );
    for (const k of ['roleDefinitionId', 'scope', 'principalId'])
      if (typeof p[k] !== 'string' || p[k] === '')
        throw bad(`properties.${k} is required and must be a string.`);
    const a: Assignment = {
      id: state.get(id)?.id ?? id,
      principalId: guid('principal id', p.principalId as string),
      definition: definitionOf(p.roleDefinitionId as string),
      scope: scopeOf(p.scope as string),
    };
    if (state.pendingFor(id))
      throw cloudError(
        409,
        'AnotherOperationInProgress',
        `Another operation on role assignment '${id}' is in progress.`,
      );
    const dup = state.duplicateOf(a);
    if (dup)
      throw cloudError(
        409,
        'Conflict',
        `A role assignment with the same principal, role definition and scope already exists: '${dup.id}'.`,
      );
    if (d.cfg.async) return accepted(req, 'put', a, v);
    failAtOnce();
    state.apply('put', a);
    return json(200, assignmentWire(a));
  }

  function remove(req: SandboxRequest, id: string, v: string): Reply {
    guid('role assignment id', id);
    const a = state.get(id);
    if (!a) return empty(204);
    if (state.pendingFor(id))
      throw cloudError(
        409,
        'AnotherOperationInProgress',
        `Another operation on role assignment '${id}' is in progress.`,
      );
    if (d.cfg.async) return accepted(req, 'delete', a, v);
    failAtOnce();
    state.apply('delete', a);
    return empty(200);
  }

  function get(id: string): Reply {
    guid('role assignment id', id);
    const a = state.get(id);
    if (!a) throw cloudError(404, 'NotFound', `The role assignment with id '${id}' does not exist.`);
    return json(200, assignmentWire(a));
  }

  function definition(id: string): Reply {
    guid('role definition id', id);
    const x = BUILT_IN.find((b) => same(b.id, id));
    if (!x) throw cloudError(404, 'NotFound', `The role definition with id '${id}' does not exist.`);
    return json(200, definitionWire(x));
  }

  return { put, remove, get, definition };
}

type OperationUrls = ReturnType<typeof operationPolls>['operationUrls'];

/** The emulator's answers, by route: sign-in (no token needed) and the API. */
export function routes(d: Deps) {
  const { target, state } = d;
  const accountId = `/subscriptions/${target.subscription}/resourceGroups/${target.resourceGroup}/providers/${PROVIDER}/databaseAccounts/${target.account}`;
  const c = checks(target, accountId);
  const { apiVersion, account } = c;
  const w = wires(accountId);
  const { assignmentWire, definitionWire } = w;
  const polls = operationPolls(d, c, w);
  const { operation } = polls;
  const { put, remove, get, definition } = assignmentHandlers(d, c, w, polls.operationUrls);

  function methodNotAllowed(req: SandboxRequest) {
    return cloudError(405, 'MethodNotAllowed', `The method '${req.method}' is not allowed on '${req.path}'.`);
  }

  const A = '/subscriptions/:sub/resourceGroups/:rg/providers/Microsoft.DocumentDB/databaseAccounts/:account';
  const OP = '/subscriptions/:sub/providers/Microsoft.DocumentDB/locations/:location';
  /** The account routes' checks, in ARM's order: the api-version, then the account; the answer's api-version. */
  const checked = (req: SandboxRequest) => {
    const v = apiVersion(req);
    account(req.params.sub!, req.params.rg!, req.params.account!);
    return v;
  };
  /** Another method on an account route: 405, after the api-version and the account are checked. */
  const otherMethod = (req: SandboxRequest): Reply => {
    checked(req);
    throw methodNotAllowed(req);
  };
  const operationRoute = (kind: 'operationsStatus' | 'operationResults') => (req: SandboxRequest) =>
    operation(req, kind);
  const operations: Operations = {
    listSqlRoleAssignments: op('GET', `${A}/sqlRoleAssignments`, (req) => {
      checked(req);
      return json(200, { value: [...state.assignments.values()].map(assignmentWire) });
    }),
    sqlRoleAssignmentsOtherMethod: op('*', `${A}/sqlRoleAssignments`, otherMethod),
    getSqlRoleAssignment: op('GET', `${A}/sqlRoleAssignments/:id`, (req) => {
      checked(req);
      return get(req.params.id!);
    }),
    createUpdateSqlRoleAssignment: op('PUT', `${A}/sqlRoleAssignments/:id`, (req) =>
      put(req, req.params.id!, checked(req)),
    ),
    deleteSqlRoleAssignment: op('DELETE', `${A}/sqlRoleAssignments/:id`, (req) =>
      remove(req, req.params.id!, checked(req)),
    ),
    sqlRoleAssignmentOtherMethod: op('*', `${A}/sqlRoleAssignments/:id`, otherMethod),
    listSqlRoleDefinitions: op('GET', `${A}/sqlRoleDefinitions`, (req) => {
      checked(req);
      return json(200, { value: BUILT_IN.map(definitionWire) });
    }),
    sqlRoleDefinitionsOtherMethod: op('*', `${A}/sqlRoleDefinitions`, otherMethod),
    getSqlRoleDefinition: op('GET', `${A}/sqlRoleDefinitions/:id`, (req) => {
      checked(req);
      return definition(req.params.id!);
    }),
    sqlRoleDefinitionOtherMethod: op('*', `${A}/sqlRoleDefinitions/:id`, otherMethod),
    // The client's one poll reads whichever address the service gave (Azure-AsyncOperation or Location).
    getOperationStatus: op('GET', `${OP}/operationsStatus/:op`, operationRoute('operationsStatus')),
    getOperationResult: op('GET', `${OP}/operationResults/:op`, operationRoute('operationResults')),
  };

  return {
    /** The authorize endpoint, or undefined for any other path. */
    signIn(req: SandboxRequest): Reply | undefined {
      const m = AUTHORIZE_ROUTE.exec(req.path);
      if (!m) return undefined;
      if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
      return d.tokens.authorize({ ...req, params: { tenant: decode(m[1]!) } });
    },
    /** The API's routes by client operation, behind the bearer check. */
    operations,
    /** No route at the path. */
    notFound: (req: SandboxRequest) =>
      cloudError(404, 'NotFound', `No resource or operation at '${req.path}' in namespace '${PROVIDER}'.`)
        .reply,
    methodNotAllowed: (req: SandboxRequest) => methodNotAllowed(req).reply,
  };
}

/** The routes by client operation, made once with the parts (they share its tokens and role state). */
export const dbRoutes = (_k: unknown, p: { api: ReturnType<typeof routes> }): Operations => p.api.operations;
