import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ApiError, DryRunStop, InterruptedError, NetworkError, TimeoutError } from '../../errors.js';
import { Attempt, liveAttempts } from './attempt.js';
import { type AuthScheme, expiredError } from './auth.js';
import { toCurl } from './curl.js';
import { inPlanning } from './planning.js';
import {
  type JsonShape,
  badAnswer,
  describeUnreadableBody,
  hasShape,
  parseErrorBody,
  shapeOf,
} from './parse-error.js';
import type { Redactor } from './redact.js';
import {
  RETRYABLE_STATUSES,
  backoffSeconds,
  maxWaitHint,
  errorCode,
  isIdempotent,
  mayRepeat,
  serverWaitSeconds,
  sleep as realSleep,
} from './retry.js';
import {
  type Transport,
  type TransportResponse,
  type WholeResponse,
  lazyTransport,
} from './transport-types.js';
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
  /**
   * Statuses by which this service says it did not act on a request and it may come again (412 for the
   * secrets store: "eventually consistent data missing; retry with backoff"): sent again whatever the
   * method, as a 429 is.
   */
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
  const clientRetryStatuses = new Set(RETRYABLE_STATUSES);
  const notActedOn = new Set(o.retryStatuses ?? []);
  const live = liveAttempts(o.signal);
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

  // The last path resolved without a query, and the headers last sent: a bulk sender sends one
  // request over and over, and neither needs making again.
  let lastPath: { path: string; url: URL; sameHost: boolean } | undefined;
  let lastHeaders:
    | {
        auth: AuthScheme | undefined;
        extra: RequestSpec['headers'];
        type: string | undefined;
        headers: Record<string, string>;
      }
    | undefined;

  function urlOf(spec: RequestSpec): URL {
    if (spec.query !== undefined) return resolveUrl(o.baseUrl, spec.path, spec.query);
    if (lastPath?.path !== spec.path) {
      const url = resolveUrl(o.baseUrl, spec.path);
      lastPath = { path: spec.path, url, sameHost: url.origin === base.origin };
    }
    return lastPath.url;
  }

  function headersFor(
    spec: RequestSpec,
    auth: AuthScheme | undefined,
    contentType: string | undefined,
    sameHost: boolean,
  ): Record<string, string> {
    const last = lastHeaders;
    if (sameHost && last && last.auth === auth && last.extra === spec.headers && last.type === contentType)
      return last.headers;
    const headers: Record<string, string> = { accept: 'application/json', ...o.defaultHeaders };
    if (contentType) headers['content-type'] = contentType;
    // Credentials go only to the configured host, never to one a redirect or Link header names.
    if (auth && sameHost) Object.assign(headers, auth.headers);
    // Headers the caller added (`ops api -H`) follow curl's rule: credentials and cookies stay with
    // the configured host, like the service's own credentials.
    for (const [k, v] of Object.entries(spec.headers ?? {}))
      if (
        sameHost ||
        !(o.redactor.isSecretHeader(k) || (clientAuth && k.toLowerCase() in lowerKeys(clientAuth.headers)))
      )
        headers[k] = v;
    if (sameHost) lastHeaders = { auth, extra: spec.headers, type: contentType, headers };
    return headers;
  }

  // The statuses a request adds, merged once for each list a caller hands in (meter's is a constant).
  let lastRetry: { extra: readonly number[]; all: Set<number> } | undefined;
  function retryStatusesFor(extra: readonly number[] | undefined): Set<number> {
    if (!extra) return clientRetryStatuses;
    if (lastRetry?.extra !== extra) lastRetry = { extra, all: new Set([...clientRetryStatuses, ...extra]) };
    return lastRetry.all;
  }

  async function request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    const method = spec.method.toUpperCase();
    // A stream body cannot be read twice, whatever the method.
    const idempotent = isIdempotent(method, spec.idempotent) && !isStream(spec.rawBody);
    const retryStatuses = retryStatusesFor(spec.retryStatuses);
    let auth = spec.auth === false ? undefined : (spec.auth ?? clientAuth);
    if (auth?.expiresAt !== undefined && auth.expiresAt <= Date.now()) {
      if (!auth.refresh) throw expiredError(o.service, auth);
      auth = await renew(auth);
    }
    let renewed = false;
    // Made when something is shown (--debug, --dry-run, an error): not for every request.
    let masked: { auth: AuthScheme | undefined; redactor: Redactor } | undefined;
    const redactor = (): Redactor => {
      if (masked?.auth !== auth || !masked)
        masked = {
          auth,
          redactor: auth === clientAuth ? clientRedactor : auth ? o.redactor.with(auth.secrets) : o.redactor,
        };
      return masked.redactor;
    };
    let url = urlOf(spec);
    const { body, contentType } = encodeBody(spec);
    const stream = spec.responseType === 'stream';

    for (let attempt = 1; ; attempt++) {
      const sameHost = url === lastPath?.url ? lastPath.sameHost : url.origin === base.origin;
      const headers = headersFor(spec, auth, contentType, sameHost);

      if (o.dryRun) {
        const plan = spec.plan ?? inPlanning();
        if (plan && attempt === 1) o.dryRunRead?.(`${method} ${redactor().text(url.toString())}`);
        if (!plan) {
          const shown =
            typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
          o.dryRun(toCurl(method, url.toString(), headers, shown, redactor(), spec.sensitive));
          throw new DryRunStop();
        }
      }

      const started = o.log ? Date.now() : 0;
      if (o.log) {
        const r = redactor();
        o.log(`> ${method} ${r.text(url.toString())}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
        for (const [k, v] of Object.entries(headers)) o.log(`> ${k}: ${r.header(k, v)}`);
        if (typeof body === 'string') o.log(`> ${debugBody(body, r, spec.sensitive)}`);
      }

      const timeoutMs = spec.timeoutMs ?? o.timeoutMs;
      const sending = new Attempt(method, headers, body, timeoutMs, live, o.signal, spec.signal);
      try {
        let failure: unknown;
        let res: TransportResponse | WholeResponse | undefined;
        try {
          // Every answer but a stream is read whole by the transport.
          res = stream ? await transport.send(url, sending) : await transport.sendWhole(url, sending);
        } catch (err) {
          failure = err;
        }

        if (res) {
          const resHeaders = flatHeaders(res.headers);
          const status = res.statusCode;
          o.log?.(`< ${status} ${redactor().text(url.toString())} (${Date.now() - started} ms)`);

          if (status >= 300 && status < 400 && resHeaders.location && status !== 304) {
            if (!Buffer.isBuffer(res.body)) await res.body.dump();
            if (attempt > MAX_REDIRECTS)
              throw new NetworkError(o.service, `too many redirects from ${url.host}`);
            url = new URL(resHeaders.location, url);
            continue;
          }

          const ok =
            (status >= 200 && status < 300) || status === 304 || (spec.okStatuses?.includes(status) ?? false);
          if (ok && stream) {
            return {
              status,
              headers: resHeaders,
              data: res.body as unknown as T,
              url: url.toString(),
              attempts: attempt,
            };
          }
          let payload: unknown;
          let controlFree = false;
          try {
            const bytes = Buffer.isBuffer(res.body) ? res.body : Buffer.from(await res.body.arrayBuffer());
            // Pages kept as text go out as they came (NDJSON): no DEL and no C1 control in their UTF-8
            // bytes (C1 is 0xC2 0x80–0x9F) means no item needs escaping; two byte searches at memchr
            // speed instead of a pattern over every item's text.
            controlFree =
              spec.responseType === 'text' && bytes.indexOf(0x7f) === -1 && bytes.indexOf(0xc2) === -1;
            payload = readBody(
              bytes,
              status,
              resHeaders['content-type'] ?? '',
              spec.responseType ?? 'json',
              ok,
              spec.expect,
            );
          } catch (err) {
            if (err instanceof BadShape) throw badAnswer(o.service, status, err.message);
            if (err instanceof BadBody) {
              if (!ok) payload = err.text;
              else throw badAnswer(o.service, status, err.describe());
            } else {
              failure = err;
            }
          }
          if (failure === undefined) {
            if (o.log && payload !== undefined && spec.responseType !== 'buffer')
              o.log(`< ${debugBody(payload, redactor(), spec.sensitive && ok)}`);
            if (ok)
              return {
                status,
                headers: resHeaders,
                data: payload as T,
                url: url.toString(),
                attempts: attempt,
                ...(controlFree ? { controlFree } : {}),
              };
            // A credential that can be renewed is renewed once after a 401, and the request sent again.
            if (status === 401 && auth?.refresh && !renewed) {
              auth = await renew(auth);
              renewed = true;
              continue;
            }
            const parsed = (o.parseError ?? parseErrorBody)(status, payload, resHeaders);
            // A rate limit was not acted on, so it is sent again whatever the method.
            const limitWait = status === 429 ? 0 : o.rateLimitWait?.(status, parsed, resHeaders);
            const limited = limitWait !== undefined;
            const retryable =
              limited || notActedOn.has(status)
                ? mayRepeat({ kind: 'not-acted-on' }, idempotent)
                : retryStatuses.has(status) && mayRepeat({ kind: 'status' }, idempotent);
            const wait = serverWaitSeconds(resHeaders) ?? (limitWait || undefined);
            if (retryable && attempt <= o.retries && (wait === undefined || wait <= o.maxWaitSeconds)) {
              await pause(attempt, wait, `${status} ${parsed.message}`);
              continue;
            }
            throw new ApiError({
              status,
              service: o.service,
              message: redactor().text(parsed.message),
              code: parsed.code,
              requestId: parsed.requestId,
              retryAfter: wait,
              body: payload,
              rateLimited: limited && status !== 429,
              conflict: parsed.conflict,
              hint:
                o.hintFor?.(status, parsed) ??
                (limited && wait !== undefined && wait > o.maxWaitSeconds ? maxWaitHint(wait) : undefined),
            });
          }
        }

        // The request failed without a usable answer.
        if (o.signal?.aborted || spec.signal?.aborted)
          throw new InterruptedError(`${o.service}: request interrupted`);
        const timedOut = sending.timedOut || errorCode(failure)?.includes('TIMEOUT');
        const failed = timedOut
          ? ({ kind: 'timeout' } as const)
          : { kind: 'network' as const, error: failure };
        if (mayRepeat(failed, idempotent) && attempt <= o.retries) {
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
        sending.dispose();
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

export { describeUnreadableBody } from './parse-error.js';

class BadBody extends Error {
  constructor(
    readonly text: string,
    readonly contentType: string,
    readonly expected?: JsonShape,
  ) {
    super('bad body');
  }
  describe(): string {
    return describeUnreadableBody(this.text, this.contentType, this.expected);
  }
}

/** An undici dispatcher (a test's MockAgent) as a transport; undici's request API loads on first use. */
function viaDispatcher(dispatcher: Dispatcher | undefined): Transport {
  if (!dispatcher) throw new Error('createHttpClient needs a transport or a dispatcher');
  return lazyTransport(() => import('./undici-transport.js').then((m) => m.undiciTransport(dispatcher)));
}

/**
 * The answer's bytes as the request asked for them: JSON (the default), text or the bytes. A success
 * with no body is nothing (204, 304, a write, an operation still running), or a bad answer where the
 * request names the shape it expects (a resource).
 */
function readBody(
  bytes: Buffer,
  status: number,
  ct: string,
  type: 'json' | 'text' | 'buffer' | 'stream',
  ok: boolean,
  expect: JsonShape | undefined,
): unknown {
  if (type === 'buffer' && ok) return bytes;
  // A byte-order mark is not part of the text (as the WHATWG decoder reads UTF-8).
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.toString('utf8', bom ? 3 : 0);
  release(bytes);
  if (type === 'text' && ok) return text;
  if (text === '') {
    if (!ok) return '';
    if (status === 204 || status === 304 || type !== 'json') return undefined;
    if (expect) throw new BadBody('', ct, expect);
    return {};
  }
  const looksJson = /json/i.test(ct) || /^\s*[[{"]/.test(text);
  if (!looksJson) {
    if (ok && type === 'json') throw new BadBody(text, ct);
    return text;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadBody(text, ct);
  }
  if (ok && expect && !hasShape(value, expect))
    throw new BadShape(`${shapeOf(value)} where a JSON ${expect} was expected`);
  return value;
}

class BadShape extends Error {}

/** Below this, a body's bytes are left to the collector. */
const RELEASED_MIN = 64 * 1024;

/**
 * Frees the memory of bytes read whole once they are decoded, when they are the whole of their
 * ArrayBuffer (never a slice of Node's shared pool). A page of a list arrives while the one before is
 * printed, so its buffer lives through young collections into the old generation, where its memory
 * would wait for a full collection: bench/hosts-list's peak RSS grew with the number of pages (70 MB
 * at 10,000 hosts, 90 at 100,000). Detaching the ArrayBuffer frees it now.
 */
function release(bytes: Buffer): void {
  if (
    bytes.byteLength >= RELEASED_MIN &&
    bytes.byteOffset === 0 &&
    bytes.buffer.byteLength === bytes.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  )
    bytes.buffer.transfer(0);
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
