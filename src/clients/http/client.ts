import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ApiError, DryRunStop, InterruptedError, NetworkError, TimeoutError } from '../../errors.js';
import { type AuthScheme, expiredError } from './auth.js';
import { toCurl } from './curl.js';
import { inPlanning } from './planning.js';
import { parseErrorBody, textSummary } from './parse-error.js';
import { type Redactor, isSecretHeader } from './redact.js';
import {
  RETRYABLE_STATUSES,
  backoffSeconds,
  errorCode,
  isIdempotentMethod,
  isRetryableError,
  serverWaitSeconds,
  sleep as realSleep,
} from './retry.js';
import { type Transport, type TransportResponse, lazyTransport } from './transport-types.js';
import type { HttpClient, HttpResponse, ParsedError, RequestSpec } from './types.js';
import { resolveUrl } from './url.js';

/** What a client needs; built by the command context from settings and flags. */
export interface HttpClientOptions {
  service: string;
  baseUrl: string;
  auth?: AuthScheme | undefined;
  /** Sent on every request (version headers, user agent…). */
  defaultHeaders?: Record<string, string> | undefined;
  retries: number;
  timeoutMs: number;
  /** Longest wait for one retry that is accepted without asking (--max-wait), seconds. */
  maxWaitSeconds: number;
  /** Statuses this service adds to the retryable ones (412 for the secrets store). */
  retryStatuses?: readonly number[] | undefined;
  /** How requests are sent (the process's transport, see transport.ts)… */
  transport?: Transport | undefined;
  /** …or an undici dispatcher (tests' MockAgent), used through the undici transport. */
  dispatcher?: Dispatcher | undefined;
  redactor: Redactor;
  /** --debug: one line per request and response. */
  log?: ((line: string) => void) | undefined;
  /** --dry-run: gets the curl line of a request that would change something; it is not sent. */
  dryRun?: ((curl: string) => void) | undefined;
  /** --dry-run: told of each request made to plan (`RequestSpec.plan`), which is sent. */
  dryRunRead?: ((line: string) => void) | undefined;
  /** Told before each retry (spinners, counters). */
  onRetry?: ((info: { attempt: number; waitSeconds: number; reason: string }) => void) | undefined;
  signal?: AbortSignal | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  parseError?: ((status: number, body: unknown, headers: Record<string, string>) => ParsedError) | undefined;
  /** Turns a status and parsed error into a hint for people (403: which permission…). */
  hintFor?: ((status: number, parsed: ParsedError) => string | undefined) | undefined;
  /** Which other refusals are rate limits (see ServiceDescriptor.rateLimitWait). */
  rateLimitWait?:
    | ((status: number, parsed: ParsedError, headers: Record<string, string>) => number | undefined)
    | undefined;
}

const MAX_REDIRECTS = 5;

/** Creates the client every service uses: base URL, auth, retries, redirects, parsing, masking. */
export function createHttpClient(o: HttpClientOptions): HttpClient {
  const sleep = o.sleep ?? realSleep;
  const transport = o.transport ?? viaDispatcher(o.dispatcher);
  const base = new URL(o.baseUrl);
  // Made once: meter send makes ten thousand requests a second.
  const clientRetryStatuses = new Set([...RETRYABLE_STATUSES, ...(o.retryStatuses ?? [])]);
  let clientAuth = o.auth;
  let clientRedactor = o.auth ? o.redactor.with(o.auth.secrets) : o.redactor;
  let renewing: Promise<AuthScheme> | undefined;

  /** One renewal at a time, shared by every request that finds the credential stale. */
  function renew(stale: AuthScheme): Promise<AuthScheme> {
    if (clientAuth !== stale) return Promise.resolve(clientAuth as AuthScheme);
    renewing ??= stale.refresh!().then(
      (fresh) => {
        clientAuth = fresh;
        clientRedactor = o.redactor.with([...stale.secrets, ...fresh.secrets]);
        renewing = undefined;
        return fresh;
      },
      (err: unknown) => {
        renewing = undefined;
        throw err;
      },
    );
    return renewing;
  }

  async function request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    const method = spec.method.toUpperCase();
    const idempotent = spec.idempotent ?? (isIdempotentMethod(method) && !isStream(spec.rawBody));
    const retryStatuses = spec.retryStatuses
      ? new Set([...clientRetryStatuses, ...spec.retryStatuses])
      : clientRetryStatuses;
    let auth = spec.auth === false ? undefined : (spec.auth ?? clientAuth);
    if (auth?.expiresAt !== undefined && auth.expiresAt <= Date.now()) {
      if (!auth.refresh) throw expiredError(o.service, auth);
      auth = await renew(auth);
    }
    let renewed = false;
    const redactorFor = (a: AuthScheme | undefined) =>
      a === clientAuth ? clientRedactor : a ? o.redactor.with(a.secrets) : o.redactor;
    let redactor = redactorFor(auth);
    let url = resolveUrl(o.baseUrl, spec.path, spec.query);
    const { body, contentType } = encodeBody(spec);

    for (let attempt = 1; ; attempt++) {
      const sameHost = url.origin === base.origin;
      const headers: Record<string, string> = { accept: 'application/json', ...o.defaultHeaders };
      if (contentType) headers['content-type'] = contentType;
      // Credentials go only to the configured host, never to one a redirect or Link header names.
      if (auth && sameHost) Object.assign(headers, auth.headers);
      // Headers the caller added (`ops api -H`) follow curl's rule: credentials and cookies stay with
      // the configured host, like the service's own credentials.
      for (const [k, v] of Object.entries(spec.headers ?? {}))
        if (
          sameHost ||
          !(isSecretHeader(k) || (clientAuth && k.toLowerCase() in lowerKeys(clientAuth.headers)))
        )
          headers[k] = v;

      const plan = spec.plan ?? inPlanning();
      if (o.dryRun && plan && attempt === 1) o.dryRunRead?.(`${method} ${redactor.text(url.toString())}`);
      if (o.dryRun && !plan) {
        const shown =
          typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
        o.dryRun(toCurl(method, url.toString(), headers, shown, redactor, spec.sensitive));
        throw new DryRunStop();
      }

      const started = Date.now();
      o.log?.(`> ${method} ${redactor.text(url.toString())}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
      for (const [k, v] of Object.entries(headers)) o.log?.(`> ${k}: ${redactor.header(k, v)}`);
      if (typeof body === 'string' && o.log) o.log(`> ${debugBody(body, redactor, spec.sensitive)}`);

      const timeoutMs = spec.timeoutMs ?? o.timeoutMs;
      const attemptSignal = abortAfter(timeoutMs, o.signal, spec.signal);
      const { signal } = attemptSignal;
      try {
        let failure: unknown;
        let res: TransportResponse | undefined;
        try {
          res = await transport.send(url, {
            method,
            headers,
            body,
            signal,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
        } catch (err) {
          failure = err;
        }

        if (res) {
          const resHeaders = flatHeaders(res.headers);
          const status = res.statusCode;
          o.log?.(`< ${status} ${redactor.text(url.toString())} (${Date.now() - started} ms)`);

          if (status >= 300 && status < 400 && resHeaders.location && status !== 304) {
            await res.body.dump();
            if (attempt > MAX_REDIRECTS)
              throw new NetworkError(o.service, `too many redirects from ${url.host}`);
            url = new URL(resHeaders.location, url);
            continue;
          }

          const ok =
            (status >= 200 && status < 300) || status === 304 || (spec.okStatuses?.includes(status) ?? false);
          if (ok && spec.responseType === 'stream') {
            return {
              status,
              headers: resHeaders,
              data: res.body as unknown as T,
              url: url.toString(),
              attempts: attempt,
            };
          }
          let payload: unknown;
          try {
            payload = await readBody(res, spec.responseType ?? 'json', ok);
          } catch (err) {
            if (err instanceof BadBody) {
              if (!ok) payload = err.text;
              else
                throw new NetworkError(o.service, `${o.service} answered ${status} with ${err.describe()}`);
            } else {
              failure = err;
            }
          }
          if (failure === undefined) {
            if (o.log && payload !== undefined && spec.responseType !== 'buffer')
              o.log(`< ${debugBody(payload, redactor, spec.sensitive && ok)}`);
            if (ok)
              return {
                status,
                headers: resHeaders,
                data: payload as T,
                url: url.toString(),
                attempts: attempt,
              };
            // A credential that can be renewed is renewed once after a 401, and the request sent again.
            if (status === 401 && auth?.refresh && !renewed) {
              auth = await renew(auth);
              redactor = redactorFor(auth);
              renewed = true;
              continue;
            }
            const parsed = (o.parseError ?? parseErrorBody)(status, payload, resHeaders);
            // A rate limit was not acted on, so it is sent again whatever the method.
            const limitWait = status === 429 ? 0 : o.rateLimitWait?.(status, parsed, resHeaders);
            const limited = limitWait !== undefined;
            const retryable = limited || (retryStatuses.has(status) && idempotent);
            const wait = serverWaitSeconds(resHeaders) ?? (limitWait || undefined);
            if (retryable && attempt <= o.retries && (wait === undefined || wait <= o.maxWaitSeconds)) {
              await pause(attempt, wait, `${status} ${parsed.message}`);
              continue;
            }
            throw new ApiError({
              status,
              service: o.service,
              message: redactor.text(parsed.message),
              code: parsed.code,
              requestId: parsed.requestId,
              retryAfter: wait,
              body: payload,
              rateLimited: limited && status !== 429,
              hint:
                o.hintFor?.(status, parsed) ??
                (limited && wait !== undefined && wait > o.maxWaitSeconds
                  ? `the service asks to wait ${Math.ceil(wait)} s; allow it with --max-wait ${Math.ceil(wait)}`
                  : undefined),
            });
          }
        }

        // The request failed without a usable answer.
        if (o.signal?.aborted || spec.signal?.aborted)
          throw new InterruptedError(`${o.service}: request interrupted`);
        const timedOut = attemptSignal.timedOut() || errorCode(failure)?.includes('TIMEOUT');
        if ((timedOut ? idempotent : isRetryableError(failure, idempotent)) && attempt <= o.retries) {
          await pause(attempt, undefined, timedOut ? 'timeout' : (errorCode(failure) ?? 'network error'));
          continue;
        }
        if (timedOut)
          throw new TimeoutError(
            `${o.service}: no answer from ${url.host} within ${timeoutMs / 1000} s`,
            o.service,
          );
        throw new NetworkError(o.service, `${o.service}: ${describeNetworkError(failure, url)}`, failure);
      } finally {
        attemptSignal.dispose();
      }
    }
  }

  async function pause(attempt: number, serverWait: number | undefined, reason: string): Promise<void> {
    const waitSeconds = serverWait ?? backoffSeconds(attempt - 1);
    o.onRetry?.({ attempt, waitSeconds, reason });
    o.log?.(`! retrying in ${waitSeconds.toFixed(1)} s after ${reason}`);
    try {
      await sleep(waitSeconds * 1000, o.signal);
    } catch {
      throw new InterruptedError(`${o.service}: interrupted while waiting to retry`);
    }
  }

  return { service: o.service, baseUrl: o.baseUrl, request };
}

/**
 * One attempt's signal: aborted by its timeout or by the caller's signals. Disposed when the attempt
 * ends, so neither the timer nor the listeners outlive it (AbortSignal.timeout would keep each request's
 * state alive for the whole --timeout, which adds up at ten thousand requests a second). A stream
 * answer is handed over without the total timer; undici's body timeout still stops a stalled one.
 */
function abortAfter(ms: number, ...outer: Array<AbortSignal | undefined>) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('request timed out'));
  }, ms);
  const signals = outer.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', onAbort);
    },
  };
}

function isStream(body: unknown): body is Readable {
  return Boolean(body && typeof body === 'object' && typeof (body as Readable).pipe === 'function');
}

function encodeBody(spec: RequestSpec): {
  body: string | Buffer | Readable | undefined;
  contentType?: string;
} {
  if (spec.rawBody !== undefined) return { body: spec.rawBody };
  if (spec.body === undefined) return { body: undefined };
  return { body: JSON.stringify(spec.body), contentType: 'application/json' };
}

export function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

class BadBody extends Error {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {
    super('bad body');
  }
  describe(): string {
    return describeUnreadableBody(this.text, this.contentType);
  }
}

/** "a body that is not valid JSON (application/json, 19 bytes): "{"truncated": [1, 2"" */
export function describeUnreadableBody(text: string, contentType: string): string {
  if (text === '') return 'an empty body where JSON was expected';
  const kind =
    /html/i.test(contentType) || /^\s*</.test(text) ? 'an HTML page' : 'a body that is not valid JSON';
  return `${kind} (${contentType || 'no content type'}, ${Buffer.byteLength(text)} bytes): "${textSummary(text).slice(0, 80)}"`;
}

/** An undici dispatcher (a test's MockAgent) as a transport; undici's request API loads on first use. */
function viaDispatcher(dispatcher: Dispatcher | undefined): Transport {
  if (!dispatcher) throw new Error('createHttpClient needs a transport or a dispatcher');
  return lazyTransport(() => import('./undici-transport.js').then((m) => m.undiciTransport(dispatcher)));
}

async function readBody(
  res: TransportResponse,
  type: 'json' | 'text' | 'buffer' | 'stream',
  ok: boolean,
): Promise<unknown> {
  if (type === 'buffer' && ok) return Buffer.from(await res.body.arrayBuffer());
  const text = await res.body.text();
  if (type === 'text' && ok) return text;
  const ct = String(res.headers['content-type'] ?? '');
  if (text === '') {
    if (ok) return res.statusCode === 204 || res.statusCode === 304 || type !== 'json' ? undefined : {};
    return '';
  }
  const looksJson = /json/i.test(ct) || /^\s*[[{"]/.test(text);
  if (!looksJson) {
    if (ok && type === 'json') throw new BadBody(text, ct);
    return text;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadBody(text, ct);
  }
}

function debugBody(payload: unknown, redactor: Redactor, sensitive = false): string {
  const mask = (v: unknown) => (sensitive ? redactor.allValues(v) : redactor.json(v));
  let shown: string;
  if (typeof payload === 'string') {
    try {
      shown = JSON.stringify(mask(JSON.parse(payload)));
    } catch {
      shown = sensitive ? `<${payload.length} characters withheld>` : redactor.text(payload);
    }
  } else {
    shown = JSON.stringify(mask(payload)) ?? '';
  }
  return shown.length > 2000 ? `${shown.slice(0, 2000)}… (${shown.length} chars)` : shown;
}

function describeNetworkError(err: unknown, url: URL): string {
  const code = errorCode(err);
  const msg = (err as Error)?.message ?? String(err);
  if (code === 'ECONNREFUSED')
    return `connection refused by ${url.host}; is the service running at this address?`;
  if (code === 'ENOTFOUND') return `cannot resolve host ${url.hostname}`;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')
    return `connection to ${url.host} dropped before a complete answer`;
  if (
    code?.startsWith('CERT_') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
  ) {
    return `TLS certificate of ${url.host} not trusted (${code}); pass --ca-cert FILE, or --insecure to skip verification`;
  }
  return `request to ${url.host} failed: ${msg}${code ? ` (${code})` : ''}`;
}

function lowerKeys(h: Record<string, string>): Record<string, true> {
  return Object.fromEntries(Object.keys(h).map((k) => [k.toLowerCase(), true]));
}
