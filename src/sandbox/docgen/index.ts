import { defineEmulator } from '../core/anatomy.js';
import { mountAuthServer } from '../core/oauth/mount.js';
import { box } from '../core/oauth/vendors.js';
import { requestIds, tokenGate } from './gate.js';
import { docgenRoutes } from './routes.js';
import {
  ENTERPRISE_ID,
  NEWEST_BATCH_ID,
  NEWEST_JOB_ID,
  NO_SCOPE_TOKEN,
  SANDBOX_USER_ID,
  TEMPLATES,
} from './seed.js';
import { type DocgenState, makeDocgenState } from './state.js';
import { clientError } from './wire.js';

/**
 * Document generation (seed 002 A, reference §A): the caller's jobs in marker pages, one job, the jobs
 * of a batch and of a template; bearer-token and `content-version` checks; ClientError bodies; a
 * per-token rate limit answered 429 with `retry-after`. Job statuses move on the sandbox clock.
 *
 * Box's authorization server is served under the same prefix (`/docgen/api/oauth2/authorize`,
 * `/docgen/oauth2/token` with single-use refresh tokens and the client-credentials grant,
 * `/docgen/oauth2/revoke`): the tokens it issues work until they expire on the sandbox clock.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): docgen.count (jobs of the
 * sandbox user), docgen.seed, docgen.rate_limit (requests per period), docgen.rate_period (seconds).
 */
interface DocgenParts {
  ids: ReturnType<typeof requestIds>;
  auth: ReturnType<typeof mountAuthServer>;
  gate: ReturnType<typeof tokenGate>;
}

export const createEmulator = defineEmulator<DocgenState, DocgenParts>({
  name: 'docgen',
  state: makeDocgenState,
  parts(k) {
    const ids = requestIds();
    const auth = mountAuthServer(
      k.ctx,
      'docgen',
      box({
        clientId: k.credentials.client_id ?? '',
        clientSecret: k.credentials.client_secret ?? '',
        enterpriseId: ENTERPRISE_ID,
        userId: SANDBOX_USER_ID,
        appScope: 'docgen',
      }),
    );
    const gate = tokenGate(k, ids, auth.registry);
    return { ids, auth, gate, resets: [gate, ids, auth] };
  },
  routes: docgenRoutes,
  notFound: (_req, p) => clientError(404, 'not_found', 'Not Found', p.ids.next()),
  methodNotAllowed: (_req, p) => clientError(405, 'method_not_allowed', 'Method Not Allowed', p.ids.next()),
  front: (p, next) => (req) => p.auth.handle(req) ?? next(req),
  stats: (k, p) => ({ jobs: k.state().store.mine.length, ...k.state().counts, ...p.auth.stats() }),
  banner: (k) => [
    `docgen: ${k.state().store.mine.length} jobs (newest ${NEWEST_JOB_ID}, batch ${NEWEST_BATCH_ID}, templates ${TEMPLATES.slice(
      0,
      5,
    )
      .map((t) => t.fileId)
      .join(', ')}); a token without the Doc Gen scope: OPS_DOCGEN_TOKEN=${NO_SCOPE_TOKEN}`,
  ],
});
