import type { Socket } from 'node:net';
import {
  type Connection,
  type Exchange,
  type Origin,
  Phase,
  codeError,
  dropped,
  fail,
  invalid,
  release,
  released,
} from './h1-connection.js';
import { onData, onEnd } from './h1-answer.js';
import { BAD_VALUE, TOKEN } from './h1-syntax.js';
import { BODY_METHODS } from './node-transport.js';
import type { Transport, TransportRequest, WholeResponse } from './transport-types.js';

export interface H1TransportOptions {
  /** Trusted certificates (PEM), replacing Node's list: the caller adds the system's. */
  ca?: string[] | undefined;
  rejectUnauthorized?: boolean | undefined;
  /** Connections kept per origin; requests beyond them wait for one to be free. */
  connections: number;
  /** How long an idle connection is kept when the server names no keep-alive timeout, ms. */
  keepAliveMs?: number | undefined;
  /** What a stream body or a streamed answer goes through (undici, loaded only then). */
  fallback: Transport;
}

/** Header names a caller may not set: they decide how the message is framed. */
export const FRAMING = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
]);
/** What plain connections read into (see `connect`). */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** The transport's state: its origins, and the request heads built for each headers object. */
interface Pool {
  o: H1TransportOptions;
  origins: Map<string, Origin & { pool: Pool }>;
  heads: WeakMap<Record<string, string>, string>;
  keepAliveMs: number;
}

/**
 * HTTP/1.1 on Node's sockets, the transport of every request but behind a proxy: each request is one
 * write of a head and a body, and each answer is read into a buffer by a small parser, on kept-alive
 * connections, at most `connections` per origin. No stream, no promise and no validation beyond the
 * first is made per request, which leaves undici's own cost per request (about half of the client's
 * CPU at ten thousand requests a second, in a bulk send) out; and it needs only `node:net` (or
 * `node:tls`), not `node:http` and its parser, which a one-shot command would load for about 3 ms. A
 * stream body or a streamed answer goes to `fallback`. Failures carry the codes the retry policy
 * knows: `ECONNRESET` when the connection closes before a complete answer, `HEADERS_TIMEOUT` and
 * `BODY_TIMEOUT` after a silence of the timeouts asked for. It is as strict as llhttp (Node's parser,
 * and undici's): framing llhttp refuses is `HPE_INVALID` here and ends the connection, since a
 * lenient reading of a head is how one request comes to take another's answer
 * (test/clients/http/h1-hostile.test.ts holds it to a corpus of hostile servers).
 */
export function h1Transport(o: H1TransportOptions): Transport {
  const pool: Pool = { o, origins: new Map(), heads: new WeakMap(), keepAliveMs: o.keepAliveMs ?? 10_000 };
  return {
    sendWhole(url, r) {
      const body = r.body;
      if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body))
        return o.fallback.sendWhole(url, r);
      return new Promise<WholeResponse>((resolve, reject) => {
        let length = 0;
        try {
          // Checked before any connection is taken: a bad header is refused before anything is written.
          if (!TOKEN.test(r.method)) throw invalid(`invalid method "${r.method}"`);
          headOf(pool, url, r);
          length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
        } catch (err) {
          return reject(err);
        }
        exchange(pool, url, r, length, resolve, reject);
      });
    },
    send: (url, r) => o.fallback.send(url, r),
    async close(how) {
      for (const origin of pool.origins.values()) {
        origin.waiting.length = 0;
        origin.idle.length = 0;
        for (const c of origin.all) if (!(how?.keepIdle && released(c))) c.socket.destroy();
      }
      pool.origins.clear();
      await o.fallback.close(how);
    },
  };
}

/**
 * One request and its answer: it waits for a connection (`acquire`), is written on it (`start`), and
 * its answer is read there (h1-answer.ts). An abort answers it at once, wherever it is.
 */
function exchange(
  pool: Pool,
  url: URL,
  r: TransportRequest,
  length: number,
  resolve: (r: WholeResponse) => void,
  reject: (err: unknown) => void,
): void {
  const x: Exchange = {
    resolve,
    reject,
    request: r,
    aborted: false,
    listener: undefined,
    noBody: r.method === 'HEAD',
    phase: Phase.Head,
    statusCode: 0,
    headers: {},
    remaining: 0,
    chunks: [],
    body: undefined,
    filled: 0,
    pending: undefined,
    keepAlive: true,
  };
  const origin = originOf(pool, url);
  let conn: Connection | undefined;
  const use = (c: Connection) => {
    conn = c;
    start(pool, c, url, r, x, length);
  };
  const onAbort = (reason: unknown) => {
    x.aborted = true;
    if (conn) {
      if (conn.exchange === x) fail(conn, reason);
      return;
    }
    const at = origin.waiting.indexOf(use);
    if (at !== -1) origin.waiting.splice(at, 1);
    reject(reason);
  };
  if (r.onAbort) r.onAbort(onAbort);
  else {
    const { signal } = r;
    const listener = () => onAbort(signal.reason);
    if (signal.aborted) listener();
    else {
      signal.addEventListener('abort', listener, { once: true });
      x.listener = listener;
    }
  }
  if (!x.aborted) acquire(pool, origin, use);
}

function originOf(pool: Pool, url: URL): Origin & { pool: Pool } {
  const key = `${url.protocol}//${url.host}`;
  let origin = pool.origins.get(key);
  if (!origin) {
    const tls = url.protocol === 'https:';
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const isName = !host.includes(':') && !/^\d+\.\d+\.\d+\.\d+$/.test(host);
    origin = {
      pool,
      key,
      host,
      port: url.port ? Number(url.port) : tls ? 443 : 80,
      tls,
      servername: tls && isName ? host : undefined,
      idle: [],
      all: new Set(),
      open: 0,
      settling: 0,
      waiting: [],
    };
    pool.origins.set(key, origin);
  }
  return origin;
}

/** A connection for one request: an idle one still fresh, a new one, or the next one freed. */
function acquire(pool: Pool, origin: Origin & { pool: Pool }, use: (c: Connection) => void): void {
  const now = Date.now();
  for (let c = origin.idle.pop(); c; c = origin.idle.pop()) {
    if (!c.closed && !c.socket.destroyed && now - c.idleSince < c.keepAliveMs) {
      use(c);
      return;
    }
    c.socket.destroy();
  }
  // A connection about to be free is worth waiting a turn for, rather than opening another.
  if (origin.open < pool.o.connections && origin.waiting.length >= origin.settling) use(connect(origin));
  else origin.waiting.push(use);
}

/** A new connection to the origin, its events wired to the answer's reading and to the pool. */
function connect(origin: Origin & { pool: Pool }): Connection {
  const { o, keepAliveMs } = origin.pool;
  const c: Connection = {
    socket: undefined as unknown as Socket,
    origin,
    exchange: undefined,
    idleSince: 0,
    keepAliveMs,
    timeoutMs: 0,
    closed: false,
  };
  // Plain TCP is read into one buffer for every connection (the parser copies what it keeps): no
  // Buffer and no stream event a read. TLS sockets take no such buffer, and emit their data.
  const onread = {
    buffer: READ_BUFFER,
    callback: (n: number) => {
      onData(c, READ_BUFFER, n);
      return true;
    },
  };
  const socket: Socket = origin.tls
    ? process.getBuiltinModule('node:tls').connect({
        host: origin.host,
        port: origin.port,
        ...(origin.servername ? { servername: origin.servername } : {}),
        ...(o.ca ? { ca: o.ca } : {}),
        ...(o.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
        ALPNProtocols: ['http/1.1'],
      })
    : process.getBuiltinModule('node:net').connect({ host: origin.host, port: origin.port, onread });
  c.socket = socket;
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  origin.open++;
  origin.all.add(c);
  if (origin.tls) socket.on('data', (chunk: Buffer) => onData(c, chunk, chunk.length));
  socket.on('end', () => onEnd(c));
  socket.on('timeout', () => {
    const x = c.exchange;
    if (x) fail(c, codeError(x.phase === Phase.Head ? 'HEADERS_TIMEOUT' : 'BODY_TIMEOUT', c.timeoutMs));
    else socket.destroy();
  });
  socket.on('error', (err) => fail(c, err));
  socket.on('close', () => closed(c, origin));
  return c;
}

/** A connection closed: out of the pool; a request waiting for one gets a new one in its place. */
function closed(c: Connection, origin: Origin & { pool: Pool }): void {
  if (c.exchange) fail(c, dropped());
  c.closed = true;
  origin.open--;
  origin.all.delete(c);
  const at = origin.idle.indexOf(c);
  if (at !== -1) origin.idle.splice(at, 1);
  const next = origin.waiting.shift();
  if (next) next(connect(origin));
}

/** The head of a request but its content length: built and checked once for a headers object. */
function headOf(pool: Pool, url: URL, r: TransportRequest): string {
  let fields = pool.heads.get(r.headers);
  if (fields === undefined) {
    fields = '';
    let host = false;
    for (const [name, value] of Object.entries(r.headers)) {
      const lower = name.toLowerCase();
      if (!TOKEN.test(name)) throw invalid(`invalid header name "${name}"`);
      if (BAD_VALUE.test(value)) throw invalid(`invalid value for header "${name}"`);
      if (FRAMING.has(lower)) throw invalid(`header "${name}" is set by the transport`);
      if (lower === 'host') host = true;
      fields += `${name}: ${value}\r\n`;
    }
    if (!host) fields = `host: ${url.host}\r\n${fields}`;
    pool.heads.set(r.headers, fields);
  }
  return `${r.method} ${url.pathname}${url.search} HTTP/1.1\r\n${fields}`;
}

/** Writes the request on its connection, in one write of its head and body. */
function start(pool: Pool, c: Connection, url: URL, r: TransportRequest, x: Exchange, length: number): void {
  // Aborted while it waited for a connection: the abort has answered it.
  if (x.aborted) {
    release(c);
    return;
  }
  c.exchange = x;
  c.socket.ref();
  if (c.timeoutMs !== r.headersTimeout) c.socket.setTimeout((c.timeoutMs = r.headersTimeout));
  const s = c.socket;
  const framing =
    r.body !== undefined || BODY_METHODS.has(r.method) ? `content-length: ${length}\r\n\r\n` : '\r\n';
  s.cork();
  s.write(`${headOf(pool, url, r)}${framing}`, 'latin1');
  if (length > 0) s.write(r.body as string | Buffer);
  s.uncork();
}
