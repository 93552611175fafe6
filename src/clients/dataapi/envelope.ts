import { ExitCode, type ExitCodeValue, InterruptedError, NetworkError, OpsError } from '../../errors.js';
import { badAnswer, describeUnreadableBody } from '../http/parse-error.js';
import { takeRawItems } from '../http/paginate.js';
import type { JsonPath } from '../http/raw-json.js';
import { backoffSeconds, maxWaitHint, sleep as realSleep, serverWaitSeconds } from '../http/retry.js';
import type { HttpClient, HttpResponse, RequestSpec } from '../http/types.js';
import type { EnvelopeWire, TaskWire } from './types.js';

/** `Ok.`: the envelope's and a report task's success code. */
export const STATUS_OK = 20000;
/** `Task Created.`: a resend task's success code. */
export const STATUS_TASK_CREATED = 20100;
/**
 * Rate limits, signalled inside an HTTP 200 envelope (reference §B.4, §B.6): 40202 per-minute limit
 * exceeded, 40209 too many simultaneous requests. Nothing was done, so the request may be sent again.
 */
export const RATE_LIMIT_CODES: readonly number[] = [40202, 40209];

/** What a person can do about a status code, where there is something (no CLI flag named). */
const STATUS_HINTS: Record<number, string> = {
  40200: "the account's balance or plan does not cover this request",
  40201: 'the account is temporarily blocked; contact the provider',
  40202: 'the per-minute request limit was reached; wait a minute, or ask the provider to raise the limit',
  40203: "the account's cost limit was reached",
  40204: 'the account has no subscription for this API',
  40207: "this machine's IP address is not on the account's whitelist",
  40209: 'too many requests at once; send fewer in parallel',
  40210: "the account's funds are insufficient",
  50303: 'the service is being updated; retry in a few minutes',
};

/**
 * The service's own status code (the envelope's or a task's) other than success: the data API answers
 * HTTP 200 and tells failures inside the body. Exit 1, or 5 for a rate limit that outlived the retries.
 */
export class DataapiStatusError extends OpsError {
  readonly service = 'dataapi';
  readonly statusCode: number;
  readonly taskId: string | undefined;
  constructor(statusCode: number, statusMessage: string, taskId?: string, hintOverride?: string) {
    const rateLimited = RATE_LIMIT_CODES.includes(statusCode);
    const exitCode: ExitCodeValue = rateLimited ? ExitCode.rateLimited : ExitCode.failure;
    const hint = hintOverride ?? STATUS_HINTS[statusCode];
    super(`dataapi: ${statusMessage} (status ${statusCode}${taskId ? `, task ${taskId}` : ''})`, {
      exitCode,
      code: String(statusCode),
      ...(hint ? { hint } : {}),
    });
    this.statusCode = statusCode;
    this.taskId = taskId;
  }
}

/** The first failure an envelope reports: its own status, else (with `tasks`) a task's. */
export function envelopeFailure(
  env: EnvelopeWire,
  o: { tasks: boolean; taskOk?: number },
): { code: number; message: string; taskId?: string } | undefined {
  const code = env.status_code as number;
  if (code !== STATUS_OK) return { code, message: env.status_message || `status ${code}` };
  if (!o.tasks) return undefined;
  for (const task of env.tasks ?? []) {
    const t = (task ?? {}) as TaskWire;
    if (typeof t.status_code === 'number' && t.status_code !== (o.taskOk ?? STATUS_OK)) {
      return {
        code: t.status_code,
        message: t.status_message || `status ${t.status_code}`,
        ...(t.id ? { taskId: t.id } : {}),
      };
    }
  }
  return undefined;
}

/** takeRawItems, with a text that is not JSON named as the core names it. */
function splitText(res: HttpResponse<unknown>, path: JsonPath, service: string): void {
  const text = res.data as string;
  try {
    takeRawItems(res, path);
  } catch {
    throw badAnswer(service, res.status, describeUnreadableBody(text, res.headers['content-type'] ?? ''));
  }
}

export interface EnvelopeOptions {
  /**
   * Retry budget for rate limits told inside the envelope (the shared policy sees only HTTP statuses);
   * the same number as the core's `--retries`.
   */
  retries?: number | undefined;
  /** The longest wait the service may ask for that is waited out (--max-wait, as the core's). */
  maxWaitSeconds?: number | undefined;
  /** Aborts a wait between two tries (Ctrl-C). */
  signal?: AbortSignal | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  onRetry?: ((info: { attempt: number; waitSeconds: number; reason: string }) => void) | undefined;
}

/**
 * The shared HTTP client with the data API's envelope read: a success answer whose envelope (or, with
 * `tasks`, a task) carries a status other than success becomes a DataapiStatusError, and a rate limit
 * told there is waited out and sent again, as the shared policy does for HTTP 429: `Retry-After` or the
 * rate-limit reset header when the service sends one (up to --max-wait), else jittered exponential
 * backoff.
 */
export function envelopeClient(
  http: HttpClient,
  check: { tasks: boolean; rawItems?: JsonPath },
  o: EnvelopeOptions = {},
): HttpClient {
  const retries = o.retries ?? 4;
  const maxWait = o.maxWaitSeconds ?? 60;
  const sleep = o.sleep ?? realSleep;
  async function request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    for (let attempt = 1; ; attempt++) {
      const res = await http.request<T>(spec);
      // An answer read as text (NDJSON output) keeps its items as the service sent them; the
      // envelope around them is parsed, and checked as any other.
      if (check.rawItems && typeof res.data === 'string') splitText(res, check.rawItems, http.service);
      const env = res.data as EnvelopeWire | undefined;
      if (!env || typeof env !== 'object' || Array.isArray(env) || typeof env.status_code !== 'number') {
        throw new NetworkError(
          http.service,
          `${http.service} answered ${res.status} with a body that is not a data API envelope (no status_code)`,
        );
      }
      const failure = envelopeFailure(env, check);
      if (!failure) return res;
      if (RATE_LIMIT_CODES.includes(failure.code) && attempt <= retries) {
        const serverWait = serverWaitSeconds(res.headers);
        // A wait longer than --max-wait is not taken without asking, as the core does for a 429.
        if (serverWait !== undefined && serverWait > maxWait)
          throw new DataapiStatusError(
            failure.code,
            failure.message,
            failure.taskId,
            maxWaitHint(serverWait),
          );
        const waitSeconds = serverWait ?? backoffSeconds(attempt - 1);
        o.onRetry?.({ attempt, waitSeconds, reason: `${failure.code} ${failure.message}` });
        try {
          await sleep(waitSeconds * 1000, o.signal);
        } catch {
          throw new InterruptedError(`${http.service}: interrupted while waiting to retry`);
        }
        continue;
      }
      throw new DataapiStatusError(failure.code, failure.message, failure.taskId);
    }
  }
  return { service: http.service, baseUrl: http.baseUrl, request };
}
