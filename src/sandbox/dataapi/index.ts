import {
  type Emulator,
  type Reply,
  ReplyError,
  Router,
  type SandboxContext,
  type SandboxRequest,
} from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { STATUS, type Task, envelope, task } from './envelope.js';
import {
  type FailedTask,
  type ReportName,
  WEBHOOK_FUNCTIONS,
  WINDOW_SECONDS,
  generateReport,
  parseDatetime,
  resultOf,
  taskId,
} from './reports.js';
import { pageAt } from '../paging.js';

const REPORT_FIELDS = ['limit', 'offset', 'filtered_function', 'datetime_from', 'datetime_to'];
const MAX_LIMIT = 1000;
const MAX_RESEND = 100;

/** A failure of the whole request: the envelope carries it, with no tasks. */
const refuse = (status: readonly [number, string], http = 200) =>
  new ReplyError(envelope(status[0], status[1], null, { http }));

/**
 * Data API error reports (seed 002 B, reference §B): `POST /v3/keywords_data/errors` and
 * `POST /v3/backlinks/errors` over a generated week of failed tasks (offset, limit, function and time
 * filters inside the one-object array body, the 7-day window on the sandbox clock), and
 * `POST /v3/appendix/webhook_resend` (reference §B.5), which records what it resent. HTTP Basic with
 * the sandbox login; HTTP 200 with the failure in the envelope or the task for everything but a bad
 * credential (401) and an unknown path (404); a per-minute rate limit announced in `X-RateLimit-Limit`
 * and `X-RateLimit-Remaining` and told as 40202 in the envelope.
 *
 * Settings (`ops sandbox start --set`): dataapi.keywords (failed keyword tasks, default 1200),
 * dataapi.backlinks (default 240), dataapi.seed (default 1), dataapi.rate_limit (requests per period,
 * default 2000), dataapi.rate_period (seconds, default 60).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const settings = declaredSettings(ctx, 'dataapi');
  const { clock } = ctx;
  const counts = {
    keywords: settings.int('keywords'),
    backlinks: settings.int('backlinks'),
  };
  const seed = settings.int('seed');
  const rateLimit = settings.int('rate_limit');
  const creds = ctx.options.credentials.dataapi ?? {};
  const expected = `Basic ${Buffer.from(`${creds.login}:${creds.password}`).toString('base64')}`;

  let reports = {} as Record<ReportName, FailedTask[]>;
  let byId = new Map<string, FailedTask[]>();
  let serial = 0;
  const stats = {
    requests: 0,
    unauthorized: 0,
    rateLimited: 0,
    /** Requests refused in the envelope, and tasks with an error status. */
    refused: 0,
    reportRequests: { keywords: 0, backlinks: 0 },
    resendRequests: 0,
    /** Every resent task, in order. */
    resent: [] as Array<{ id: string; function: string; report: ReportName }>,
  };

  function reset(): void {
    const t0 = clock.nowSeconds();
    reports = {
      keywords: generateReport('keywords', counts.keywords, seed, t0),
      backlinks: generateReport('backlinks', counts.backlinks, seed, t0),
    };
    byId = new Map();
    for (const t of [...reports.keywords, ...reports.backlinks])
      byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
    serial = 0;
    stats.reportRequests = { keywords: 0, backlinks: 0 };
    stats.resent = [];
    // The numeric counters and the rate window.
    gate.reset();
  }

  const newTaskId = () => taskId(clock.nowSeconds(), () => ((serial++ * 2654435761) % 2 ** 32) / 2 ** 32);

  /**
   * Basic auth, then the rate limit, told in the envelope (HTTP 200, no Retry-After); the rate headers
   * go on every answer after the credential check.
   */
  const gate = new Gate({
    clock,
    counts: stats,
    authenticate(req) {
      if (req.headers.authorization !== expected)
        throw new ReplyError(envelope(...STATUS.unauthorized, null, { http: 401 }));
    },
    rate: {
      limit: rateLimit,
      windowMs: settings.int('rate_period') * 1000,
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
  const guarded = (handler: (req: SandboxRequest) => Reply) => gate.guard((req) => handler(req));
  reset();

  /** The body: a JSON array with 1..max items (`one`: exactly one). */
  function readArray(req: SandboxRequest, max: number): unknown[] {
    if (req.body.length === 0) throw refuse(STATUS.empty);
    let body: unknown;
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      throw refuse(STATUS.invalid);
    }
    if (!Array.isArray(body)) throw refuse(STATUS.invalid);
    if (body.length === 0) throw refuse(STATUS.empty);
    if (body.length > max) throw refuse(max === 1 ? STATUS.oneTaskOnly : STATUS.tooManyTasks);
    return body;
  }

  function unknownFields(o: Record<string, unknown>, known: string[]): string[] {
    return Object.keys(o).filter((k) => !known.includes(k));
  }

  function errorReport(name: ReportName, api: string) {
    return (req: SandboxRequest): Reply => {
      stats.reportRequests[name]++;
      const [item] = readArray(req, 1);
      const path = ['v3', api, 'errors'];
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw refuse(STATUS.invalid);
      const o = item as Record<string, unknown>;
      const data = { api, function: 'errors', ...o };
      const fail = (status: readonly [number, string], detail: string) =>
        envelope(...STATUS.ok, [task(newTaskId(), status, path, data, null, detail)]);
      const unknown = unknownFields(o, REPORT_FIELDS);
      if (unknown.length) return fail(STATUS.unknownFields, `${unknown.join(', ')}.`);

      const given = (k: string) => o[k] !== undefined && o[k] !== null;
      const limit = given('limit') ? o.limit : MAX_LIMIT;
      if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT)
        return fail(STATUS.invalidField, `'limit'. Give a whole number from 1 to ${MAX_LIMIT}.`);
      const offset = given('offset') ? o.offset : 0;
      if (!Number.isInteger(offset) || (offset as number) < 0)
        return fail(STATUS.invalidField, "'offset'. Give a whole number from 0.");
      if (given('filtered_function') && typeof o.filtered_function !== 'string')
        return fail(STATUS.invalidField, "'filtered_function'. Give a string.");

      const now = clock.nowSeconds();
      const window: [number, number] = [now - WINDOW_SECONDS, now];
      const bounds: Record<string, number> = {};
      for (const k of ['datetime_from', 'datetime_to']) {
        if (!given(k)) continue;
        const t = typeof o[k] === 'string' ? parseDatetime(o[k] as string) : undefined;
        if (t === undefined)
          return fail(STATUS.invalidField, `'${k}'. Use the UTC format yyyy-mm-dd hh:mm:ss +00:00.`);
        if (t < window[0] || t > window[1])
          return fail(STATUS.invalidField, `'${k}'. The time must be within the last 7 days.`);
        bounds[k] = t;
      }
      const from = bounds.datetime_from ?? window[0];
      const to = bounds.datetime_to ?? window[1];
      if (from > to) return fail(STATUS.invalidField, "'datetime_to'. It must not be before datetime_from.");

      const fn = given('filtered_function') ? (o.filtered_function as string) : undefined;
      const matching = reports[name].filter(
        (t) => t.at >= from && t.at <= to && (fn === undefined || t.function === fn),
      );
      const page = pageAt(matching, offset as number, limit as number).items.map(resultOf);
      return envelope(...STATUS.ok, [task(newTaskId(), STATUS.ok, path, data, page)]);
    };
  }

  function webhookResend(req: SandboxRequest): Reply {
    stats.resendRequests++;
    const items = readArray(req, MAX_RESEND);
    const path = ['v3', 'appendix', 'webhook_resend'];
    const tasks: Task[] = items.map((item) => {
      const o = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<
        string,
        unknown
      >;
      const data = { api: 'appendix', function: 'webhook_resend', ...o };
      const id = typeof o.id === 'string' ? o.id : newTaskId();
      const unknown = unknownFields(o, ['id']);
      if (unknown.length) return task(id, STATUS.unknownFields, path, data, null, `${unknown.join(', ')}.`);
      if (typeof o.id !== 'string' || o.id === '')
        return task(id, STATUS.invalidField, path, data, null, "'id'. Give the task's id.");
      const failures = byId.get(o.id);
      if (!failures) return task(id, STATUS.taskNotFound, path, data, null);
      const hook = failures.find((t) => WEBHOOK_FUNCTIONS.includes(t.function));
      if (!hook)
        return task(
          id,
          STATUS.invalidField,
          path,
          data,
          null,
          "'id'. The task has no failed pingback or postback.",
        );
      const report = reports.keywords.includes(hook) ? 'keywords' : 'backlinks';
      stats.resent.push({ id: o.id, function: hook.function, report });
      return task(id, STATUS.taskCreated, path, data, null);
    });
    return envelope(...STATUS.ok, tasks);
  }

  const notFound = () => envelope(...STATUS.notFound, null, { http: 404 });
  const router = new Router(notFound, notFound)
    .on('POST', '/v3/keywords_data/errors', guarded(errorReport('keywords', 'keywords_data')))
    .on('POST', '/v3/backlinks/errors', guarded(errorReport('backlinks', 'backlinks')))
    .on('POST', '/v3/appendix/webhook_resend', guarded(webhookResend));

  return {
    name: 'dataapi',
    handle: (req) => router.handle(req),
    reset,
    stats: () => {
      const resentIds: Record<string, number> = {};
      for (const r of stats.resent) resentIds[r.id] = (resentIds[r.id] ?? 0) + 1;
      return {
        ...stats,
        failedTasks: { keywords: reports.keywords.length, backlinks: reports.backlinks.length },
        resentIds,
      };
    },
    banner: () => [
      `dataapi: ${counts.keywords} keyword and ${counts.backlinks} backlink task errors over the past 7 days; login ${creds.login}`,
    ],
  };
}
