import { defineEmulator } from '../core/anatomy.js';
import { Gate } from '../core/gate.js';
import { mountAuthServer } from '../core/oauth/mount.js';
import { box } from '../core/oauth/vendors.js';
import {
  ENTERPRISE_ID,
  JobStore,
  NEWEST_BATCH_ID,
  NEWEST_JOB_ID,
  SANDBOX_USER_ID,
  TEMPLATES,
} from './jobs.js';
import { type DocgenKit, type DocgenState, docgenRoutes } from './routes.js';
import { clientError, fail } from './wire.js';

export { versionProblem } from './routes.js';

/** A documented token that is valid but whose application lacks the Doc Gen scope: 403. */
export const NO_SCOPE_TOKEN = 'sandbox-docgen-token-no-scope';

/** A request id as the service gives one: twelve hex digits, different for each answer. */
function requestIds(): { next(): string; reset(): void } {
  let n = 0;
  return {
    next() {
      n++;
      const h = Math.imul(n ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
      return `${h.toString(16).padStart(8, '0')}${n.toString(16).padStart(4, '0')}`;
    },
    reset: () => void (n = 0),
  };
}

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
  state: (k) => ({
    store: new JobStore(k.settings.int('count'), k.settings.int('seed'), k.clock.now()),
    counts: {
      requests: 0,
      unauthorized: 0,
      forbidden: 0,
      invalidVersion: 0,
      rateLimited: 0,
      badRequest: 0,
      notFound: 0,
      pages: 0,
      pagesWithoutUsemarker: 0,
    },
  }),
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

/** Bearer token, then the rate limit per token, then the version header; every error carries a request id. */
function tokenGate(k: DocgenKit, ids: { next(): string }, registry: { check(token: string): string }) {
  const token = k.credentials.token ?? '';
  return new Gate<{ token: string; requestId: string }>({
    clock: k.clock,
    counts: () => k.state().counts,
    authenticate(req) {
      const requestId = ids.next();
      const given = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      // The fixed tokens, or one the authorization server issued and that has not expired.
      const issued = given !== undefined && registry.check(given) === 'valid';
      if (!given || (given !== token && given !== NO_SCOPE_TOKEN && !issued))
        throw fail(401, 'unauthorized', 'Unauthorized', requestId, {
          headers: {
            'www-authenticate': given
              ? 'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."'
              : 'Bearer realm="Service"',
          },
        });
      if (given === NO_SCOPE_TOKEN)
        throw fail(
          403,
          'insufficient_scope',
          'The request requires higher privileges than provided by the access token.',
          requestId,
        );
      return { token: given, requestId };
    },
    rate: {
      limit: k.settings.int('rate_limit'),
      windowMs: k.settings.int('rate_period') * 1000,
      key: (_req, grant) => grant.token,
      refuse: (hit, _req, grant) =>
        clientError(
          429,
          'rate_limit_exceeded',
          'Request rate limit exceeded, please try again later',
          grant.requestId,
          {
            headers: { 'retry-after': String(hit.resetSeconds) },
          },
        ),
    },
    tally: (reply) =>
      reply.status === 400 && (reply.body as { code?: string }).code === 'bad_request'
        ? 'badRequest'
        : reply.status === 404
          ? 'notFound'
          : undefined,
  });
}
