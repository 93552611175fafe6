import { defineEmulator } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { mountAuthServer } from '../core/oauth/mount.js';
import { google } from '../core/oauth/vendors.js';
import { errorBody } from './errors.js';
import { bearerGate } from './gate.js';
import { type TasksParts, tasksRoutes } from './routes.js';
import { OTHER_USER_TOKEN, READONLY_TOKEN } from './seed.js';
import { type TasksState, makeTasksState } from './state.js';
import { treeOrder } from './store.js';

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
  state: makeTasksState,
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
