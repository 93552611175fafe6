/**
 * The one retry policy: which failures are retried and how long to wait before the next try.
 *
 * The rule (README, "HTTP behaviour"): a request is sent again when sending it twice is the same as
 * sending it once (its method is idempotent, or its client says the operation is, with the reason), or
 * when it provably did not reach the service or was not acted on (the connection was refused, a rate
 * limit, a status the service uses to say so). Every failure, a status, a dropped connection or
 * a timeout, goes through `mayRepeat`: there is no second rule for one kind of failure.
 */

export const RETRYABLE_STATUSES: readonly number[] = [429, 502, 503, 504];

/** Network error codes after which a request may be sent again. */
const RETRYABLE_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Codes that mean the request never reached the server, so even a POST may be sent again. */
const NOT_SENT_ERRORS = new Set([
  'ECONNREFUSED',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Why an attempt failed, as far as repeating it goes. */
export type Failure =
  /** The service says it did not act on the request: a rate limit, or a status it uses so (412, secrets). */
  | { kind: 'not-acted-on' }
  /** An answer whose status is worth another try (502, 503, 504, the service's own): it may have acted. */
  | { kind: 'status' }
  /** No answer in time: the request may have arrived. */
  | { kind: 'timeout' }
  /** No answer: a network error, whose code says whether the request can have left. */
  | { kind: 'network'; error: unknown };

/** Whether a request that failed so may be sent again: the one rule above. */
export function mayRepeat(failure: Failure, idempotent: boolean): boolean {
  switch (failure.kind) {
    case 'not-acted-on':
      return true;
    case 'status':
    case 'timeout':
      return idempotent;
    case 'network': {
      const code = errorCode(failure.error);
      if (!code) return false;
      return idempotent ? RETRYABLE_ERRORS.has(code) : NOT_SENT_ERRORS.has(code);
    }
  }
}

/** Methods that are idempotent by their definition (RFC 9110 §9.2.2, and the secrets store's LIST). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'LIST']);

/**
 * Whether a request may be sent twice: the client's word for the operation where it gives one (a PATCH
 * that sets fields is; a PUT that adds a version is not), else its method's definition.
 */
export function isIdempotent(method: string, declared: boolean | undefined): boolean {
  return declared ?? IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * Reads the server's hint in seconds: `Retry-After` (seconds or an HTTP date), or the rate-limit
 * reset headers (`X-RateLimit-Reset` as seconds to wait, or an epoch time when it is that large).
 */
export function serverWaitSeconds(
  headers: Record<string, string>,
  now: number = Date.now(),
): number | undefined {
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined && retryAfter !== '') {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs)) return Math.max(0, secs);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, (date - now) / 1000);
  }
  const reset = headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'];
  // The reset is when the window's budget comes back: it says how long to wait only when that budget
  // is spent (or not told). A 5xx that carries the usual headers with requests left is no reason to
  // wait for the window to end (the source host sends them on every answer).
  const remaining = Number(headers['x-ratelimit-remaining'] ?? headers['ratelimit-remaining']);
  if (reset !== undefined && reset !== '' && !(remaining > 0)) {
    const n = Number(reset);
    if (Number.isFinite(n)) {
      // Values this large are epoch seconds (the source host's style); small ones are a delay.
      return n > 1_000_000_000 ? Math.max(0, n - now / 1000) : Math.max(0, n);
    }
  }
  return undefined;
}

/**
 * The longest timer Node can hold, in seconds (2^31 - 1 ms): a longer --timeout would fire at once,
 * and --max-wait takes no more, since no longer wait can be taken.
 */
export const MAX_TIMER_SECONDS = 2_147_483;

/**
 * The hint for a wait the service asks for that is longer than --max-wait allows: the value that allows
 * it, or, past what --max-wait takes, that ops cannot wait so long (a hint naming a value the flag
 * refuses would only lead to a usage error).
 */
export function maxWaitHint(seconds: number): string {
  const asked = Math.ceil(seconds);
  if (asked > MAX_TIMER_SECONDS)
    return `the service asks to wait longer than ops can wait (more than ${MAX_TIMER_SECONDS} s, the most --max-wait takes)`;
  return `the service asks to wait ${asked} s; allow it with --max-wait ${asked}`;
}

/** Full-jitter exponential backoff: a random wait up to 0.5 s × 2^attempt, capped at 20 s. */
export function backoffSeconds(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(20, 0.5 * 2 ** attempt);
  return cap / 2 + random() * (cap / 2);
}

/** Sleeps, unless the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
