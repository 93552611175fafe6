import { type Operations, op } from '../core/anatomy.js';
import { type Reply, ReplyError, type SandboxRequest } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import { pageAt } from '../core/paging.js';
import { STATUS, type Task, envelope, task } from './envelope.js';
import {
  type ReportName,
  WEBHOOK_FUNCTIONS,
  WINDOW_SECONDS,
  parseDatetime,
  resultOf,
  taskId,
} from './seed.js';
import type { DataapiKit } from './state.js';

const REPORT_FIELDS = ['limit', 'offset', 'filtered_function', 'datetime_from', 'datetime_to'];
const MAX_LIMIT = 1000;
const MAX_RESEND = 100;

/** A failure of the whole request: the envelope carries it, with no tasks. */
const refuse = (status: readonly [number, string], http = 200) =>
  new ReplyError(envelope(status[0], status[1], null, { http }));

/** The routes of the Data API's error reports, by the client operation each serves. */
export function dataapiRoutes(k: DataapiKit, p: { gate: Gate }): Operations {
  const guarded = (handler: (req: SandboxRequest) => Reply) => p.gate.guard((req) => handler(req));
  return {
    // errors(report, …): either report by its name, served by the two routes.
    keywordsDataErrors: op(
      'POST',
      '/v3/keywords_data/errors',
      guarded(errorReport(k, 'keywords', 'keywords_data')),
      ['errors'],
    ),
    backlinksErrors: op('POST', '/v3/backlinks/errors', guarded(errorReport(k, 'backlinks', 'backlinks'))),
    webhookResend: op(
      'POST',
      '/v3/appendix/webhook_resend',
      guarded((req) => webhookResend(k, req)),
    ),
  };
}

function newTaskId(k: DataapiKit): string {
  const s = k.state();
  return taskId(k.clock.nowSeconds(), () => ((s.serial++ * 2654435761) % 2 ** 32) / 2 ** 32);
}

/** The body: a JSON array with 1..max items. */
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
  return Object.keys(o).filter((key) => !known.includes(key));
}

type Fail = (status: readonly [number, string], detail: string) => Reply;

/** The report's window: `[from, to]` in seconds, or the failed task that says what is wrong. */
function windowOf(k: DataapiKit, o: Record<string, unknown>, fail: Fail): [number, number] | Reply {
  const now = k.clock.nowSeconds();
  const window: [number, number] = [now - WINDOW_SECONDS, now];
  const bounds: Record<string, number> = {};
  for (const key of ['datetime_from', 'datetime_to']) {
    if (o[key] === undefined || o[key] === null) continue;
    const t = typeof o[key] === 'string' ? parseDatetime(o[key] as string) : undefined;
    if (t === undefined)
      return fail(STATUS.invalidField, `'${key}'. Use the UTC format yyyy-mm-dd hh:mm:ss +00:00.`);
    if (t < window[0] || t > window[1])
      return fail(STATUS.invalidField, `'${key}'. The time must be within the last 7 days.`);
    bounds[key] = t;
  }
  const from = bounds.datetime_from ?? window[0];
  const to = bounds.datetime_to ?? window[1];
  if (from > to) return fail(STATUS.invalidField, "'datetime_to'. It must not be before datetime_from.");
  return [from, to];
}

function errorReport(k: DataapiKit, name: ReportName, api: string) {
  return (req: SandboxRequest): Reply => {
    k.state().stats.reportRequests[name]++;
    const [item] = readArray(req, 1);
    const path = ['v3', api, 'errors'];
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw refuse(STATUS.invalid);
    const o = item as Record<string, unknown>;
    const data = { api, function: 'errors', ...o };
    const fail: Fail = (status, detail) =>
      envelope(...STATUS.ok, [task(newTaskId(k), status, path, data, null, detail)]);
    const unknown = unknownFields(o, REPORT_FIELDS);
    if (unknown.length) return fail(STATUS.unknownFields, `${unknown.join(', ')}.`);

    const given = (key: string) => o[key] !== undefined && o[key] !== null;
    const limit = given('limit') ? o.limit : MAX_LIMIT;
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT)
      return fail(STATUS.invalidField, `'limit'. Give a whole number from 1 to ${MAX_LIMIT}.`);
    const offset = given('offset') ? o.offset : 0;
    if (!Number.isInteger(offset) || (offset as number) < 0)
      return fail(STATUS.invalidField, "'offset'. Give a whole number from 0.");
    if (given('filtered_function') && typeof o.filtered_function !== 'string')
      return fail(STATUS.invalidField, "'filtered_function'. Give a string.");
    const window = windowOf(k, o, fail);
    if (!Array.isArray(window)) return window;
    const [from, to] = window;

    const fn = given('filtered_function') ? (o.filtered_function as string) : undefined;
    const matching = k
      .state()
      .reports[name].filter((t) => t.at >= from && t.at <= to && (fn === undefined || t.function === fn));
    const page = pageAt(matching, offset as number, limit as number).items.map(resultOf);
    return envelope(...STATUS.ok, [task(newTaskId(k), STATUS.ok, path, data, page)]);
  };
}

function webhookResend(k: DataapiKit, req: SandboxRequest): Reply {
  const s = k.state();
  s.stats.resendRequests++;
  const items = readArray(req, MAX_RESEND);
  const path = ['v3', 'appendix', 'webhook_resend'];
  const tasks: Task[] = items.map((item) => {
    const o = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<
      string,
      unknown
    >;
    const data = { api: 'appendix', function: 'webhook_resend', ...o };
    const id = typeof o.id === 'string' ? o.id : newTaskId(k);
    const unknown = unknownFields(o, ['id']);
    if (unknown.length) return task(id, STATUS.unknownFields, path, data, null, `${unknown.join(', ')}.`);
    if (typeof o.id !== 'string' || o.id === '')
      return task(id, STATUS.invalidField, path, data, null, "'id'. Give the task's id.");
    const failures = s.byId.get(o.id);
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
    const report = s.reports.keywords.includes(hook) ? 'keywords' : 'backlinks';
    s.stats.resent.push({ id: o.id, function: hook.function, report });
    return task(id, STATUS.taskCreated, path, data, null);
  });
  return envelope(...STATUS.ok, tasks);
}
