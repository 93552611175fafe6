import {
  BAD_VALUE,
  CHUNK_LINE,
  MAX_HEAD,
  OWS_ENDS,
  contentLength,
  headerLine,
  isDigit,
  printable,
  protocolError,
  trimOws,
  unfinishedLine,
} from './h1-syntax.js';
import { type Connection, type Exchange, Phase, dropped, fail, finish } from './h1-connection.js';

/*
 * The reading of an answer on an h1-transport connection: bytes come in reads of any size, and each
 * phase of the answer (its head, a body of a known length, chunks and their lines, trailers, a body
 * that runs to the close) is a step that takes what it can and says where the next one starts.
 */

/** The announced bodies read into one buffer made before they come. */
const PREALLOCATED_MIN = 64 * 1024;
const PREALLOCATED_MAX = 16 * 1024 * 1024;
/** A kept-alive connection is dropped this long before the server said it would close it. */
const KEEP_ALIVE_MARGIN_MS = 2000;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** A step's answer when it needs more bytes (what it has is kept in the exchange's `pending`). */
const WAIT = -1;

/** One phase's reading of data[at, length): where the next phase starts, or WAIT. */
type Step = (c: Connection, x: Exchange, data: Buffer, at: number, length: number) => number;

export function onEnd(c: Connection): void {
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
export function onData(c: Connection, chunk: Buffer, n: number): void {
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
      at = STEPS[x.phase](c, x, data, at, length);
      if (at === WAIT) return;
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

/** The head: empty lines before it are skipped, as llhttp does; it ends at an empty line. */
const head: Step = (c, x, data, from, length) => {
  let at = from;
  while (at < length && (data[at] === 13 || data[at] === 10)) at++;
  if (at === length) return WAIT;
  const end = indexIn(data, HEAD_END, at, length);
  if (end === -1) {
    unfinishedLine(data, at, length, 'the answer head is too large');
    x.pending = rest(data, at, length);
    return WAIT;
  }
  if (end - at > MAX_HEAD) throw protocolError('the answer head is too large');
  readHead(c, x, data.toString('latin1', at, end));
  return end + 4;
};

/** Bytes of a body of a known length, or of a chunk. */
const counted: Step = (_c, x, data, at, length) => {
  const take = Math.min(x.remaining, length - at);
  if (take > 0) {
    if (x.body) x.filled += data.copy(x.body, x.filled, at, at + take);
    else x.chunks.push(Buffer.copyBytesFrom(data, at, take));
  }
  x.remaining -= take;
  if (x.remaining !== 0) return WAIT;
  x.phase = x.phase === Phase.Length ? Phase.Done : Phase.ChunkEnd;
  return at + take;
};

/** A body without a length: everything until the connection ends (see `onEnd`). */
const untilClose: Step = (_c, x, data, at, length) => {
  x.chunks.push(rest(data, at, length));
  return WAIT;
};

/** The CRLF after a chunk's data. */
const chunkEnd: Step = (_c, x, data, at, length) => {
  if (length - at < 2) {
    x.pending = rest(data, at, length);
    return WAIT;
  }
  if (data[at] !== 13 || data[at + 1] !== 10) throw protocolError('a chunk does not end where its size said');
  x.phase = Phase.Chunk;
  return at + 2;
};

/** A chunk's size line, or a trailer line: trailers are checked as header lines and dropped. */
const chunkLine: Step = (_c, x, data, at, length) => {
  const end = indexIn(data, CRLF, at, length);
  if (end === -1) {
    unfinishedLine(data, at, length, 'a chunk line is too long');
    x.pending = rest(data, at, length);
    return WAIT;
  }
  if (end - at > MAX_HEAD) throw protocolError('a chunk line is too long');
  const text = data.toString('latin1', at, end);
  if (x.phase === Phase.Trailers) {
    // An empty line ends the answer.
    if (end === at) x.phase = Phase.Done;
    else headerLine(text, 0, text.length);
  } else {
    const size = CHUNK_LINE.exec(text);
    if (!size) throw protocolError(`invalid chunk size line "${text.slice(0, 40)}"`);
    x.remaining = Number.parseInt(size[1]!, 16);
    x.phase = x.remaining === 0 ? Phase.Trailers : Phase.ChunkData;
  }
  return end + 2;
};

const STEPS: Record<Phase, Step> = {
  [Phase.Done]: () => WAIT,
  [Phase.Head]: head,
  [Phase.Length]: counted,
  [Phase.ChunkData]: counted,
  [Phase.UntilClose]: untilClose,
  [Phase.ChunkEnd]: chunkEnd,
  [Phase.Chunk]: chunkLine,
  [Phase.Trailers]: chunkLine,
};

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
