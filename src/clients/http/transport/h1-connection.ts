import type { Socket } from 'node:net';
import type { TransportRequest, WholeResponse } from './transport-types.js';

/*
 * The state of h1-transport.ts: the origins, their connections and the exchange (a request and its
 * answer) each connection carries, and how an exchange ends: answered (`finish`), which hands its
 * connection on (`release`), or failed (`fail`), which ends the connection with it.
 */

/** Where an answer is in its reading. */
export enum Phase {
  Head,
  Length,
  Chunk,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
}

export interface Exchange {
  resolve(r: WholeResponse): void;
  reject(err: unknown): void;
  request: TransportRequest;
  /** Aborted (the abort has answered it). */
  aborted: boolean;
  /** The listener on the request's signal, when the request has no `onAbort` hook (see `unlisten`). */
  listener: (() => void) | undefined;
  noBody: boolean;
  phase: Phase;
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** Bytes still to come of the body (Length) or of the chunk (ChunkData). */
  remaining: number;
  chunks: Buffer[];
  /** The body of an answer with a length, read into one buffer of that length (see `readHead`). */
  body: Buffer | undefined;
  /** Bytes of `body` read so far. */
  filled: number;
  /** Bytes of a head or a chunk line that a packet cut in two. */
  pending: Buffer | undefined;
  keepAlive: boolean;
}

export interface Connection {
  socket: Socket;
  origin: Origin;
  exchange: Exchange | undefined;
  idleSince: number;
  keepAliveMs: number;
  timeoutMs: number;
  closed: boolean;
}

export interface Origin {
  key: string;
  host: string;
  port: number;
  tls: boolean;
  servername: string | undefined;
  idle: Connection[];
  /** Every connection open or opening (to close them all at the end). */
  all: Set<Connection>;
  open: number;
  /** Connections whose answer is read, waiting for the turn that shows them clean (see `release`). */
  settling: number;
  waiting: Array<(c: Connection) => void>;
}

/** Ends the connection's exchange with `err` (if one is under way) and the connection with it. */
export function fail(c: Connection, err: unknown): void {
  const x = c.exchange;
  c.exchange = undefined;
  c.socket.destroy();
  if (!x) return;
  unlisten(x);
  x.reject(err);
}

/**
 * Hands a connection whose answer is read to the next request waiting, or keeps it idle, once an
 * event-loop turn has shown it clean. A server may close a kept-alive connection, or send bytes nobody
 * asked for, just after an answer: read before the next request is written, they end the connection
 * (see `onData`, `onEnd`); written at once, the next request would take those bytes for its answer, or
 * fail although it never arrived. Undici waits a turn before it reuses a socket for the same reason.
 * The answer was read in an I/O callback, whose check phase comes before the next poll: the second
 * immediate is the one after a poll.
 */
export function release(c: Connection): void {
  c.exchange = undefined;
  c.origin.settling++;
  c.idleSince = Date.now();
  c.socket.unref();
  setImmediate(settleLater, c);
}

/** Released and not taken again since: its socket holds no reference to the event loop. */
export function released(c: Connection): boolean {
  return c.exchange === undefined && c.idleSince !== 0 && !c.socket.destroyed;
}

function settleLater(c: Connection): void {
  setImmediate(settle, c);
}

function settle(c: Connection): void {
  c.origin.settling--;
  // Closed meanwhile, or kept past what the server allows: its 'close' gives a waiting request a new
  // connection.
  if (c.closed || c.socket.destroyed) return;
  if (Date.now() - c.idleSince >= c.keepAliveMs) {
    c.socket.destroy();
    return;
  }
  const next = c.origin.waiting.shift();
  if (next) next(c);
  else c.origin.idle.push(c);
}

export function finish(c: Connection, x: Exchange): void {
  unlisten(x);
  const chunks = x.chunks;
  x.resolve({
    statusCode: x.statusCode,
    headers: x.headers,
    body: x.body ?? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
  });
  if (x.keepAlive && !c.closed) release(c);
  else {
    c.exchange = undefined;
    c.socket.destroy();
  }
}

/**
 * Stops listening for the exchange's abort. One function of the exchange's fields, not a closure kept
 * on each exchange: with one (even never called), every exchange and all it held (its request, its
 * promise, the answer) outlived the young generation and filled the old one until a full collection,
 * 17 MB over a 1,000,000-event meter send (docs/services/meter.md, Performance).
 */
export function unlisten(x: Exchange): void {
  const r = x.request;
  if (r.onAbort) r.onAbort(undefined);
  else if (x.listener) r.signal.removeEventListener('abort', x.listener);
}

export function dropped(): Error {
  return codeError('ECONNRESET', 0, 'the connection closed before a complete answer');
}

export function codeError(code: string, ms: number, message = `no data for ${ms} ms`): Error {
  return Object.assign(new Error(message), { code });
}

export function invalid(message: string): Error {
  return Object.assign(new TypeError(message), { code: 'ERR_INVALID_ARG_VALUE' });
}
