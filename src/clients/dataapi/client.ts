import { type ListOptions, type Page, type PageOptions, listPages } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient, RequestSpec } from '../http/types.js';
import { type EnvelopeOptions, STATUS_TASK_CREATED, envelopeClient } from './envelope.js';
import { REPORT_ITEMS, reportPages } from './pages.js';
import type {
  EnvelopeWire,
  ErrorReport,
  ErrorResultWire,
  ErrorsRequestWire,
  WebhookResendOutcome,
  WebhookResendRequestWire,
} from './types.js';

/** Where each error report lives. */
export const REPORT_PATHS: Record<ErrorReport, string> = {
  keywords: '/v3/keywords_data/errors',
  backlinks: '/v3/backlinks/errors',
};

/** Task ids one webhook-resend request takes at most (reference §B.5). */
export const MAX_RESEND_IDS = 100;

export interface DataapiClient {
  /** KeywordsDataErrors: failed Keywords Data tasks of the past 7 days, page by page (stops at `limit`). */
  keywordsDataErrors(req: ErrorsRequestWire, opts?: PageOptions): AsyncGenerator<Page<ErrorResultWire>>;
  /** BacklinksErrors: failed Backlinks tasks of the past 7 days, page by page. */
  backlinksErrors(req: ErrorsRequestWire, opts?: PageOptions): AsyncGenerator<Page<ErrorResultWire>>;
  /** Either report by name. */
  /**
   * `plan`: the report is read to plan a change (a resend), so `--dry-run` sends it. `raw`: each
   * failed task is kept as the text the service sent (NDJSON output).
   */
  errors(
    report: ErrorReport,
    req: ErrorsRequestWire,
    opts?: PageOptions & { plan?: boolean },
  ): AsyncGenerator<Page<ErrorResultWire>>;
  errors(
    report: ErrorReport,
    req: ErrorsRequestWire,
    opts: PageOptions & { plan?: boolean; raw: boolean },
  ): AsyncGenerator<Page<ErrorResultWire | RawJson>>;
  /**
   * AppendixWebhookResend: deliver the pingback or postback of these tasks again, at most 100 ids.
   * One outcome per id, in the order given; a task the service refuses is an outcome, not an error.
   */
  webhookResend(ids: readonly string[]): Promise<WebhookResendOutcome[]>;
}

/** Leaves out what was not asked for, so the API's own defaults apply. */
function requestObject(req: ErrorsRequestWire): ErrorsRequestWire {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req)) if (v !== undefined && v !== '') out[k] = v;
  return out as ErrorsRequestWire;
}

/**
 * The data API client. Every answer's envelope is read: a status other than success (the envelope's,
 * or a report task's) is a DataapiStatusError, and a rate limit told there is retried (see envelope.ts).
 */
export function createDataapiClient(http: HttpClient, o: EnvelopeOptions = {}): DataapiClient {
  const reports = envelopeClient(http, { tasks: true, rawItems: REPORT_ITEMS }, o);
  // A resend's tasks answer one by one: their statuses are outcomes, read below.
  const resends = envelopeClient(http, { tasks: false }, o);
  function errors(
    report: ErrorReport,
    req: ErrorsRequestWire,
    opts?: PageOptions & { plan?: boolean },
  ): AsyncGenerator<Page<ErrorResultWire>>;
  function errors(
    report: ErrorReport,
    req: ErrorsRequestWire,
    opts: PageOptions & { plan?: boolean; raw: boolean },
  ): AsyncGenerator<Page<ErrorResultWire | RawJson>>;
  function errors(
    report: ErrorReport,
    req: ErrorsRequestWire,
    { plan, raw, ...opts }: PageOptions & { plan?: boolean; raw?: boolean } = {},
  ): AsyncGenerator<Page<ErrorResultWire | RawJson>> {
    const first: RequestSpec = {
      method: 'POST',
      path: REPORT_PATHS[report],
      body: [requestObject(req)],
      // A report is read, not changed: safe to send again after a dropped connection or a 503.
      idempotent: true,
      ...(plan ? { plan } : {}),
    };
    return listPages<ErrorResultWire, ListOptions>(reports, first, reportPages(), REPORT_ITEMS, {
      ...opts,
      raw,
    });
  }
  return {
    errors,
    keywordsDataErrors: (req, opts) => errors('keywords', req, opts),
    backlinksErrors: (req, opts) => errors('backlinks', req, opts),
    async webhookResend(ids) {
      if (ids.length === 0) return [];
      if (ids.length > MAX_RESEND_IDS)
        throw new RangeError(`webhookResend takes at most ${MAX_RESEND_IDS} ids (got ${ids.length})`);
      const body: WebhookResendRequestWire[] = ids.map((id) => ({ id }));
      // Not idempotent: a repeat after a lost answer could deliver the webhooks twice.
      const res = await resends.request<EnvelopeWire<null>>({
        method: 'POST',
        path: '/v3/appendix/webhook_resend',
        body,
        idempotent: false,
      });
      const tasks = (res.data.tasks ?? []).map((t) => t ?? {});
      return ids.map((id, i) => {
        const task = tasks.find((t) => t.data?.id === id) ?? tasks[i];
        const code = typeof task?.status_code === 'number' ? task.status_code : undefined;
        return {
          id,
          status_code: code,
          status_message: task?.status_message ?? (task ? undefined : 'no answer for this task'),
          resent: code === STATUS_TASK_CREATED,
        };
      });
    },
  };
}
