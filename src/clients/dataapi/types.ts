/**
 * Wire types of the data API's error reports and webhook resend (seed 002 B; reference §B;
 * specs/dataapi.openapi.json). Every field of the vendor schema is nullable.
 */

/** The two error reports: `POST /v3/keywords_data/errors` and `POST /v3/backlinks/errors`. */
export type ErrorReport = 'keywords' | 'backlinks';

/** The functions of a failed webhook delivery, as a result's `function` names them. */
export const WEBHOOK_FUNCTIONS = ['pingback_url', 'postback_url'] as const;
export type WebhookFunction = (typeof WEBHOOK_FUNCTIONS)[number];

/** The one object of an error-report request body (the body is an array holding it). */
export interface ErrorsRequestWire {
  /** At most 1000; default 1000. */
  limit?: number | undefined;
  /** Leading tasks skipped; default 0. */
  offset?: number | undefined;
  /** Only results whose `function` is this (`pingback_url`, `backlinks/summary/live`…). */
  filtered_function?: string | undefined;
  /** UTC `yyyy-mm-dd hh:mm:ss +00:00`, within the last 7 days. */
  datetime_from?: string | undefined;
  datetime_to?: string | undefined;
}

/** One failed task of a report. */
export interface ErrorResultWire {
  id?: string | null;
  /** UTC `yyyy-mm-dd hh:mm:ss +00:00`. */
  datetime?: string | null;
  function?: string | null;
  error_code?: number | null;
  /** The error message, or the URL that caused the error. */
  error_message?: string | null;
  /** The API call's URL, or the pingback/postback target. */
  http_url?: string | null;
  http_method?: string | null;
  http_code?: number | null;
  /** Seconds; for webhooks, how long the receiving server took. */
  http_time?: number | null;
  http_response?: string | null;
}

/** A task entry of the envelope; `status_code` 10000–60000 (20000 and 20100 are success). */
export interface TaskWire<R = unknown> {
  id?: string | null;
  status_code?: number | null;
  status_message?: string | null;
  /** Seconds with a unit, e.g. `"0.0154 sec."`. */
  time?: string | null;
  cost?: number | null;
  result_count?: number | null;
  path?: Array<string | null> | null;
  /** Echo of the request object. */
  data?: Record<string, unknown> | null;
  result?: R[] | null;
}

/** Every answer of the data API: `status_code` 20000 with `Ok.` is success. */
export interface EnvelopeWire<R = unknown> {
  version?: string | null;
  status_code?: number | null;
  status_message?: string | null;
  time?: string | null;
  cost?: number | null;
  tasks_count?: number | null;
  tasks_error?: number | null;
  tasks?: Array<TaskWire<R> | null> | null;
}

/** One item of a webhook-resend request body (`POST /v3/appendix/webhook_resend`). */
export interface WebhookResendRequestWire {
  id: string;
}

/** What the service said about one task of a resend: 20100 (`Task Created.`) when it is resent. */
export interface WebhookResendOutcome {
  id: string;
  status_code: number | undefined;
  status_message: string | undefined;
  resent: boolean;
}
