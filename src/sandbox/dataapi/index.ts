import { defineEmulator } from '../core/anatomy.js';
import { ReplyError } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { STATUS, envelope } from './envelope.js';
import { type FailedTask, generateReport } from './reports.js';
import { type DataapiKit, type DataapiState, dataapiRoutes } from './routes.js';

/**
 * Data API error reports (seed 002 B, reference §B): `POST /v3/keywords_data/errors` and
 * `POST /v3/backlinks/errors` over a generated week of failed tasks (offset, limit, function and time
 * filters inside the one-object array body, the 7-day window on the sandbox clock), and
 * `POST /v3/appendix/webhook_resend` (reference §B.5), which records what it resent. HTTP Basic with
 * the sandbox login; HTTP 200 with the failure in the envelope or the task for everything but a bad
 * credential (401) and an unknown path (404); a per-minute rate limit announced in `X-RateLimit-Limit`
 * and `X-RateLimit-Remaining` and told as 40202 in the envelope.
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): dataapi.keywords (failed keyword
 * tasks), dataapi.backlinks, dataapi.seed, dataapi.rate_limit (requests per period), dataapi.rate_period
 * (seconds).
 */
export const createEmulator = defineEmulator<DataapiState, { gate: Gate }>({
  name: 'dataapi',
  state(k) {
    const t0 = k.clock.nowSeconds();
    const seed = k.settings.int('seed');
    const reports = {
      keywords: generateReport('keywords', k.settings.int('keywords'), seed, t0),
      backlinks: generateReport('backlinks', k.settings.int('backlinks'), seed, t0),
    };
    const byId = new Map<string, FailedTask[]>();
    for (const t of [...reports.keywords, ...reports.backlinks])
      byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
    const stats = { requests: 0, unauthorized: 0, rateLimited: 0, refused: 0, resendRequests: 0 };
    return {
      reports,
      byId,
      serial: 0,
      stats: { ...stats, reportRequests: { keywords: 0, backlinks: 0 }, resent: [] },
    };
  },
  parts: (k) => {
    const gate = basicGate(k);
    return { gate, resets: [gate] };
  },
  routes: dataapiRoutes,
  notFound: () => envelope(...STATUS.notFound, null, { http: 404 }),
  stats(k) {
    const { stats, reports } = k.state();
    const resentIds: Record<string, number> = {};
    for (const r of stats.resent) resentIds[r.id] = (resentIds[r.id] ?? 0) + 1;
    return {
      ...stats,
      failedTasks: { keywords: reports.keywords.length, backlinks: reports.backlinks.length },
      resentIds,
    };
  },
  banner: (k) => [
    `dataapi: ${k.settings.int('keywords')} keyword and ${k.settings.int('backlinks')} backlink task errors over the past 7 days; login ${k.credentials.login}`,
  ],
});

/**
 * Basic auth, then the rate limit, told in the envelope (HTTP 200, no Retry-After); the rate headers
 * go on every answer after the credential check.
 */
function basicGate(k: DataapiKit): Gate {
  const { login, password } = k.credentials;
  const expected = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const rateLimit = k.settings.int('rate_limit');
  return new Gate({
    clock: k.clock,
    counts: () => k.state().stats,
    authenticate(req) {
      if (req.headers.authorization !== expected)
        throw new ReplyError(envelope(...STATUS.unauthorized, null, { http: 401 }));
    },
    rate: {
      limit: rateLimit,
      windowMs: k.settings.int('rate_period') * 1000,
      refuse: () => envelope(...STATUS.rateLimited, null),
      retryAfter: false,
      headers: (hit) => ({
        'x-ratelimit-limit': String(rateLimit),
        'x-ratelimit-remaining': String(hit.remaining),
      }),
    },
    tally(reply) {
      const body = reply.body as { status_code?: number; tasks_error?: number } | undefined;
      return body?.status_code !== STATUS.ok[0] || (body.tasks_error ?? 0) > 0 ? 'refused' : undefined;
    },
  });
}
