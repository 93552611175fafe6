import type { Socket } from 'node:net';
import { BODY_METHODS } from './node-transport.js';
import {
  BAD_VALUE,
  CHUNK_LINE,
  MAX_HEAD,
  OWS_ENDS,
  TOKEN,
  contentLength,
  headerLine,
  isDigit,
  printable,
  protocolError,
  trimOws,
  unfinishedLine,
} from './h1-syntax.js';
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
/** The announced bodies read into one buffer made before they come. */
const PREALLOCATED_MIN = 64 * 1024;
const PREALLOCATED_MAX = 16 * 1024 * 1024;
/** A kept-alive connection is dropped this long before the server said it would close it. */
const KEEP_ALIVE_MARGIN_MS = 2000;
const CRLF = Buffer.from('\r\n');
/** What plain connections read into (see `connect`). */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
const HEAD_END = Buffer.from('\r\n\r\n');

/** Where an answer is in its reading. */
enum Phase {
  Head,
  Length,
  Chunk,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
}

interface Exchange {
  resolve(r: WholeResponse): void;
  reject(err: unknown): void;
  request: TransportRequest;
  /** Aborted (the abort has answered it). */
  aborted: boolean;
  /** Stops listening for the attempt's abort. */
  unlisten: () => void;
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

interface Connection {
  socket: Socket;
  origin: Origin;
  exchange: Exchange | undefined;
  idleSince: number;
  keepAliveMs: number;
  timeoutMs: number;
  closed: boolean;
}

interface Origin {
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
  const origins = new Map<string, Origin>();
  const heads = new WeakMap<Record<string, string>, string>();
  const keepAliveMs = o.keepAliveMs ?? 10_000;

  const originOf = (url: URL): Origin => {
    const key = `${url.protocol}//${url.host}`;
    let origin = origins.get(key);
    if (!origin) {
      const tls = url.protocol === 'https:';
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      const isName = !host.includes(':') && !/^\d+\.\d+\.\d+\.\d+$/.test(host);
      origin = {
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
      origins.set(key, origin);
    }
    return origin;
  };

  const connect = (origin: Origin): Connection => {
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
    socket.on('close', () => {
      if (c.exchange) fail(c, dropped());
      c.closed = true;
      origin.open--;
      origin.all.delete(c);
      const at = origin.idle.indexOf(c);
      if (at !== -1) origin.idle.splice(at, 1);
      // A request waiting for a connection gets a new one in place of this.
      const next = origin.waiting.shift();
      if (next) next(connect(origin));
    });
    return c;
  };

  /** A connection for one request: an idle one still fresh, a new one, or the next one freed. */
  const acquire = (origin: Origin, use: (c: Connection) => void): void => {
    const now = Date.now();
    for (let c = origin.idle.pop(); c; c = origin.idle.pop()) {
      if (!c.closed && !c.socket.destroyed && now - c.idleSince < c.keepAliveMs) {
        use(c);
        return;
      }
      c.socket.destroy();
    }
    // A connection about to be free is worth waiting a turn for, rather than opening another.
    if (origin.open < o.connections && origin.waiting.length >= origin.settling) use(connect(origin));
    else origin.waiting.push(use);
  };

  /** The head of a request but its content length: built and checked once for a headers object. */
  const headOf = (url: URL, r: TransportRequest): string => {
    let fields = heads.get(r.headers);
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
      heads.set(r.headers, fields);
    }
    return `${r.method} ${url.pathname}${url.search} HTTP/1.1\r\n${fields}`;
  };

  const start = (c: Connection, url: URL, r: TransportRequest, x: Exchange, length: number): void => {
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
    s.write(`${headOf(url, r)}${framing}`, 'latin1');
    if (length > 0) s.write(r.body as string | Buffer);
    s.uncork();
  };

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
          headOf(url, r);
          length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
        } catch (err) {
          return reject(err);
        }
        const x: Exchange = {
          resolve,
          reject,
          request: r,
          aborted: false,
          unlisten: noop,
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
        const origin = originOf(url);
        let conn: Connection | undefined;
        const use = (c: Connection) => {
          conn = c;
          start(c, url, r, x, length);
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
        if (r.onAbort) {
          r.onAbort(onAbort);
          x.unlisten = () => r.onAbort?.(undefined);
        } else {
          const { signal } = r;
          const listener = () => onAbort(signal.reason);
          if (signal.aborted) listener();
          else signal.addEventListener('abort', listener, { once: true });
          x.unlisten = () => signal.removeEventListener('abort', listener);
        }
        if (!x.aborted) acquire(origin, use);
      });
    },
    send: (url, r) => o.fallback.send(url, r),
    async close() {
      for (const origin of origins.values()) {
        origin.waiting.length = 0;
        origin.idle.length = 0;
        for (const c of origin.all) c.socket.destroy();
      }
      origins.clear();
      await o.fallback.close();
    },
  };
}

/** Ends the connection's exchange with `err` (if one is under way) and the connection with it. */
function fail(c: Connection, err: unknown): void {
  const x = c.exchange;
  c.exchange = undefined;
  c.socket.destroy();
  if (!x) return;
  x.unlisten();
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
function release(c: Connection): void {
  c.exchange = undefined;
  c.origin.settling++;
  c.idleSince = Date.now();
  c.socket.unref();
  setImmediate(settleLater, c);
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

function finish(c: Connection, x: Exchange): void {
  x.unlisten();
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

function onEnd(c: Connection): void {
  const x = c.exchange;
  // An answer without a length ends with its connection.
  if (x?.phase === Phase.UntilClose) {
    x.phase = Phase.Done;
    x.keepAlive = false;
    finish(c, x);
  } else if (x) fail(c, dropped());
  else c.socket.destroy();
}

/** Reads `chunk[0, n)`, which may be a buffer read into again: what is kept is copied. */
function onData(c: Connection, chunk: Buffer, n: number): void {
  const x = c.exchange;
  // Bytes nobody asked for: the connection is out of step, and not used again.
  if (!x) {
    c.socket.destroy();
    return;
  }
  let data = chunk;
  let length = n;
  if (x.pending) {
    data = Buffer.concat([x.pending, chunk.subarray(0, n)]);
    length = data.length;
    x.pending = undefined;
  }
  let at = 0;
  try {
    while (x.phase !== Phase.Done && at < length) {
      switch (x.phase) {
        case Phase.Head: {
          // Empty lines before a status line are skipped, as llhttp does.
          while (at < length && (data[at] === 13 || data[at] === 10)) at++;
          if (at === length) return;
          const end = indexIn(data, HEAD_END, at, length);
          if (end === -1) {
            unfinishedLine(data, at, length, 'the answer head is too large');
            x.pending = rest(data, at, length);
            return;
          }
          if (end - at > MAX_HEAD) throw protocolError('the answer head is too large');
          readHead(c, x, data.toString('latin1', at, end));
          at = end + 4;
          break;
        }
        case Phase.Length:
        case Phase.ChunkData: {
          const take = Math.min(x.remaining, length - at);
          if (take > 0) {
            if (x.body) x.filled += data.copy(x.body, x.filled, at, at + take);
            else x.chunks.push(Buffer.copyBytesFrom(data, at, take));
          }
          at += take;
          x.remaining -= take;
          if (x.remaining === 0) x.phase = x.phase === Phase.Length ? Phase.Done : Phase.ChunkEnd;
          else return;
          break;
        }
        case Phase.UntilClose:
          x.chunks.push(rest(data, at, length));
          return;
        case Phase.ChunkEnd:
          if (length - at < 2) {
            x.pending = rest(data, at, length);
            return;
          }
          if (data[at] !== 13 || data[at + 1] !== 10)
            throw protocolError('a chunk does not end where its size said');
          at += 2;
          x.phase = Phase.Chunk;
          break;
        case Phase.Chunk:
        case Phase.Trailers: {
          const end = indexIn(data, CRLF, at, length);
          if (end === -1) {
            unfinishedLine(data, at, length, 'a chunk line is too long');
            x.pending = rest(data, at, length);
            return;
          }
          if (end - at > MAX_HEAD) throw protocolError('a chunk line is too long');
          const text = data.toString('latin1', at, end);
          if (x.phase === Phase.Trailers) {
            // Trailers are checked as header lines and dropped; an empty line ends the answer.
            if (end === at) x.phase = Phase.Done;
            else headerLine(text, 0, text.length);
          } else {
            const size = CHUNK_LINE.exec(text);
            if (!size) throw protocolError(`invalid chunk size line "${text.slice(0, 40)}"`);
            x.remaining = Number.parseInt(size[1]!, 16);
            x.phase = x.remaining === 0 ? Phase.Trailers : Phase.ChunkData;
          }
          at = end + 2;
          break;
        }
      }
    }
  } catch (err) {
    fail(c, err);
    return;
  }
  if (x.phase !== Phase.Done) return;
  // Nothing may follow an answer on a connection that sends one request at a time.
  if (at < length) x.keepAlive = false;
  finish(c, x);
}

function readHead(c: Connection, x: Exchange, text: string): void {
  // `HTTP/1.x NNN` and a space or the line's end, read by position: no regular expression an answer.
  let eol = text.indexOf('\r\n');
  if (eol === -1) eol = text.length;
  const code = (text.charCodeAt(9) - 48) * 100 + (text.charCodeAt(10) - 48) * 10 + (text.charCodeAt(11) - 48);
  if (
    !text.startsWith('HTTP/1.') ||
    (text.charCodeAt(7) !== 48 && text.charCodeAt(7) !== 49) ||
    text.charCodeAt(8) !== 32 ||
    !(code >= 100 && code <= 999) ||
    !isDigit(text, 9) ||
    !isDigit(text, 10) ||
    !isDigit(text, 11) ||
    (eol > 12 && text.charCodeAt(12) !== 32) ||
    // A line ends only at CRLF: a bare CR or LF in the reason would hide the next field.
    (eol > 13 && BAD_VALUE.test(text.slice(13, eol)))
  )
    throw protocolError(`not an HTTP/1.1 status line: "${printable(text.slice(0, Math.min(eol, 40)))}"`);
  const headers: Record<string, string | string[]> = {};
  for (let at = eol + 2; at < text.length; ) {
    let end = text.indexOf('\r\n', at);
    if (end === -1) end = text.length;
    const name = headerLine(text, at, end);
    const value = trimOws(text, text.indexOf(':', at) + 1, end);
    const had = headers[name];
    if (had === undefined) headers[name] = value;
    else if (Array.isArray(had)) had.push(value);
    else headers[name] = [had, value];
    at = end + 2;
  }
  // An interim answer (100 Continue, 103 Early Hints) comes before the real one.
  if (code < 200) {
    if (code === 101) throw protocolError('the server switched protocols');
    return;
  }
  x.statusCode = code;
  x.headers = headers;
  const connection = String(headers.connection ?? '').toLowerCase();
  x.keepAlive = text.charCodeAt(7) === 49 ? !connection.includes('close') : connection.includes('keep-alive');
  const hint =
    headers['keep-alive'] === undefined ? null : /timeout=(\d+)/i.exec(String(headers['keep-alive']));
  if (hint) c.keepAliveMs = Math.min(c.keepAliveMs, Number(hint[1]) * 1000 - KEEP_ALIVE_MARGIN_MS);
  // Either may frame the body: a message with both is refused, and its connection closed (RFC 9112
  // §6.3; llhttp, Node and undici refuse it too), whatever its status.
  if (headers['transfer-encoding'] !== undefined && headers['content-length'] !== undefined)
    throw protocolError('the answer has both Content-Length and Transfer-Encoding');
  if (x.noBody || code === 204 || code === 304) {
    x.phase = Phase.Done;
    return;
  }
  const te = headers['transfer-encoding'];
  if (te !== undefined) {
    // The last coding is chunked, or the body runs to the close (RFC 9112 §6.3).
    const chunked = String(te).split(',').at(-1)!.replace(OWS_ENDS, '').toLowerCase() === 'chunked';
    x.keepAlive &&= chunked;
    x.phase = chunked ? Phase.Chunk : Phase.UntilClose;
  } else if (headers['content-length'] !== undefined) {
    x.remaining = contentLength(headers['content-length']);
    x.phase = x.remaining === 0 ? Phase.Done : Phase.Length;
    // A large body goes into one buffer of the announced length, filled read by read: no buffer a read
    // and no concatenation (a page of a megabyte came in some sixteen reads). A small one, mostly one
    // read, is copied into a buffer of its own rather than a slice of Node's shared pool, which would
    // keep 8 KiB alive for each answer a bulk send holds; a length too large to trust before it has
    // come is read in chunks.
    if (x.remaining >= PREALLOCATED_MIN && x.remaining <= PREALLOCATED_MAX)
      x.body = Buffer.allocUnsafe(x.remaining);
  } else {
    x.keepAlive = false;
    x.phase = Phase.UntilClose;
  }
  if (c.timeoutMs !== x.request.bodyTimeout) c.socket.setTimeout((c.timeoutMs = x.request.bodyTimeout));
}

/** A copy of data[at, length): data may be the shared read buffer, read into again. */
function rest(data: Buffer, at: number, length: number): Buffer {
  return Buffer.copyBytesFrom(data, at, length - at);
}

/** Where `bytes` first stand in data[at, length), or -1 (data may hold stale bytes past `length`). */
function indexIn(data: Buffer, bytes: Buffer, at: number, length: number): number {
  const i = data.indexOf(bytes, at);
  return i !== -1 && i + bytes.length <= length ? i : -1;
}

function noop(): void {}

function dropped(): Error {
  return codeError('ECONNRESET', 0, 'the connection closed before a complete answer');
}

function codeError(code: string, ms: number, message = `no data for ${ms} ms`): Error {
  return Object.assign(new Error(message), { code });
}

function invalid(message: string): Error {
  return Object.assign(new TypeError(message), { code: 'ERR_INVALID_ARG_VALUE' });
}
