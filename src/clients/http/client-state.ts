import { InterruptedError } from '../../errors.js';
import type { Attempt } from './attempt.js';
import type { AuthScheme } from './auth.js';
import type { HttpClientOptions } from './client-options.js';
import type { Redactor } from './redact.js';
import { backoffSeconds } from './retry.js';
import type { Transport } from './transport/transport-types.js';
import type { RequestSpec } from './types.js';
import { resolveUrl } from './url.js';

/**
 * What one client keeps from request to request: its credential (renewed in place, once, whoever
 * finds it stale), and the last URL, headers and retry statuses it made, which a bulk sender (meter
 * send: ten thousand requests a second) asks for over and over.
 */
export interface ClientState {
  o: HttpClientOptions;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  transport: Transport;
  base: URL;
  live: Set<Attempt>;
  retryStatuses: ReadonlySet<number>;
  notActedOn: ReadonlySet<number>;
  auth: AuthScheme | undefined;
  redactor: Redactor;
  renewing: Promise<AuthScheme> | undefined;
  lastPath: { path: string; url: URL; sameHost: boolean } | undefined;
  lastHeaders:
    | {
        auth: AuthScheme | undefined;
        extra: RequestSpec['headers'];
        type: string | undefined;
        headers: Record<string, string>;
      }
    | undefined;
  lastRetry: { extra: readonly number[]; all: Set<number> } | undefined;
}

/** One renewal at a time, shared by every request that finds the credential stale. */
export function renew(c: ClientState, stale: AuthScheme): Promise<AuthScheme> {
  if (c.auth !== stale) return Promise.resolve(c.auth as AuthScheme);
  c.renewing ??= stale.refresh!().then(
    (fresh) => {
      c.auth = fresh;
      c.redactor = c.o.redactor.with([...stale.secrets, ...fresh.secrets]);
      c.renewing = undefined;
      return fresh;
    },
    (err: unknown) => {
      c.renewing = undefined;
      throw err;
    },
  );
  return c.renewing;
}

/** The request's URL: a path without a query is resolved once while it repeats. */
export function urlOf(c: ClientState, spec: RequestSpec): URL {
  if (spec.query !== undefined) return resolveUrl(c.o.baseUrl, spec.path, spec.query);
  if (c.lastPath?.path !== spec.path) {
    const url = resolveUrl(c.o.baseUrl, spec.path);
    c.lastPath = { path: spec.path, url, sameHost: url.origin === c.base.origin };
  }
  return c.lastPath.url;
}

/** Whether a URL is on the configured host, where credentials may go. */
export function isSameHost(c: ClientState, url: URL): boolean {
  return url === c.lastPath?.url ? c.lastPath.sameHost : url.origin === c.base.origin;
}

/** The headers of one attempt: the service's, the credential's (same host only) and the caller's. */
export function headersFor(
  c: ClientState,
  spec: RequestSpec,
  auth: AuthScheme | undefined,
  contentType: string | undefined,
  sameHost: boolean,
): Record<string, string> {
  const last = c.lastHeaders;
  if (sameHost && last && last.auth === auth && last.extra === spec.headers && last.type === contentType)
    return last.headers;
  const headers: Record<string, string> = { accept: 'application/json', ...c.o.defaultHeaders };
  if (contentType) headers['content-type'] = contentType;
  // Credentials go only to the configured host, never to one a redirect or Link header names.
  if (auth && sameHost) Object.assign(headers, auth.headers);
  // Headers the caller added (`ops api -H`) follow curl's rule: credentials and cookies stay with
  // the configured host, like the service's own credentials.
  for (const [k, v] of Object.entries(spec.headers ?? {}))
    if (
      sameHost ||
      !(c.o.redactor.isSecretHeader(k) || (c.auth && k.toLowerCase() in lowerKeys(c.auth.headers)))
    )
      headers[k] = v;
  if (sameHost) c.lastHeaders = { auth, extra: spec.headers, type: contentType, headers };
  return headers;
}

/** The statuses a request retries: the client's, merged once with each list a caller hands in. */
export function retryStatusesFor(c: ClientState, extra: readonly number[] | undefined): ReadonlySet<number> {
  if (!extra) return c.retryStatuses;
  if (c.lastRetry?.extra !== extra) c.lastRetry = { extra, all: new Set([...c.retryStatuses, ...extra]) };
  return c.lastRetry.all;
}

/**
 * Waits before a request's `retry`th retry (the server's time, else backoff, which grows with the
 * retries alone: a redirect followed is none), telling --debug and the spinner why.
 */
export async function pause(
  c: ClientState,
  retry: number,
  serverWait: number | undefined,
  reason: string,
): Promise<void> {
  const waitSeconds = serverWait ?? backoffSeconds(retry - 1);
  c.o.onRetry?.({ attempt: retry, waitSeconds, reason });
  c.o.log?.(`! retrying in ${waitSeconds.toFixed(1)} s after ${reason}`);
  try {
    await c.sleep(waitSeconds * 1000, c.o.signal);
  } catch {
    throw new InterruptedError(`${c.o.service}: interrupted while waiting to retry`);
  }
}

function lowerKeys(h: Record<string, string>): Record<string, true> {
  return Object.fromEntries(Object.keys(h).map((k) => [k.toLowerCase(), true]));
}
