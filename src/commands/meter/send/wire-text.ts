import type { StreamBodyBuilder } from '../../../clients/meter/client.js';
import { FUTURE_LIMIT_MS, MAX_LENGTH, NUMBER, PAST_LIMIT_MS, derivedIdentifier } from './event.js';
import { dayOfLastTime, timeOfDayAt } from './time.js';

const SPACE = 32;
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const BACKSLASH = 92;
const OPEN = 123;
const CLOSE = 125;

const NAME = 1;
const CUSTOMER = 2;
const VALUE = 4;
const TIMESTAMP = 8;
const IDENTIFIER = 16;

/** The wire event's constant parts, as bytes. */
const IDENTIFIER_KEY = Buffer.from('{"identifier":"');
const NAME_KEY = Buffer.from('","event_name":"');
const TIMESTAMP_KEY = Buffer.from('","timestamp":"');
const CUSTOMER_KEY = Buffer.from('","payload":{"billing_customer_id":"');
const VALUE_KEY = Buffer.from('","value":"');
const END = Buffer.from('"}}');
/** The constant parts together, and a derived identifier's length (`ops_` and 22 characters). */
const OVERHEAD =
  IDENTIFIER_KEY.length +
  NAME_KEY.length +
  TIMESTAMP_KEY.length +
  CUSTOMER_KEY.length +
  VALUE_KEY.length +
  END.length +
  26;

/** The five keys by their first letter: each key's bit, and its text in a line (closing quote included). */
const KEYS: Array<readonly [number, Buffer] | undefined> = [];
for (const [bit, text] of [
  [NAME, 'event_name'],
  [CUSTOMER, 'customer'],
  [VALUE, 'value'],
  [TIMESTAMP, 'timestamp'],
  [IDENTIFIER, 'identifier'],
] as const)
  KEYS[text.charCodeAt(0)] = [bit, Buffer.from(`${text}"`)];

/**
 * Writes into `body` the wire event of the NDJSON line `src[from, to)` (its bytes, as read) when the
 * line has the flat form that exports write
 * (`{"event_name":…,"customer":…,"value":…,"timestamp":…,"identifier":…}`, keys in any order), byte
 * for byte what the general path writes
 * (`JSON.stringify(toWireEvent(fieldsFromJson(JSON.parse(line)), at, now))`), and returns true; for
 * any other line it writes nothing and returns false, and the line takes that general path. Read on
 * the bytes, without decoding them, without JSON.parse, and without a string or an object a line, it
 * saves most of the client's cost per event.
 *
 * It answers only when it is sure: a string with an escape, a control character or a byte beyond
 * ASCII, another key, a key given twice, a value that is neither a digit string nor a number as
 * String() writes it, a timestamp not in the canonical UTC form, and anything invalid go the general
 * way, which says exactly what is wrong.
 */
export function writeWireEvent(
  src: Buffer,
  from: number,
  to: number,
  at: number,
  now: number,
  body: StreamBodyBuilder,
): boolean {
  let i = from;
  let c = src[i];
  if (c === SPACE) c = src[(i = spaces(src, i))];
  if (c !== OPEN) return false;
  // Where each value lies in src (start, end); -1 when absent.
  let nameAt = -1;
  let nameEnd = -1;
  let customerAt = -1;
  let customerEnd = -1;
  let valueAt = -1;
  let valueEnd = -1;
  let numeric = false;
  let timeAt = -1;
  let timeEnd = -1;
  let idAt = -1;
  let idEnd = -1;
  let seen = 0;
  i++;
  for (;;) {
    c = src[i];
    if (c === SPACE) c = src[(i = spaces(src, i))];
    if (c !== QUOTE) return false;
    // The key, told by its first letter and checked whole with its closing quote (a key with an
    // escape is none of the five: its raw text does not match). No key runs past the line's end: none
    // holds a newline or a carriage return.
    const k = i + 1;
    const known = KEYS[src[k]!];
    if (!known) return false;
    const key = known[0];
    i = keyEnd(src, k, known[1]);
    if (i === -1 || (seen & key) !== 0) return false;
    seen |= key;
    c = src[i];
    if (c === SPACE) c = src[(i = spaces(src, i))];
    if (c !== COLON) return false;
    c = src[++i];
    if (c === SPACE) c = src[(i = spaces(src, i))];
    if (c === QUOTE) {
      const start = i + 1;
      if (key === TIMESTAMP) {
        // 24 characters (timeOfDayAt checks each one) or none.
        const end = src[start] === QUOTE ? start : start + 24;
        if (end >= to || src[end] !== QUOTE) return false;
        timeAt = start;
        timeEnd = end;
        i = end + 1;
      } else {
        // To the closing quote, every byte printable ASCII but a backslash: read raw it is what
        // JSON.parse reads, and JSON.stringify writes it unchanged.
        let end = start;
        for (; end < to; end++) {
          const d = src[end]!;
          if (d === QUOTE) break;
          if (d < SPACE || d === BACKSLASH || d > 126) return false;
        }
        if (end >= to) return false;
        i = end + 1;
        if (key === NAME) {
          nameAt = start;
          nameEnd = end;
        } else if (key === CUSTOMER) {
          customerAt = start;
          customerEnd = end;
        } else if (key === VALUE) {
          valueAt = start;
          valueEnd = end;
        } else {
          idAt = start;
          idEnd = end;
        }
      }
    } else {
      if (key !== VALUE) return false;
      valueAt = i;
      while (i < to && isNumberChar(src[i]!)) i++;
      valueEnd = i;
      numeric = true;
    }
    c = src[i];
    if (c === SPACE) c = src[(i = spaces(src, i))];
    if (c === COMMA) {
      i++;
      continue;
    }
    if (c !== CLOSE) return false;
    i++;
    if (i !== to && spaces(src, i) !== to) return false;
    break;
  }
  if (nameEnd <= nameAt || nameEnd - nameAt > MAX_LENGTH || customerEnd <= customerAt) return false;
  if (valueAt === -1 || !digits(src, valueAt, valueEnd)) {
    if (valueAt === -1 || valueAt === valueEnd) return false;
    const value = src.toString('latin1', valueAt, valueEnd);
    // A number as String() writes it is what the general path sends; a string, as given.
    if (numeric ? String(Number(value)) !== value : !NUMBER.test(value)) return false;
  }
  if (timeEnd === timeAt) timeAt = -1;
  if (timeAt !== -1) {
    const into = timeOfDayAt(src, timeAt);
    if (into < 0) return false;
    const t = dayOfLastTime() * 86_400_000 + into;
    if (t < now - PAST_LIMIT_MS || t > now + FUTURE_LIMIT_MS) return false;
  }
  if (idAt !== -1 && idEnd - idAt > MAX_LENGTH) return false;

  let id: Buffer = src;
  if (idEnd === idAt) {
    // No identifier (or an empty one): derived from the content and the line number.
    id = Buffer.from(
      derivedIdentifier(
        at,
        src.toString('latin1', nameAt, nameEnd),
        {
          billing_customer_id: src.toString('latin1', customerAt, customerEnd),
          value: src.toString('latin1', valueAt, valueEnd),
        },
        timeAt === -1 ? undefined : src.toString('latin1', timeAt, timeEnd),
      ),
      'latin1',
    );
    idAt = 0;
    idEnd = id.length;
  }
  let p = body.open(OVERHEAD + to - from);
  const out = body.bytes;
  p = put(out, p, IDENTIFIER_KEY);
  p = copy(out, p, id, idAt, idEnd);
  p = put(out, p, NAME_KEY);
  p = copy(out, p, src, nameAt, nameEnd);
  if (timeAt !== -1) {
    p = put(out, p, TIMESTAMP_KEY);
    p = copy(out, p, src, timeAt, timeEnd);
  }
  p = put(out, p, CUSTOMER_KEY);
  p = copy(out, p, src, customerAt, customerEnd);
  p = put(out, p, VALUE_KEY);
  p = copy(out, p, src, valueAt, valueEnd);
  p = put(out, p, END);
  body.close(p);
  return true;
}

/** Where the key `text` (closing quote included) that starts at src[k] ends, or -1 when it is not there. */
function keyEnd(src: Buffer, k: number, text: Buffer): number {
  for (let j = 0; j < text.length; j++) if (src[k + j] !== text[j]) return -1;
  return k + text.length;
}

/** `0`, or up to 15 digits without a leading zero: the same text as a JSON number and as a string. */
function digits(s: Buffer, from: number, to: number): boolean {
  const n = to - from;
  if (n === 0 || n > 15) return false;
  const first = s[from]!;
  if (first === 48) return n === 1;
  if (first < 49 || first > 57) return false;
  for (let i = from + 1; i < to; i++) {
    const c = s[i]!;
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Past the spaces at i (JSON's other whitespace is control characters, left to the general path). */
function spaces(s: Buffer, i: number): number {
  while (s[i] === SPACE) i++;
  return i;
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 43 || c === 101 || c === 69;
}

function put(out: Buffer, p: number, bytes: Buffer): number {
  out.set(bytes, p);
  return p + bytes.length;
}

/** Copies src[from, to), checked to be ASCII. */
function copy(out: Buffer, p: number, src: Buffer, from: number, to: number): number {
  for (let i = from; i < to; i++) out[p++] = src[i]!;
  return p;
}
