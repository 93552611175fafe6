/**
 * The syntax of an HTTP/1.1 answer as llhttp (Node's parser, and undici's) reads it, for the h1
 * transport: what a field name, a field value and a chunk line may hold, and the errors it raises.
 */

export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** What a header value may hold (as undici and Node check it): no control character but tab. */
export const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * A chunk-size line: hex digits, then extensions (`;name` or `;name=value`, a value a token or a quoted
 * string), nothing else: no whitespace around the size (RFC 9112 §7.1, as llhttp reads it).
 */
export const CHUNK_LINE =
  /^([0-9a-fA-F]{1,12})(?:;[!#$%&'*+\-.^_`|~0-9A-Za-z]+(?:=(?:[!#$%&'*+\-.^_`|~0-9A-Za-z]+|"(?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*"))?)*$/;

/** The longest answer head (and chunk line, and trailer line), counted on all that has come of it. */
export const MAX_HEAD = 64 * 1024;

/** A content length (or the same one repeated, as some proxies send it), or a protocol error. */
export function contentLength(given: string | string[]): number {
  if (typeof given === 'string' && given.length > 0 && given.length <= 15) {
    let n = 0;
    for (let i = 0; i < given.length; i++) {
      if (!isDigit(given, i)) return contentLength([given]);
      n = n * 10 + given.charCodeAt(i) - 48;
    }
    return n;
  }
  const values = String(given)
    .split(',')
    .map((v) => v.replace(OWS_ENDS, ''));
  if (!values.every((v) => /^\d{1,15}$/.test(v) && v === values[0]))
    throw protocolError(`invalid content-length "${String(given)}"`);
  return Number(values[0]);
}

/** Spaces and tabs at either end of a value: the only whitespace HTTP trims (not `String.trim()`'s). */
export const OWS_ENDS = /^[ \t]+|[ \t]+$/g;

/**
 * Checks the header line text[at, end) (`name: value`, the name a token, the value without a control
 * character but tab) and gives its name in lower case. A name with a space before the colon, or a line
 * that starts with one (obs-fold), is not a token: refused, as llhttp refuses it, rather than kept as a
 * field nobody reads while a framing field hides in it.
 */
export function headerLine(text: string, at: number, end: number): string {
  const colon = text.indexOf(':', at);
  if (colon <= at || colon >= end || !TOKEN.test(text.slice(at, colon)))
    throw protocolError(`invalid header line "${printable(text.slice(at, Math.min(end, at + 40)))}"`);
  if (BAD_VALUE.test(text.slice(colon + 1, end)))
    throw protocolError(`invalid value of header "${text.slice(at, colon)}"`);
  return text.slice(at, colon).toLowerCase();
}

/** text[at, end) without spaces and tabs at either end. */
export function trimOws(text: string, at: number, end: number): string {
  let from = at;
  let to = end;
  while (from < to && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9)) from++;
  while (to > from && (text.charCodeAt(to - 1) === 32 || text.charCodeAt(to - 1) === 9)) to--;
  return text.slice(from, to);
}

/**
 * Checks the part of a head or a line that has come, data[at, length), before waiting for the rest: no
 * more than MAX_HEAD of it, and no bare CR or LF (a CR last may be followed by its LF in the next read).
 */
export function unfinishedLine(data: Buffer, at: number, length: number, tooLarge: string): void {
  if (length - at > MAX_HEAD) throw protocolError(tooLarge);
  for (let i = data.indexOf(10, at); i !== -1 && i < length; i = data.indexOf(10, i + 1))
    if (i === at || data[i - 1] !== 13) throw protocolError('a line of the answer ends without CRLF');
  for (let i = data.indexOf(13, at); i !== -1 && i < length - 1; i = data.indexOf(13, i + 1))
    if (data[i + 1] !== 10) throw protocolError('a line of the answer ends without CRLF');
}

/** Control characters of an answer shown in an error, escaped. */
export function printable(text: string): string {
  return text.replace(/[\x00-\x1f\x7f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

export function protocolError(message: string): Error {
  return Object.assign(new Error(message), { code: 'HPE_INVALID' });
}
