import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ApiError, DryRunStop, InterruptedError, NetworkError, TimeoutError } from '../../errors.js';
import { decodedStream, flatHeaders, readPayload } from './answer.js';
import { Attempt, liveAttempts } from './attempt.js';
import { type AuthScheme, expiredError } from './auth.js';
import type { HttpClientOptions } from './client-options.js';
import {
  type ClientState,
  headersFor,
  isSameHost,
  pause,
  renew,
  retryStatusesFor,
  urlOf,
} from './client-state.js';
import { toCurl } from './curl.js';
import { inPlanning } from './planning.js';
import { badAnswer, parseErrorBody, requestIdOf } from './parse-error.js';
import type { Redactor } from './redact.js';
import { secretRequestAt } from './secret-requests.js';
import {
  RETRYABLE_STATUSES,
  errorCode,
  isIdempotent,
  maxWaitHint,
  mayRepeat,
  serverWaitSeconds,
  sleep as realSleep,
} from './retry.js';
import {
  type Transport,
  type TransportResponse,
  type WholeResponse,
  lazyTransport,
} from './transport/transport-types.js';
import type { HttpClient, HttpResponse, RequestSpec } from './types.js';

export type { HttpClientOptions } from './client-options.js';

const MAX_REDIRECTS = 5;

/**
 * Creates the client every service uses: base URL, auth, retries, redirects, parsing, masking. A
 * request is a loop of attempts, each a set of named steps: its headers, the --dry-run plan, the
 * --debug log, the send, then the answer (a redirect, a success, a refusal to retry or to report) or
 * the failure (a timeout, a dropped connection: retried where that is safe).
 */
export function createHttpClient(o: HttpClientOptions): HttpClient {
  const c: ClientState = {
    o,
    sleep: o.sleep ?? realSleep,
    transport: o.transport ?? viaDispatcher(o.dispatcher),
    base: new URL(o.baseUrl),
    live: liveAttempts(o.signal),
    // Made once: meter send makes ten thousand requests a second.
    retryStatuses: new Set(RETRYABLE_STATUSES),
    notActedOn: new Set(o.retryStatuses ?? []),
    auth: o.auth,
    redactor: o.auth ? o.redactor.with(o.auth.secrets) : o.redactor,
    renewing: undefined,
    lastPath: undefined,
    lastHeaders: undefined,
    lastRetry: undefined,
  };
  return { service: o.service, baseUrl: o.baseUrl, request: (spec) => request(c, spec) };
}

/** One request as it goes through its attempts: what stays, and what an attempt changes. */
interface Call {
  spec: RequestSpec;
  method: string;
  idempotent: boolean;
  retryStatuses: ReadonlySet<number>;
  /** The credential sent; a renewal replaces it. */
  auth: AuthScheme | undefined;
  /** Renewed once after a 401 already. */
  renewed: boolean;
  /** Where the next attempt goes (a redirect moves it). */
  url: URL;
  /**
   * The 3xx hops followed and the retries taken so far, counted apart: a retry is no hop, and a hop
   * is no retry, so neither uses up the other's allowance (MAX_REDIRECTS, `--retries`).
   */
  redirects: number;
  retries: number;
  body: string | Buffer | Readable | undefined;
  contentType: string | undefined;
  stream: boolean;
  /** Made when something is shown (--debug, --dry-run, an error): not for every request. */
  masked: { auth: AuthScheme | undefined; redactor: Redactor } | undefined;
}

/** What an attempt leads to: the response, or another attempt. */
type Next<T> = { response: HttpResponse<T> } | { again: true };

async function request<T>(c: ClientState, spec: RequestSpec): Promise<HttpResponse<T>> {
  const call = await prepare(c, spec);
  for (let attempt = 1; ; attempt++) {
    const next = await attemptOnce<T>(c, call, attempt);
    if ('response' in next) return next.response;
  }
}

/** The request's method, idempotence, credential (renewed first when it has expired), URL and body. */
async function prepare(c: ClientState, given: RequestSpec): Promise<Call> {
  const url = urlOf(c, given);
  const spec = withSecretMarks(c, given, url);
  const method = spec.method.toUpperCase();
  // A stream body cannot be read twice, whatever the method.
  const idempotent = isIdempotent(method, spec.idempotent) && !isStream(spec.rawBody);
  const retryStatuses = retryStatusesFor(c, spec.retryStatuses);
  let auth = spec.auth === false ? undefined : (spec.auth ?? c.auth);
  if (auth?.expiresAt !== undefined && auth.expiresAt <= Date.now()) {
    if (!auth.refresh) throw expiredError(c.o.service, auth);
    auth = await renew(c, auth);
  }
  const { body, contentType } = encodeBody(spec);
  return {
    spec,
    method,
    idempotent,
    retryStatuses,
    auth,
    renewed: false,
    url,
    redirects: 0,
    retries: 0,
    body,
    contentType,
    stream: spec.responseType === 'stream',
    masked: undefined,
  };
}

/**
 * The request marked by the service's rule for it (`secretRequests`: a secret value in its body or
 * answer) when it does not say itself; one to another origin, or outside the base path, by none.
 */
function withSecretMarks(c: ClientState, spec: RequestSpec, url: URL): RequestSpec {
  if (!c.o.secretRequests || spec.sensitive !== undefined) return spec;
  const marks = secretRequestAt(c.o.secretRequests, c.base, spec.method, url, () => jsonOf(spec));
  return marks ? { ...spec, ...marks } : spec;
}

/** The request's JSON body as a value: given as one, or its raw text parsed (undefined when not JSON). */
function jsonOf(spec: RequestSpec): unknown {
  if (spec.body !== undefined) return spec.body;
  const raw = spec.rawBody;
  if (typeof raw !== 'string' && !Buffer.isBuffer(raw)) return undefined;
  try {
    return JSON.parse(raw.toString());
  } catch {
    return undefined;
  }
}

/** The redactor of the credential the call sends (the client's, or one the request brought). */
function redactorOf(c: ClientState, call: Call): Redactor {
  if (call.masked?.auth !== call.auth || !call.masked)
    call.masked = {
      auth: call.auth,
      redactor:
        call.auth === c.auth ? c.redactor : call.auth ? c.o.redactor.with(call.auth.secrets) : c.o.redactor,
    };
  return call.masked.redactor;
}

async function attemptOnce<T>(c: ClientState, call: Call, attempt: number): Promise<Next<T>> {
  const headers = headersFor(c, call.spec, call.auth, call.contentType, isSameHost(c, call.url));
  if (c.o.dryRun) showPlan(c, call, headers, attempt);
  const started = c.o.log ? logRequest(c, call, headers) : 0;
  const timeoutMs = call.spec.timeoutMs ?? c.o.timeoutMs;
  const sending = new Attempt(
    call.method,
    headers,
    call.body,
    timeoutMs,
    c.live,
    c.o.signal,
    call.spec.signal,
  );
  try {
    let failure: unknown;
    let res: TransportResponse | WholeResponse | undefined;
    try {
      // Every answer but a stream is read whole by the transport.
      res = call.stream
        ? await c.transport.send(call.url, sending)
        : await c.transport.sendWhole(call.url, sending);
    } catch (err) {
      failure = err;
    }
    if (res) {
      const answered = await onAnswer<T>(c, call, res, started);
      if (!('failure' in answered)) return answered;
      failure = answered.failure;
    }
    return await onFailure(c, call, failure, sending.timedOut, timeoutMs);
  } finally {
    sending.dispose();
  }
}

/** --dry-run: a request made to plan is sent (and said); any other is printed as curl and not sent. */
function showPlan(c: ClientState, call: Call, headers: Record<string, string>, attempt: number): void {
  const plan = call.spec.plan ?? inPlanning();
  if (plan && attempt === 1)
    c.o.dryRunRead?.(`${call.method} ${redactorOf(c, call).text(call.url.toString())}`);
  if (plan) return;
  const body = call.body;
  const shown = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  const curl = toCurl(
    call.method,
    call.url.toString(),
    headers,
    shown,
    redactorOf(c, call),
    call.spec.sensitive,
    // A credential the request brought itself (`ops api -H`) is none of the service's: masked.
    call.auth === c.auth ? c.o.dryRunCredentials : undefined,
    {
      bodyFile: call.spec.bodyFile,
      ownHeaders: Object.keys(call.spec.headers ?? {}),
      secretFields: call.spec.secretFields,
    },
  );
  c.o.dryRun!(curl);
  throw new DryRunStop();
}

/** --debug: the request line, its headers and body, masked. Gives when it was sent. */
function logRequest(c: ClientState, call: Call, headers: Record<string, string>): number {
  const started = Date.now();
  const r = redactorOf(c, call);
  const log = c.o.log!;
  log(`> ${call.method} ${r.text(call.url.toString())}${hopLabel(call)}`);
  for (const [k, v] of Object.entries(headers)) log(`> ${k}: ${r.header(k, v)}`);
  if (typeof call.body === 'string') log(`> ${debugBody(call.body, r, call.spec.sensitive)}`);
  return started;
}

/** --debug's word for a request sent again: `(attempt N)` after a retry, `(redirect N)` after a hop. */
function hopLabel(call: Call): string {
  const said = [
    ...(call.retries > 0 ? [`attempt ${call.retries + 1}`] : []),
    ...(call.redirects > 0 ? [`redirect ${call.redirects}`] : []),
  ];
  return said.length ? ` (${said.join(', ')})` : '';
}

/**
 * --debug: the answer's status line with the attempt's time, its headers (credentials and cookies
 * masked: rate limits, caching and request ids are what one looks for there) and the request id.
 */
function logAnswer(
  c: ClientState,
  call: Call,
  status: number,
  headers: Record<string, string>,
  started: number,
): void {
  const r = redactorOf(c, call);
  const log = c.o.log!;
  log(`< ${status} ${r.text(call.url.toString())} (${Date.now() - started} ms)${hopLabel(call)}`);
  for (const [k, v] of Object.entries(headers)) log(`< ${k}: ${r.header(k, v)}`);
  const id = requestIdOf(headers);
  if (id) log(`< request id: ${r.text(id)}`);
}

/** An answer: a redirect to follow, a success, or a refusal; or a body that could not be read. */
async function onAnswer<T>(
  c: ClientState,
  call: Call,
  res: TransportResponse | WholeResponse,
  started: number,
): Promise<Next<T> | { failure: unknown }> {
  const headers = flatHeaders(res.headers);
  const status = res.statusCode;
  if (c.o.log) logAnswer(c, call, status, headers, started);
  if (status >= 300 && status < 400 && headers.location && status !== 304) {
    if (!Buffer.isBuffer(res.body)) await res.body.dump();
    if (call.redirects >= MAX_REDIRECTS)
      throw new NetworkError(c.o.service, `${c.o.service}: too many redirects from ${call.url.host}`);
    call.redirects++;
    call.url = redirectTarget(c, call, status, headers.location);
    return { again: true };
  }
  const ok =
    (status >= 200 && status < 300) || status === 304 || (call.spec.okStatuses?.includes(status) ?? false);
  const answer = { status, headers, url: call.url.toString(), attempts: call.retries + 1 };
  if (ok && call.stream) {
    const body = decodedStream(c.o.service, status, res.body as Readable, headers['content-encoding']);
    return { response: { ...answer, data: body as T } };
  }
  const read = await readPayload(
    c.o.service,
    res,
    status,
    headers['content-type'] ?? '',
    ok,
    call.spec,
    headers['content-encoding'],
    c.o.log !== undefined,
  );
  if ('failure' in read) return read;
  if (c.o.log && read.payload !== undefined && call.spec.responseType !== 'buffer')
    c.o.log(`< ${debugBody(read.text ?? read.payload, redactorOf(c, call), call.spec.sensitive && ok)}`);
  if (ok)
    return {
      response: { ...answer, data: read.payload as T, ...(read.controlFree ? { controlFree: true } : {}) },
    };
  return refusal(c, call, status, read.payload, headers);
}

/**
 * Where a redirect leads. Only http and https are followed: the transports speak HTTP to whatever URL
 * they are given, so an `ftp:` target got a plain HTTP request (and the credential, on the same host)
 * and a `file:` one a connection to no host. Any other scheme is refused before another request.
 */
function redirectTarget(c: ClientState, call: Call, status: number, location: string): URL {
  const shown = () => redactorOf(c, call).text(location);
  let target: URL;
  try {
    target = new URL(location, call.url);
  } catch {
    throw badAnswer(c.o.service, status, `a redirect to ${shown()}, which is not an address`);
  }
  if (target.protocol === 'http:' || target.protocol === 'https:') return target;
  throw badAnswer(c.o.service, status, `a redirect to ${shown()}, which is not http or https`);
}

/**
 * A refusal: a credential that can be renewed is renewed once after a 401 and the request sent
 * again; a retryable status (a rate limit, one not acted on) waits and comes again within the
 * retries and --max-wait; any other is an ApiError with the service's message and hint.
 */
async function refusal<T>(
  c: ClientState,
  call: Call,
  status: number,
  payload: unknown,
  headers: Record<string, string>,
): Promise<Next<T>> {
  if (status === 401 && call.auth?.refresh && !call.renewed) {
    call.auth = await renew(c, call.auth);
    call.renewed = true;
    return { again: true };
  }
  const o = c.o;
  const parsed = (o.parseError ?? parseErrorBody)(status, payload, headers);
  // A rate limit was not acted on, so it is sent again whatever the method.
  const limitWait = status === 429 ? 0 : o.rateLimitWait?.(status, parsed, headers);
  const limited = limitWait !== undefined;
  const retryable =
    limited || c.notActedOn.has(status)
      ? mayRepeat({ kind: 'not-acted-on' }, call.idempotent)
      : call.retryStatuses.has(status) && mayRepeat({ kind: 'status' }, call.idempotent);
  const wait = serverWaitSeconds(headers) ?? (limitWait || undefined);
  if (retryable && call.retries < o.retries && (wait === undefined || wait <= o.maxWaitSeconds)) {
    await pause(c, ++call.retries, wait, `${status} ${parsed.message}`);
    return { again: true };
  }
  throw new ApiError({
    status,
    service: o.service,
    message: redactorOf(c, call).text(parsed.message),
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

/** No usable answer: interrupted, timed out or the connection failed; retried where that is safe. */
async function onFailure<T>(
  c: ClientState,
  call: Call,
  failure: unknown,
  timedOutAttempt: boolean,
  timeoutMs: number,
): Promise<Next<T>> {
  const o = c.o;
  if (o.signal?.aborted || call.spec.signal?.aborted)
    throw new InterruptedError(`${o.service}: request interrupted`);
  const timedOut = timedOutAttempt || errorCode(failure)?.includes('TIMEOUT');
  const failed = timedOut ? ({ kind: 'timeout' } as const) : { kind: 'network' as const, error: failure };
  if (mayRepeat(failed, call.idempotent) && call.retries < o.retries) {
    await pause(c, ++call.retries, undefined, timedOut ? 'timeout' : (errorCode(failure) ?? 'network error'));
    return { again: true };
  }
  if (timedOut)
    throw new TimeoutError(
      `${o.service}: no answer from ${call.url.host} within ${timeoutMs / 1000} s`,
      o.service,
    );
  throw new NetworkError(o.service, `${o.service}: ${describeNetworkError(failure, call.url)}`, failure);
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

export { flatHeaders } from './answer.js';
export { describeUnreadableBody } from './parse-error.js';

/** An undici dispatcher (a test's MockAgent) as a transport; undici's request API loads on first use. */
function viaDispatcher(dispatcher: Dispatcher | undefined): Transport {
  if (!dispatcher) throw new Error('createHttpClient needs a transport or a dispatcher');
  return lazyTransport(() =>
    import('./transport/undici-transport.js').then((m) => m.undiciTransport(dispatcher)),
  );
}

/** JSON.rawJSON (Node 21 and later; not yet in TypeScript's lib): a value JSON.stringify writes as given. */
const RAW_JSON = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;

/**
 * A JSON.parse reviver that keeps each number as it was written (`1e999`, which reads as Infinity and is
 * written back `null`; `12345678901234567890`, which reads as another number), for --debug's line.
 */
function asSent(_key: string, value: unknown, context?: { source?: string }): unknown {
  return typeof value === 'number' && RAW_JSON && context?.source !== undefined
    ? RAW_JSON(context.source)
    : value;
}

/**
 * A body as --debug logs it: the text as it came (a sent body, or an answer's, when the client kept
 * it), masked, numbers as written; its JSON is read to mask secret keys' values, so it is written
 * compact. Cut at 2,000 characters.
 */
function debugBody(payload: unknown, redactor: Redactor, sensitive = false): string {
  const mask = (v: unknown) => (sensitive ? redactor.allValues(v) : redactor.json(v));
  let shown: string;
  if (typeof payload === 'string') {
    try {
      shown = JSON.stringify(mask(JSON.parse(payload, asSent)));
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
