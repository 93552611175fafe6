import type { Readable } from 'node:stream';

/** One attempt as the client hands it to a transport: the URL is final, headers are complete. */
export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable | undefined;
  /** Aborts the attempt (Ctrl-C, the attempt's timer); the transport stops at once. */
  readonly signal: AbortSignal;
  /**
   * Where offered, the cheaper way to hear of an abort: `fn` is called once when the attempt is
   * aborted (at once if it already was), and `signal`, never read, is never made. One callback; a call
   * replaces it, `undefined` removes it.
   */
  onAbort?(fn: ((reason: unknown) => void) | undefined): void;
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

/** An answer read whole, as every request but a streamed download wants it. */
export interface WholeResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Sends one attempt. Three exist: HTTP/1.1 on Node's sockets (h1-transport.ts: every request but
 * behind a proxy), Node's own `node:http` (its fallback for a stream body or a streamed answer) and
 * undici (proxies, tests' MockAgent). Failures are thrown as errors with a `code` the retry policy knows.
 */
export interface Transport {
  send(url: URL, request: TransportRequest): Promise<TransportResponse>;
  /**
   * Sends one attempt and reads the whole answer, without a stream object between the socket and
   * the bytes: the same failures as `send` and reading its body, for less work an answer (a bulk
   * send makes ten thousand requests a second).
   */
  sendWhole(url: URL, request: TransportRequest): Promise<WholeResponse>;
  /**
   * Ends its connections. With `keepIdle`, those kept alive for a next request stay open: they hold
   * no reference to the event loop (h1-connection.ts `release`), so a process that ends anyway ends
   * with them, without the work of closing each (about 0.2 ms of a one-shot command).
   */
  close(o?: { keepIdle?: boolean }): Promise<void>;
}

/** A transport whose module is loaded on the first request (undici costs a one-shot command dearly). */
export function lazyTransport(load: () => Promise<Transport>): Transport {
  let loading: Promise<Transport> | undefined;
  // Once loaded, requests go straight to it, without a promise to wait for.
  let loaded: Transport | undefined;
  const get = () =>
    (loading ??= load().then((t) => {
      loaded = t;
      return t;
    }));
  return {
    send: (url, request) => (loaded ? loaded.send(url, request) : get().then((t) => t.send(url, request))),
    sendWhole: (url, request) =>
      loaded ? loaded.sendWhole(url, request) : get().then((t) => t.sendWhole(url, request)),
    close: async (o) => {
      if (loading) await (await loading).close(o);
    },
  };
}
