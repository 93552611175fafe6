import type { Readable } from 'node:stream';
import { NetworkError } from '../../errors.js';
import { type JsonShape, badAnswer, describeUnreadableBody, hasShape, shapeMismatch } from './parse-error.js';
import type { TransportResponse, WholeResponse } from './transport/transport-types.js';

/** Header names lower-cased, repeated values joined: the one shape of headers past the transport. */
export function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** What an answer's body gave: its value, or a failure to read it (the connection dropped mid-body). */
export type Payload =
  | {
      payload: unknown;
      controlFree: boolean;
      /** The body's text as it came (`keepText`, for --debug's line): a parse writes 1e999 back as null. */
      text?: string | undefined;
    }
  | { failure: unknown };

/**
 * Reads an answer's body as the request asked for it. A body that is not what a success promised is
 * a bad answer (exit 1); a refusal's unreadable body is kept as its text, for the error.
 */
export async function readPayload(
  service: string,
  res: TransportResponse | WholeResponse,
  status: number,
  contentType: string,
  ok: boolean,
  as: { responseType?: 'json' | 'text' | 'buffer' | 'stream' | undefined; expect?: JsonShape | undefined },
  encoding?: string,
  keepText = false,
): Promise<Payload> {
  try {
    const sent = Buffer.isBuffer(res.body) ? res.body : Buffer.from(await res.body.arrayBuffer());
    const bytes = encoding ? decoded(service, status, sent, encoding) : sent;
    // Before readBody, which frees a large body's bytes once it has read them.
    const text = keepText && as.responseType !== 'buffer' ? utf8Text(bytes) : undefined;
    // Pages kept as text go out as they came (NDJSON): no DEL and no C1 control in their UTF-8
    // bytes (C1 is 0xC2 0x80–0x9F) means no item needs escaping; two byte searches at memchr
    // speed instead of a pattern over every item's text.
    const controlFree =
      as.responseType === 'text' && bytes.indexOf(0x7f) === -1 && bytes.indexOf(0xc2) === -1;
    return {
      payload: readBody(bytes, status, contentType, as.responseType ?? 'json', ok, as.expect),
      controlFree,
      text,
    };
  } catch (err) {
    // A body that does not decode is a bad answer already, not a connection that failed.
    if (err instanceof NetworkError) throw err;
    if (err instanceof BadShape) throw badAnswer(service, status, err.message);
    if (!(err instanceof BadBody)) return { failure: err };
    if (ok) throw badAnswer(service, status, err.describe());
    return { payload: err.text, controlFree: false };
  }
}

/**
 * The longest answer read whole: the longest text Node can make of bytes. An answer sent as it is could
 * not be read past it either (its text is made whole); a compressed one is held to it once decoded, so
 * that a few kilobytes that inflate to gigabytes are refused before they take the memory.
 */
export const MAX_ANSWER_BYTES: number = process.getBuiltinModule('node:buffer').constants.MAX_STRING_LENGTH;

/**
 * What a content coding is decoded by, in node:zlib (the platform's; loaded only for such an answer):
 * a body read whole at once, a streamed one as it comes.
 */
const DECODERS: Record<
  string,
  {
    whole: 'gunzipSync' | 'inflateSync' | 'brotliDecompressSync';
    stream: 'createGunzip' | 'createInflate' | 'createBrotliDecompress';
  }
> = {
  gzip: { whole: 'gunzipSync', stream: 'createGunzip' },
  'x-gzip': { whole: 'gunzipSync', stream: 'createGunzip' },
  deflate: { whole: 'inflateSync', stream: 'createInflate' },
  br: { whole: 'brotliDecompressSync', stream: 'createBrotliDecompress' },
};

/**
 * The content codings of an answer, last applied first, each with its decoders. ops sends no
 * Accept-Encoding, so a service may still use any coding: gzip, deflate and br are read, and any other
 * is named as what ops cannot read (exit 7), before a byte is decoded.
 */
function codingsOf(
  service: string,
  status: number,
  encoding: string,
): Array<[string, (typeof DECODERS)[string]]> {
  return encoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse()
    .map((coding) => {
      const decoder = DECODERS[coding];
      if (!decoder)
        throw new NetworkError(
          service,
          `${service} answered with content-encoding ${coding}, which ops cannot read`,
          undefined,
          status,
        );
      return [coding, decoder];
    });
}

const tooLarge = (coding: string, max: number) => `a ${coding} body larger than ${max} bytes once decoded`;
const undecodable = (coding: string, err: unknown) =>
  `a ${coding} body that does not decode (${(err as Error).message})`;

/**
 * The body with its content codings undone (see codingsOf). A body that does not decode, or decodes
 * past MAX_ANSWER_BYTES, is a bad answer.
 */
export function decoded(
  service: string,
  status: number,
  bytes: Buffer,
  encoding: string,
  max: number = MAX_ANSWER_BYTES,
): Buffer {
  // No bytes is no body, whatever coding is named (a 204 or a HEAD answer that keeps the header).
  if (bytes.length === 0) return bytes;
  let out = bytes;
  for (const [coding, decoder] of codingsOf(service, status, encoding)) {
    try {
      out = process.getBuiltinModule('node:zlib')[decoder.whole](out, { maxOutputLength: max });
    } catch (err) {
      const big = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw badAnswer(service, status, big ? tooLarge(coding, max) : undecodable(coding, err));
    }
  }
  return out;
}

/**
 * A streamed answer (a download) with its content codings undone as it is read, by node:zlib streams
 * in the pipe; without a coding it is the body as sent (a `.gz` file sent as such stays as it is). An
 * unknown coding is refused before a byte is read; a body that does not decode, or decodes past `max`
 * (a few kilobytes that inflate to gigabytes), ends the stream with a bad answer.
 */
export function decodedStream(
  service: string,
  status: number,
  body: Readable,
  encoding: string | undefined,
  max: number = MAX_ANSWER_BYTES,
): Readable {
  let codings: ReturnType<typeof codingsOf> = [];
  try {
    if (encoding) codings = codingsOf(service, status, encoding);
  } catch (err) {
    // Refused unread: nothing of it is wanted.
    body.destroy();
    throw err;
  }
  if (codings.length === 0) return body;
  const zlib = process.getBuiltinModule('node:zlib');
  const { Transform, pipeline } = process.getBuiltinModule('node:stream');
  // Named as the header names them, first applied first.
  const named = codings
    .map(([coding]) => coding)
    .reverse()
    .join(', ');
  let size = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) done(badAnswer(service, status, tooLarge(named, max)));
      else done(null, chunk);
    },
  });
  const decoders = codings.map(([coding, decoder]) => {
    const d = zlib[decoder.stream]();
    // Heard before the pipeline's own listener: the reader is told it was a bad answer, not zlib's words.
    d.once('error', (err) => out.destroy(badAnswer(service, status, undecodable(coding, err))));
    return d;
  });
  pipeline([body, ...decoders, out], () => undefined);
  return out;
}

class BadBody extends Error {
  constructor(
    readonly text: string,
    readonly contentType: string,
    readonly expected?: JsonShape,
  ) {
    super('bad body');
  }
  describe(): string {
    return describeUnreadableBody(this.text, this.contentType, this.expected);
  }
}

class BadShape extends Error {}

/** A body's text; a byte-order mark is not part of it (as the WHATWG decoder reads UTF-8). */
function utf8Text(bytes: Buffer): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}

/**
 * The answer's bytes as the request asked for them: JSON (the default), text or the bytes. A success
 * with no body is nothing (204, 304, a write, an operation still running), or a bad answer where the
 * request names the shape it expects (a resource).
 */
function readBody(
  bytes: Buffer,
  status: number,
  ct: string,
  type: 'json' | 'text' | 'buffer' | 'stream',
  ok: boolean,
  expect: JsonShape | undefined,
): unknown {
  if (type === 'buffer' && ok) return bytes;
  const text = utf8Text(bytes);
  release(bytes);
  if (type === 'text' && ok) return text;
  if (text === '') {
    if (!ok) return '';
    if (status === 204 || status === 304 || type !== 'json') return undefined;
    // A status taken as an answer (a 404 that means none) may come without a body.
    if (expect && status < 300) throw new BadBody('', ct, expect);
    return {};
  }
  const looksJson = /json/i.test(ct) || /^\s*[[{"]/.test(text);
  if (!looksJson) {
    if (ok && type === 'json') throw new BadBody(text, ct);
    return text;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadBody(text, ct);
  }
  if (ok && expect && status < 300 && !hasShape(value, expect))
    throw new BadShape(shapeMismatch(value, expect));
  return value;
}

/** Below this, a body's bytes are left to the collector. */
const RELEASED_MIN = 64 * 1024;

/**
 * Frees the memory of bytes read whole once they are decoded, when they are the whole of their
 * ArrayBuffer (never a slice of Node's shared pool). A page of a list arrives while the one before is
 * printed, so its buffer lives through young collections into the old generation, where its memory
 * would wait for a full collection: bench/hosts-list's peak RSS grew with the number of pages (70 MB
 * at 10,000 hosts, 90 at 100,000). Detaching the ArrayBuffer frees it now.
 */
function release(bytes: Buffer): void {
  if (
    bytes.byteLength >= RELEASED_MIN &&
    bytes.byteOffset === 0 &&
    bytes.buffer.byteLength === bytes.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  )
    bytes.buffer.transfer(0);
}
