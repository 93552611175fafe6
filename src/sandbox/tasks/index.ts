import {
  type Emulator,
  type Reply,
  Router,
  type SandboxContext,
  type SandboxRequest,
  json,
} from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { mountAuthServer } from '../oauth/mount.js';
import { google } from '../oauth/vendors.js';
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
 * Settings (`ops sandbox start --set`): tasks.rate_limit (requests per period and user, default
 * 1000), tasks.rate_period (seconds, default 60), and the authorization server's (src/sandbox/oauth/mount.ts).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const state = new TasksState(ctx.clock);
  const settings = declaredSettings(ctx, 'tasks');
  const limit = settings.int('rate_limit');
  const period = settings.int('rate_period');
  const token = ctx.options.credentials.tasks?.token ?? 'sandbox-tasks-token';
  const grants = new Map<string, Grant>([
    [token, { user: 'sandbox', write: true }],
    [READONLY_TOKEN, { user: 'sandbox', write: false }],
    [OTHER_USER_TOKEN, { user: 'other', write: true }],
  ]);
  const counts = { requests: 0, unauthorized: 0, forbidden: 0, rateLimited: 0, invalid: 0, changes: 0 };
  const creds = ctx.options.credentials.tasks ?? {};
  const auth = mountAuthServer(
    ctx,
    'tasks',
    google({ clientId: creds.client_id ?? '', clientSecret: creds.client_secret ?? '' }),
  );

  /**
   * The bearer token (or the `access_token` / `oauth_token` query parameter the service also reads),
   * the scope of a change, then the limit per user.
   */
  const gate = new Gate<Grant, boolean>({
    clock: ctx.clock,
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
      const grant =
        grants.get(given) ?? (auth.registry.check(given) === 'valid' ? grants.get(token) : undefined);
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
  const guarded = (handler: Handler, change: boolean) =>
    gate.guard((req, grant) => handler(state, state.user(grant.user), req), change);

  const LISTS = '/tasks/v1/users/@me/lists';
  const TASKS = '/tasks/v1/lists/:tasklist/tasks';
  const router = new Router(
    () => json(404, errorBody(404, 'notFound', 'Not Found')),
    (req) => json(405, errorBody(405, 'methodNotAllowed', `Method ${req.method} is not allowed here.`)),
  )
    .on('GET', LISTS, guarded(listLists, false))
    .on('POST', LISTS, guarded(insertList, true))
    .on('GET', `${LISTS}/:tasklist`, guarded(getList, false))
    .on(
      'PATCH',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, false), true),
    )
    .on(
      'PUT',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, true), true),
    )
    .on('DELETE', `${LISTS}/:tasklist`, guarded(deleteList, true))
    .on('POST', '/tasks/v1/lists/:tasklist/clear', guarded(clearTasks, true))
    .on('GET', TASKS, guarded(listTasks, false))
    .on('POST', TASKS, guarded(insertTask, true))
    .on('GET', `${TASKS}/:task`, guarded(getTask, false))
    .on(
      'PATCH',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, false), true),
    )
    .on(
      'PUT',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, true), true),
    )
    .on('DELETE', `${TASKS}/:task`, guarded(deleteTask, true))
    .on('POST', `${TASKS}/:task/move`, guarded(moveTask, true));

  return {
    name: 'tasks',
    handle: (req) => auth.handle(req) ?? router.handle(req),
    reset() {
      state.reset();
      gate.reset();
      auth.reset();
    },
    stats() {
      const user = state.users.get('sandbox');
      return {
        ...counts,
        ...auth.stats(),
        lists: user?.lists.length ?? 0,
        tasks: user ? user.lists.reduce((n, l) => n + treeOrder(l).length, 0) : 0,
      };
    },
    banner: () => [
      `tasks: a read-only token: OPS_TASKS_TOKEN=${READONLY_TOKEN}; a second user: OPS_TASKS_TOKEN=${OTHER_USER_TOKEN}`,
    ],
  };
}
