import { defineEmulator } from '../core/anatomy.js';
import { ReplyError } from '../core/framework.js';
import { type DbParts, dbParts, v2 } from './parts.js';
import { dbRoutes } from './routes.js';
import { type DbState, makeDbState } from './state.js';

/**
 * Database role assignment (seed 001 C, reference C.2–C.5) under ARM-shaped paths: role assignments
 * (PUT answering 202 with `Azure-AsyncOperation`, `Location` and `Retry-After`, the operation moving
 * from InProgress to its outcome on the sandbox clock; GET, list, DELETE), the two built-in role
 * definitions, the bearer check (missing, malformed, unknown or expired token: 401), CloudError bodies,
 * 404 for an unknown subscription, resource group or account, 409 for a duplicate assignment, 429
 * past the rate limit, and the implicit flow's authorize endpoint that signs in the sandbox's user.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): `db.async` (false: PUT and
 * DELETE answer 200 at once), `db.operation_seconds`, `db.retry_after` (the most an answer asks to
 * wait), `db.operation_outcome` (Succeeded, Failed or Canceled), `db.token_lifetime` (seconds),
 * `db.rate_limit` (reads, and writes, per subscription and minute).
 */
export const createEmulator = defineEmulator<DbState, DbParts>({
  name: 'db',
  parts: dbParts,
  state: makeDbState,
  routes: dbRoutes,
  paths: { ignoreCase: true, trailingSlash: true },
  notFound: (req, p) => p.api.notFound(req),
  methodNotAllowed: (req, p) => p.api.methodNotAllowed(req),
  front(p, next) {
    const guarded = p.gate.guard((req) => {
      p.roles.settle();
      return next(req);
    });
    return (req) => {
      try {
        return p.api.signIn(req) ?? v2(p, req) ?? guarded(req);
      } catch (err) {
        if (err instanceof ReplyError) return err.reply;
        throw err;
      }
    };
  },
  stats: (k, p) => ({
    ...p.stats,
    assignments: k.state().assignments.size,
    operations: k.state().operations.size,
    /** With tokensIssued and the SHA-256 of each token issued (never the tokens themselves). */
    ...p.auth.stats(),
  }),
});
