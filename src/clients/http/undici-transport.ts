import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Transport, TransportResponse } from './transport-types.js';
import { request } from './undici.js';

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
    close: () => dispatcher.close(),
  };
}
