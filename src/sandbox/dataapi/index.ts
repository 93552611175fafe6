import { defineEmulator } from '../core/anatomy.js';
import type { Gate } from '../core/gate.js';
import { STATUS, envelope } from './envelope.js';
import { basicGate } from './gate.js';
import { dataapiRoutes } from './routes.js';
import { type DataapiState, makeDataapiState } from './state.js';

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
  state: makeDataapiState,
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
