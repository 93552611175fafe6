import type { StreamBodyBuilder } from '../../../clients/meter/client.js';
import { FUTURE_LIMIT_MS, MAX_LENGTH, NUMBER, PAST_LIMIT_MS, derivedIdentifier } from './event.js';
import { canonicalTimeAt } from './time.js';

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

/**
 * Writes into `body` the wire event of the NDJSON line `text[from, to)` when the line has the flat
 * form that exports write (`{"event_name":…,"customer":…,"value":…,"timestamp":…,"identifier":…}`,
 * keys in any order), byte for byte what the general path writes
 * (`JSON.stringify(toWireEvent(fieldsFromJson(JSON.parse(line)), at, now))`), and returns true; for
 * any other line it writes nothing and returns false, and the line takes that general path. Read
 * without JSON.parse, and without a string or an object a line, it saves most of the client's cost per
 * event.
 *
 * It answers only when it is sure: a string with an escape, a control character or a character
 * beyond ASCII, another key, a key given twice, a value that is neither a digit string nor a number
 * as String() writes it, a timestamp not in the canonical UTC form, and anything invalid go the general
 * way, which says exactly what is wrong.
 */
export function writeWireEvent(
  text: string,
  from: number,
  to: number,
  at: number,
  now: number,
  body: StreamBodyBuilder,
): boolean {
  let i = text.charCodeAt(from) === SPACE ? spaces(text, from) : from;
  if (text.charCodeAt(i) !== OPEN) return false;
  // Where each value lies in text (start, end); -1 when absent.
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
    if (text.charCodeAt(i) === SPACE) i = spaces(text, i);
    if (text.charCodeAt(i) !== QUOTE) return false;
    // A key with an escape or a control character is none of the five: its raw text does not match.
    const keyEnd = text.indexOf('"', i + 1);
    if (keyEnd === -1 || keyEnd >= to) return false;
    const key = keyBit(text, i + 1, keyEnd);
    if (key === 0 || (seen & key) !== 0) return false;
    seen |= key;
    i = keyEnd + 1;
    if (text.charCodeAt(i) === SPACE) i = spaces(text, i);
    if (text.charCodeAt(i) !== COLON) return false;
    i++;
    if (text.charCodeAt(i) === SPACE) i = spaces(text, i);
    if (text.charCodeAt(i) === QUOTE) {
      const start = i + 1;
      const end = text.indexOf('"', start);
      if (end === -1 || end >= to) return false;
      i = end + 1;
      // The timestamp and the value are checked character by character below; the others here.
      if (key === TIMESTAMP) {
        timeAt = start;
        timeEnd = end;
      } else if (key === VALUE) {
        valueAt = start;
        valueEnd = end;
      } else {
        if (!plain(text, start, end)) return false;
        if (key === NAME) {
          nameAt = start;
          nameEnd = end;
        } else if (key === CUSTOMER) {
          customerAt = start;
          customerEnd = end;
        } else {
          idAt = start;
          idEnd = end;
        }
      }
    } else {
      if (key !== VALUE) return false;
      valueAt = i;
      while (i < to && isNumberChar(text.charCodeAt(i))) i++;
      valueEnd = i;
      numeric = true;
    }
    if (text.charCodeAt(i) === SPACE) i = spaces(text, i);
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      i++;
      continue;
    }
    if (c !== CLOSE) return false;
    i++;
    if (i !== to && spaces(text, i) !== to) return false;
    break;
  }
  if (nameEnd <= nameAt || nameEnd - nameAt > MAX_LENGTH || customerEnd <= customerAt) return false;
  if (valueAt === -1 || !digits(text, valueAt, valueEnd)) {
    if (valueAt === -1 || valueAt === valueEnd) return false;
    const value = text.slice(valueAt, valueEnd);
    // A number as String() writes it is what the general path sends; a string, as given.
    if (numeric ? String(Number(value)) !== value : !NUMBER.test(value)) return false;
  }
  if (timeEnd === timeAt) timeAt = -1;
  if (timeAt !== -1) {
    const t = timeEnd - timeAt === 24 ? canonicalTimeAt(text, timeAt) : Number.NaN;
    if (Number.isNaN(t) || t < now - PAST_LIMIT_MS || t > now + FUTURE_LIMIT_MS) return false;
  }
  if (idAt !== -1 && idEnd - idAt > MAX_LENGTH) return false;

  let id = text;
  if (idEnd === idAt) {
    // No identifier (or an empty one): derived from the content and the line number.
    id = derivedIdentifier(
      at,
      text.slice(nameAt, nameEnd),
      { billing_customer_id: text.slice(customerAt, customerEnd), value: text.slice(valueAt, valueEnd) },
      timeAt === -1 ? undefined : text.slice(timeAt, timeEnd),
    );
    idAt = 0;
    idEnd = id.length;
  }
  let p = body.open(OVERHEAD + to - from);
  const out = body.bytes;
  p = put(out, p, IDENTIFIER_KEY);
  p = copy(out, p, id, idAt, idEnd);
  p = put(out, p, NAME_KEY);
  p = copy(out, p, text, nameAt, nameEnd);
  if (timeAt !== -1) {
    p = put(out, p, TIMESTAMP_KEY);
    p = copy(out, p, text, timeAt, timeEnd);
  }
  p = put(out, p, CUSTOMER_KEY);
  p = copy(out, p, text, customerAt, customerEnd);
  p = put(out, p, VALUE_KEY);
  p = copy(out, p, text, valueAt, valueEnd);
  p = put(out, p, END);
  body.close(p);
  return true;
}

/** Which of the five keys the raw text s[from, to) is, as a bit; 0 for any other. */
function keyBit(s: string, from: number, to: number): number {
  switch (to - from) {
    case 10:
      return s.startsWith('event_name', from) ? NAME : s.startsWith('identifier', from) ? IDENTIFIER : 0;
    case 8:
      return s.startsWith('customer', from) ? CUSTOMER : 0;
    case 5:
      return s.startsWith('value', from) ? VALUE : 0;
    case 9:
      return s.startsWith('timestamp', from) ? TIMESTAMP : 0;
    default:
      return 0;
  }
}

/** Printable ASCII without a backslash: read raw it is what JSON.parse reads, and JSON.stringify writes it unchanged. */
function plain(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < SPACE || c === BACKSLASH || c > 126) return false;
  }
  return true;
}

/** `0`, or up to 15 digits without a leading zero: the same text as a JSON number and as a string. */
function digits(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n === 0 || n > 15) return false;
  const first = s.charCodeAt(from);
  if (first === 48) return n === 1;
  if (first < 49 || first > 57) return false;
  for (let i = from + 1; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Past the spaces at i (JSON's other whitespace is control characters, left to the general path). */
function spaces(s: string, i: number): number {
  while (s.charCodeAt(i) === SPACE) i++;
  return i;
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 43 || c === 101 || c === 69;
}

function put(out: Buffer, p: number, bytes: Buffer): number {
  out.set(bytes, p);
  return p + bytes.length;
}

/** Copies s[from, to), checked to be ASCII, as bytes. */
function copy(out: Buffer, p: number, s: string, from: number, to: number): number {
  for (let i = from; i < to; i++) out[p++] = s.charCodeAt(i);
  return p;
}
