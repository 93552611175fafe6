import { createHttpClient } from '../clients/http/client.js';
import { Redactor } from '../clients/http/redact.js';
import { getTransport } from '../clients/http/transport/transport.js';
import { VERSION } from '../version.js';
import { type Release, parseRelease } from './state.js';

/** How the files of a release are fetched: the settings of the run (a check in the background has its own). */
export interface FetchOptions {
  env: Record<string, string | undefined>;
  timeoutMs: number;
  retries: number;
  signal?: AbortSignal | undefined;
  caCert?: string | undefined;
  insecure?: boolean | undefined;
}

/**
 * One file of a release, whole: through the process's transport (proxies and the CA settings as
 * every request), following the redirects GitHub answers a download with. No credential is sent.
 */
export async function fetchFile(url: string, o: FetchOptions): Promise<Buffer> {
  const http = createHttpClient({
    service: 'upgrade',
    baseUrl: new URL(url).origin,
    defaultHeaders: { 'user-agent': `ops/${VERSION}` },
    retries: o.retries,
    timeoutMs: o.timeoutMs,
    maxWaitSeconds: 60,
    transport: getTransport({ env: o.env, caCert: o.caCert, insecure: o.insecure }),
    redactor: new Redactor([]),
    signal: o.signal,
  });
  const res = await http.request<Buffer>({ method: 'GET', path: url, responseType: 'buffer' });
  return res.data;
}

/** A release's `version.json`, or an error saying what is wrong with what the address answered. */
export async function fetchRelease(url: string, o: FetchOptions): Promise<Release> {
  const body = await fetchFile(url, o);
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error(`${url} is not JSON`);
  }
  const release = parseRelease(json);
  if (!release) throw new Error(`${url} is not a release's version.json ({"version","date","url"})`);
  return release;
}
