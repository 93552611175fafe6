import type { Readable } from 'node:stream';

/** One attempt as the client hands it to a transport: the URL is final, headers are complete. */
export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable | undefined;
  /** Aborts the attempt (Ctrl-C, the attempt's timer); the transport stops at once. */
  signal: AbortSignal;
  /** Longest silence while waiting for the status line, and between two chunks of the body, ms. */
  headersTimeout: number;
  bodyTimeout: number;
}

/** The answer's body: a stream, plus the three ways the client reads one whole. */
export interface TransportBody extends Readable {
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  /** Reads and drops the rest, so the connection can be kept. */
  dump(): Promise<void>;
}

export interface TransportResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: TransportBody;
}

/**
 * Sends one attempt. Two exist: Node's own `node:http` (one-shot commands and lists: nothing to load,
 * so a command costs little more than a bare script) and undici (proxies, many parallel senders, tests'
 * MockAgent). Failures are thrown as errors with a `code` the retry policy knows.
 */
export interface Transport {
  send(url: URL, request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** A transport whose module is loaded on the first request (undici costs a one-shot command dearly). */
export function lazyTransport(load: () => Promise<Transport>): Transport {
  let loading: Promise<Transport> | undefined;
  return {
    send: async (url, request) => (await (loading ??= load())).send(url, request),
    close: async () => {
      if (loading) await (await loading).close();
    },
  };
}
