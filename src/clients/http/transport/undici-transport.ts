import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Transport, TransportRequest, TransportResponse, WholeResponse } from './transport-types.js';
import { parseHeaders, request } from './undici.js';

/** The transport on an undici dispatcher: proxies, many parallel senders, and tests' MockAgent. */
export function undiciTransport(dispatcher: Dispatcher): Transport {
  return {
    async send(url, r): Promise<TransportResponse> {
      const res = await request(url, {
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        body: r.body as string | Buffer | Readable | undefined,
        dispatcher,
        signal: r.signal,
        headersTimeout: r.headersTimeout,
        bodyTimeout: r.bodyTimeout,
      });
      return res as unknown as TransportResponse;
    },
    sendWhole: (url, r) => sendWhole(dispatcher, url, r),
    close: () => dispatcher.close(),
  };
}

/**
 * One attempt on the dispatcher's own handler interface, the answer's chunks gathered as they come:
 * `request()` would put a stream, and its promises, between the socket and the bytes. Aborting the
 * signal aborts the attempt, as with `request()`.
 */
function sendWhole(dispatcher: Dispatcher, url: URL, r: TransportRequest): Promise<WholeResponse> {
  const { signal } = r;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let abort: ((reason: unknown) => void) | undefined;
    let statusCode = 0;
    let rawHeaders: Buffer[] = [];
    const chunks: Buffer[] = [];
    const onAbort = () => abort?.(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const handler = {
      onConnect(a: (reason: unknown) => void) {
        if (signal.aborted) a(signal.reason);
        else abort = a;
      },
      onHeaders(status: number, headers: Buffer[]) {
        // An informational answer (1xx) comes before the real one.
        if (status >= 200) {
          statusCode = status;
          rawHeaders = headers;
        }
        return true;
      },
      onData(chunk: Buffer) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        signal.removeEventListener('abort', onAbort);
        resolve({
          statusCode,
          headers: parseHeaders(rawHeaders),
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
        });
      },
      onError(err: Error) {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    };
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: url.search ? `${url.pathname}${url.search}` : url.pathname,
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        body: r.body as string | Buffer | Readable | undefined,
        headersTimeout: r.headersTimeout,
        bodyTimeout: r.bodyTimeout,
      },
      handler as unknown as Dispatcher.DispatchHandler,
    );
  });
}
