import {
  type Emulator,
  type Reply,
  Router,
  type SandboxContext,
  type SandboxRequest,
  json,
  settingsOf,
} from '../framework.js';
import { Gate } from '../gate.js';
import { mountAuthServer } from '../oauth/mount.js';
import { box } from '../oauth/vendors.js';
import {
  ENTERPRISE_ID,
  type Job,
  JobStore,
  NEWEST_BATCH_ID,
  NEWEST_JOB_ID,
  SANDBOX_USER_ID,
  TEMPLATES,
} from './jobs.js';
import { decodeMarker, encodeMarker } from './marker.js';
import { clientError, fail, invalidParameter, jobWire } from './wire.js';
import { pageAt } from '../paging.js';

/** A documented token that is valid but whose application lacks the Doc Gen scope: 403. */
export const NO_SCOPE_TOKEN = 'sandbox-docgen-token-no-scope';
/** The only version this API exists in. */
const VERSION = '2025.0';
const MAX_LIMIT = 1000;

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
 * Settings (`ops sandbox start --set`): docgen.count (jobs of the sandbox user, default 2400),
 * docgen.seed (default 1), docgen.rate_limit (requests per period, default 1000), docgen.rate_period
 * (seconds, default 60).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const settings = settingsOf(ctx, 'docgen');
  const count = settings.int('count', 2400, 0);
  const seed = settings.int('seed', 1, 0);
  const rateLimit = settings.int('rate_limit', 1000, 1);
  const ratePeriod = settings.int('rate_period', 60, 1);
  const creds = ctx.options.credentials.docgen ?? {};
  const token = creds.token ?? '';
  const auth = mountAuthServer(
    ctx,
    'docgen',
    box({
      clientId: creds.client_id ?? '',
      clientSecret: creds.client_secret ?? '',
      enterpriseId: ENTERPRISE_ID,
      userId: SANDBOX_USER_ID,
      appScope: 'docgen',
    }),
  );
  let store = new JobStore(count, seed, ctx.clock.now());
  const ids = requestIds();
  const counts = {
    requests: 0,
    unauthorized: 0,
    forbidden: 0,
    invalidVersion: 0,
    rateLimited: 0,
    badRequest: 0,
    notFound: 0,
    pages: 0,
    pagesWithoutUsemarker: 0,
  };

  /** Bearer token, then the rate limit per token, then the version header; every error carries a request id. */
  const gate = new Gate<{ token: string; requestId: string }>({
    clock: ctx.clock,
    counts,
    authenticate(req) {
      const requestId = ids.next();
      const m = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const given = m?.[1];
      // The fixed tokens, or one the authorization server issued and that has not expired.
      const issued = given !== undefined && auth.registry.check(given) === 'valid';
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
      limit: rateLimit,
      windowMs: ratePeriod * 1000,
      key: (_req, grant) => grant.token,
      refuse: (hit, _req, grant) =>
        clientError(
          429,
          'rate_limit_exceeded',
          'Request rate limit exceeded, please try again later',
          grant.requestId,
          { headers: { 'retry-after': String(hit.resetSeconds) } },
        ),
    },
    tally: (reply) =>
      reply.status === 400 && (reply.body as { code?: string }).code === 'bad_request'
        ? 'badRequest'
        : reply.status === 404
          ? 'notFound'
          : undefined,
  });

  /** Runs a handler behind the gate and the version check. */
  function guarded(handler: (req: SandboxRequest, requestId: string) => Reply) {
    return gate.guard((req, { requestId }) => {
      const problem = versionProblem(req.headers['content-version']);
      if (problem) {
        counts.invalidVersion++;
        throw fail(400, 'invalid_api_version', `${problem} Supported versions: ${VERSION}.`, requestId);
      }
      return handler(req, requestId);
    });
  }

  /** One page of `jobs` (newest first) after the marker; markers only when usemarker=true. */
  function page(req: SandboxRequest, requestId: string, scope: string, jobs: Job[], full: boolean): Reply {
    const q = req.query;
    const usemarkerRaw = q.get('usemarker');
    if (usemarkerRaw !== null && usemarkerRaw !== 'true' && usemarkerRaw !== 'false')
      throw invalidParameter('usemarker', `Invalid value '${usemarkerRaw}'. Give true or false.`, requestId);
    const usemarker = usemarkerRaw === 'true';
    const limitRaw = q.get('limit');
    let limit = MAX_LIMIT;
    if (limitRaw !== null) {
      limit = /^\d+$/.test(limitRaw) ? Number(limitRaw) : Number.NaN;
      if (!(limit >= 1))
        throw invalidParameter(
          'limit',
          `Invalid value '${limitRaw}'. 'limit' must be a whole number of at least 1.`,
          requestId,
        );
      // Above the seed's maximum the page is the maximum, as the service does: the vendor's own SDK
      // tests ask for 10000.
      limit = Math.min(limit, MAX_LIMIT);
    }
    let start = 0;
    const marker = q.get('marker');
    if (marker !== null) {
      if (!usemarker)
        throw invalidParameter('marker', "'marker' requires 'usemarker' to be set to true.", requestId);
      const at = decodeMarker(scope, marker);
      start = at === undefined ? -1 : jobs.findIndex((j) => j.id === at);
      if (start < 0)
        throw invalidParameter('marker', `Invalid value '${marker}'. Not a marker of this list.`, requestId);
    }
    counts.pages++;
    const now = ctx.clock.now();
    const page = pageAt(jobs, start, limit);
    const entries = page.items.map((j) => jobWire(j, now, full));
    if (!usemarker) {
      // Without usemarker there is no marker pagination: one page and no way on.
      counts.pagesWithoutUsemarker++;
      return json(200, { entries, limit });
    }
    return json(200, {
      entries,
      limit,
      next_marker: page.next === undefined ? null : encodeMarker(scope, jobs[page.next]!.id),
      prev_marker: start > 0 ? encodeMarker(scope, jobs[Math.max(0, start - limit)]!.id) : null,
    });
  }

  const notFound = (requestId: string, what: string) =>
    fail(404, 'not_found', 'Not Found', requestId, { contextInfo: { message: what } });

  const router = new Router(
    () => clientError(404, 'not_found', 'Not Found', ids.next()),
    () => clientError(405, 'method_not_allowed', 'Method Not Allowed', ids.next()),
  )
    .on(
      'GET',
      '/2.0/docgen_jobs',
      guarded((req, rid) => page(req, rid, 'all', store.mine, true)),
    )
    .on(
      'GET',
      '/2.0/docgen_jobs/:job_id',
      guarded((req, rid) => {
        const job = store.job(req.params.job_id ?? '');
        if (job?.owner !== 'user')
          throw notFound(rid, `No Doc Gen job ${req.params.job_id} is visible to this user.`);
        return json(200, jobWire(job, ctx.clock.now(), false));
      }),
    )
    .on(
      'GET',
      '/2.0/docgen_batch_jobs/:batch_id',
      guarded((req, rid) => {
        const id = req.params.batch_id ?? '';
        const jobs = store.batch(id);
        if (!jobs || jobs[0]!.owner !== 'user')
          throw notFound(rid, `No Doc Gen batch ${id} is visible to this user.`);
        return page(req, rid, `b${id}`, jobs, false);
      }),
    )
    .on(
      'GET',
      '/2.0/docgen_template_jobs/:template_id',
      guarded((req, rid) => {
        const id = req.params.template_id ?? '';
        const template = store.template(id);
        if (template?.owner !== 'user')
          throw notFound(rid, `No Doc Gen template ${id} is visible to this user.`);
        return page(req, rid, `t${id}`, store.jobsOfTemplate(id), false);
      }),
    );

  return {
    name: 'docgen',
    handle: (req) => auth.handle(req) ?? router.handle(req),
    reset() {
      store = new JobStore(count, seed, ctx.clock.now());
      gate.reset();
      ids.reset();
      auth.reset();
    },
    stats: () => ({ jobs: store.mine.length, ...counts, ...auth.stats() }),
    banner: () => [
      `docgen: ${store.mine.length} jobs (newest ${NEWEST_JOB_ID}, batch ${NEWEST_BATCH_ID}, templates ${TEMPLATES.slice(
        0,
        5,
      )
        .map((t) => t.fileId)
        .join(', ')}); a token without the Doc Gen scope: OPS_DOCGEN_TOKEN=${NO_SCOPE_TOKEN}`,
    ],
  };
}

/** What is wrong with the `content-version` header, in the vendor's distinctions, or undefined. */
export function versionProblem(value: string | undefined): string | undefined {
  if (value === undefined)
    return 'The content-version header is missing; this endpoint exists only in a versioned API.';
  const v = value.trim();
  if (v === '') return 'The content-version header is empty.';
  if (v.includes(',')) return 'The content-version header has several values; give exactly one.';
  if (!/^\d{4}\.\d+$/.test(v)) return `The API version '${v}' is malformed; versions look like ${VERSION}.`;
  if (v !== VERSION) return `The API version '${v}' is not supported.`;
  return undefined;
}
