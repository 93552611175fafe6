import { type Kit, type Operations, defineEmulator, op } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { mountAuthServer } from '../core/oauth/mount.js';
import { google } from '../core/oauth/vendors.js';
import { errorBody, fail } from './errors.js';
import { changeList, deleteList, getList, insertList, listLists } from './lists.js';
import { TasksState } from './state.js';
import { type UserRec, treeOrder } from './store.js';
import { changeTask, clearTasks, deleteTask, getTask, insertTask, listTasks, moveTask } from './tasks.js';

/** A documented token of the sandbox user that may only read (the tasks.readonly scope). */
export const READONLY_TOKEN = 'sandbox-tasks-readonly-token';
/** A documented token of a second user, who sees only their own lists. */
export const OTHER_USER_TOKEN = 'sandbox-tasks-other-token';

const REALM = 'Bearer realm="tasks"';

interface Grant {
  user: string;
  write: boolean;
}

type Handler = (s: TasksState, user: UserRec, req: SandboxRequest) => Reply;

/**
 * Task lists (seed 001 B, reference §B): the 14 endpoints under `/tasks/v1/`, per-user lists and
 * tasks, `@default`, positions, the insert and move rules, clear, deleted and hidden tasks, etags,
 * opaque page tokens, the vendor-wide error body; bearer tokens (401 missing or unknown, 403 for the
 * read-only token on a change) and a per-user rate limit (429 with Retry-After).
 *
 * Google's authorization server for installed apps is served under the same prefix (`/tasks/token`,
 * `/tasks/o/oauth2/v2/auth`, `/tasks/device/code`, `/tasks/device`, `/tasks/revoke`): the tokens it
 * issues work until they expire on the sandbox clock or are revoked.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): tasks.rate_limit (requests per
 * period and user), tasks.rate_period (seconds), and the authorization server's (src/sandbox/core/oauth/mount.ts).
 */
export const createEmulator = defineEmulator<TasksState, TasksParts>({
  name: 'tasks',
  state: (k) => new TasksState(k.clock),
  parts(k) {
    const auth = mountAuthServer(
      k.ctx,
      'tasks',
      google({ clientId: k.credentials.client_id ?? '', clientSecret: k.credentials.client_secret ?? '' }),
    );
    const counts = { requests: 0, unauthorized: 0, forbidden: 0, rateLimited: 0, invalid: 0, changes: 0 };
    const gate = bearerGate(k, counts, auth.registry);
    return { auth, counts, gate, resets: [gate, auth] };
  },
  routes: tasksRoutes,
  notFound: () => json(404, errorBody(404, 'notFound', 'Not Found')),
  methodNotAllowed: (req) =>
    json(405, errorBody(405, 'methodNotAllowed', `Method ${req.method} is not allowed here.`)),
  front: (p, next) => (req) => p.auth.handle(req) ?? next(req),
  stats(k, p) {
    const user = k.state().users.get('sandbox');
    return {
      ...p.counts,
      ...p.auth.stats(),
      lists: user?.lists.length ?? 0,
      tasks: user ? user.lists.reduce((n, l) => n + treeOrder(l).length, 0) : 0,
    };
  },
  banner: () => [
    `tasks: a read-only token: OPS_TASKS_TOKEN=${READONLY_TOKEN}; a second user: OPS_TASKS_TOKEN=${OTHER_USER_TOKEN}`,
  ],
});

interface TasksParts {
  auth: ReturnType<typeof mountAuthServer>;
  counts: Record<string, number>;
  gate: Gate<Grant, boolean>;
}

/** The 14 routes, by the client operation each serves (clients/tasks/client.ts). */
function tasksRoutes(k: Kit<TasksState>, p: TasksParts): Operations {
  const guarded = (handler: Handler, change: boolean) =>
    p.gate.guard((req, grant) => handler(k.state(), k.state().user(grant.user), req), change);
  const LISTS = '/tasks/v1/users/@me/lists';
  const TASKS = '/tasks/v1/lists/:tasklist/tasks';
  return {
    listTasklists: op('GET', LISTS, guarded(listLists, false)),
    insertTasklist: op('POST', LISTS, guarded(insertList, true)),
    getTasklist: op('GET', `${LISTS}/:tasklist`, guarded(getList, false)),
    patchTasklist: op(
      'PATCH',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, false), true),
    ),
    updateTasklist: op(
      'PUT',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, true), true),
    ),
    deleteTasklist: op('DELETE', `${LISTS}/:tasklist`, guarded(deleteList, true)),
    clearTasks: op('POST', '/tasks/v1/lists/:tasklist/clear', guarded(clearTasks, true)),
    listTasks: op('GET', TASKS, guarded(listTasks, false)),
    insertTask: op('POST', TASKS, guarded(insertTask, true)),
    getTask: op('GET', `${TASKS}/:task`, guarded(getTask, false)),
    patchTask: op(
      'PATCH',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, false), true),
    ),
    updateTask: op(
      'PUT',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, true), true),
    ),
    deleteTask: op('DELETE', `${TASKS}/:task`, guarded(deleteTask, true)),
    moveTask: op('POST', `${TASKS}/:task/move`, guarded(moveTask, true)),
  };
}

/**
 * The bearer token (or the `access_token` / `oauth_token` query parameter the service also reads),
 * the scope of a change, then the limit per user.
 */
function bearerGate(
  k: Kit<TasksState>,
  counts: Record<string, number>,
  registry: { check(token: string): string },
): Gate<Grant, boolean> {
  const limit = k.settings.int('rate_limit');
  const period = k.settings.int('rate_period');
  const token = k.credentials.token ?? 'sandbox-tasks-token';
  const grants = new Map<string, Grant>([
    [token, { user: 'sandbox', write: true }],
    [READONLY_TOKEN, { user: 'sandbox', write: false }],
    [OTHER_USER_TOKEN, { user: 'other', write: true }],
  ]);
  return new Gate<Grant, boolean>({
    clock: k.clock,
    counts,
    authenticate(req, change) {
      const header = req.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      const given = bearer ?? req.query.get('access_token') ?? req.query.get('oauth_token') ?? undefined;
      if (!given)
        throw fail(
          401,
          'required',
          'Request is missing required authentication credential. Expected OAuth 2 access token or other valid authentication credential.',
          { 'www-authenticate': REALM },
        );
      // The fixed tokens, or one the authorization server issued and that has not expired.
      const grant = grants.get(given) ?? (registry.check(given) === 'valid' ? grants.get(token) : undefined);
      if (!grant)
        throw fail(
          401,
          'authError',
          'Request had invalid authentication credentials. Expected OAuth 2 access token or other valid authentication credential.',
          { 'www-authenticate': `${REALM}, error="invalid_token"` },
        );
      if (change && !grant.write)
        throw fail(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', {
          'www-authenticate': `${REALM}, error="insufficient_scope", scope="tasks"`,
        });
      return grant;
    },
    rate: {
      limit,
      windowMs: period * 1000,
      key: (_req, grant) => grant.user,
      refuse: () =>
        json(
          429,
          errorBody(
            429,
            'rateLimitExceeded',
            `Rate limit exceeded: more than ${limit} requests in ${period} s for this user.`,
          ),
        ),
    },
    tally: (reply, _req, change) =>
      reply.status === 400 ? 'invalid' : change && reply.status < 300 ? 'changes' : undefined,
  });
}
