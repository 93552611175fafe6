import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamBodyBuilder } from '../../src/clients/meter/client.js';
import {
  FUTURE_LIMIT_MS,
  PAST_LIMIT_MS,
  fieldsFromJson,
  toWireEvent,
} from '../../src/commands/meter/send/event.js';
import { ndjsonReader } from '../../src/commands/meter/send/input.js';
import { canonicalTimeMs } from '../../src/commands/meter/send/time.js';
import { writeWireEvent } from '../../src/commands/meter/send/wire-text.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const TS = '2026-03-01T11:00:00.000Z';

/** What the general path makes of a line: the wire event's JSON text, or the reason it is refused. */
function general(line: string, at = 7, now = NOW): string {
  let obj: unknown;
  try {
    obj = JSON.parse(line);
  } catch (err) {
    return `invalid: ${(err as Error).message}`;
  }
  const fields = fieldsFromJson(obj);
  const event = typeof fields === 'string' ? fields : toWireEvent(fields, at, now);
  return typeof event === 'string' ? `invalid: ${event}` : JSON.stringify(event);
}

/** What the fast writer makes of it: the bytes it wrote, or undefined when it left the line alone. */
function fast(line: string, at = 7, now = NOW): string | undefined {
  const body = new StreamBodyBuilder();
  // The line inside a longer chunk, as the reader hands it over.
  const text = Buffer.from(`{"before":1}\n${line}\n{"after":2}`);
  if (!writeWireEvent(text, 13, 13 + Buffer.byteLength(line), at, now, body)) {
    expect(body.count).toBe(0);
    return undefined;
  }
  expect(body.count).toBe(1);
  return (JSON.parse(body.finish().toString('utf8')) as { events: unknown[] }).events.map((e) =>
    JSON.stringify(e),
  )[0];
}

/** A fixed pseudo-random sequence (xorshift32) of integers below n, so that a failure can be replayed. */
function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
}

/** The fast writer's exact bytes for one line. */
function fastBytes(line: string): string {
  const body = new StreamBodyBuilder();
  expect(writeWireEvent(Buffer.from(line), 0, line.length, 7, NOW, body)).toBe(true);
  return body.finish().toString('utf8');
}

describe('writeWireEvent: the flat NDJSON line written straight into the body', () => {
  it.each([
    [
      'the export form',
      `{"event_name":"api_requests","customer":"cus_1","value":3,"timestamp":"${TS}","identifier":"evt_1"}`,
    ],
    [
      'keys in another order',
      `{"identifier":"evt_1","value":3,"customer":"cus_1","timestamp":"${TS}","event_name":"api_requests"}`,
    ],
    ['spaces around every token', ` { "event_name" : "api_requests" , "customer" : "cus_1" , "value" : 3 } `],
    [
      'no identifier (derived from the content and line)',
      `{"event_name":"a","customer":"c","value":1,"timestamp":"${TS}"}`,
    ],
    [
      'an empty identifier and an empty timestamp',
      '{"event_name":"a","customer":"c","value":1,"identifier":"","timestamp":""}',
    ],
    ['a value given as a decimal string', '{"event_name":"a","customer":"c","value":"3.50"}'],
    ['a value string with leading zeros', '{"event_name":"a","customer":"c","value":"007"}'],
    ['zero', '{"event_name":"a","customer":"c","value":0}'],
    ['a negative number', '{"event_name":"a","customer":"c","value":-12}'],
    ['a decimal number String() writes as given', '{"event_name":"a","customer":"c","value":1.5}'],
    ['fifteen digits', '{"event_name":"a","customer":"c","value":123456789012345}'],
    [
      'printable ASCII in the strings',
      '{"event_name":"a b/c~!#$%&\'()*+,-.:;<=>?@[]^_`{|}","customer":"c","value":1}',
    ],
    [
      'a 100-character name and identifier',
      `{"event_name":"${'n'.repeat(100)}","customer":"c","value":1,"identifier":"${'i'.repeat(100)}"}`,
    ],
    [
      'timestamps at both edges of the window',
      `{"event_name":"a","customer":"c","value":1,"timestamp":"${new Date(NOW - PAST_LIMIT_MS).toISOString()}"}`,
    ],
    [
      'the future edge',
      `{"event_name":"a","customer":"c","value":1,"timestamp":"${new Date(NOW + FUTURE_LIMIT_MS).toISOString()}"}`,
    ],
  ])('%s: the same event as the general path', (_name, line) => {
    const expected = general(line);
    expect(expected).not.toMatch(/^invalid/);
    expect(fast(line)).toBe(expected);
  });

  it('writes byte for byte what JSON.stringify writes', () => {
    const line = `{"event_name":"api_requests","customer":"cus_1","value":3,"timestamp":"${TS}","identifier":"evt_1"}`;
    expect(fastBytes(line)).toBe(`{"events":[${general(line)}]}`);
    const body = new StreamBodyBuilder();
    body.add(JSON.parse(general(line)));
    expect(writeWireEvent(Buffer.from(line), 0, line.length, 7, NOW, body)).toBe(true);
    expect(body.finish().toString('utf8')).toBe(`{"events":[${general(line)},${general(line)}]}`);
  });

  it.each([
    ['an escape in a string', '{"event_name":"a","customer":"cus_\\u0031","value":1}'],
    ['an escaped quote', '{"event_name":"a\\"b","customer":"c","value":1}'],
    ['an escape in a key', '{"event\\u005fname":"a","customer":"c","value":1}'],
    ['a raw tab in a string', '{"event_name":"a\tb","customer":"c","value":1}'],
    ['a tab between tokens', '{"event_name":"a",\t"customer":"c","value":1}'],
    ['a character beyond ASCII', '{"event_name":"café","customer":"c","value":1}'],
    ['a key given twice', '{"event_name":"a","customer":"c","customer":"d","value":1}'],
    ['a misspelt key', '{"event_name":"a","custmer":"c","value":1}'],
    ['the wire shape', '{"event_name":"a","payload":{"billing_customer_id":"c","value":"1"}}'],
    ['billing_customer_id at the top', '{"event_name":"a","billing_customer_id":"c","value":1}'],
    ['a null value', '{"event_name":"a","customer":"c","value":null}'],
    ['a boolean value', '{"event_name":"a","customer":"c","value":true}'],
    ['a value in exponent form', '{"event_name":"a","customer":"c","value":1e3}'],
    ['a trailing zero', '{"event_name":"a","customer":"c","value":1.50}'],
    ['minus zero', '{"event_name":"a","customer":"c","value":-0}'],
    ['a leading zero (not JSON)', '{"event_name":"a","customer":"c","value":01}'],
    ['a number too long to keep its digits', '{"event_name":"a","customer":"c","value":12345678901234567}'],
    ['a value that is not a number', '{"event_name":"a","customer":"c","value":"many"}'],
    ['an empty value', '{"event_name":"a","customer":"c","value":""}'],
    ['a trailing comma', '{"event_name":"a","customer":"c","value":1,}'],
    ['something after the object', '{"event_name":"a","customer":"c","value":1} x'],
    ['no customer', '{"event_name":"a","value":1}'],
    ['an empty name', '{"event_name":"","customer":"c","value":1}'],
    ['a number for a name', '{"event_name":5,"customer":"c","value":1}'],
    ['a 101-character name', `{"event_name":"${'n'.repeat(101)}","customer":"c","value":1}`],
    [
      'a 101-character identifier',
      `{"event_name":"a","customer":"c","value":1,"identifier":"${'i'.repeat(101)}"}`,
    ],
    ['a number for an identifier', '{"event_name":"a","customer":"c","value":1,"identifier":5}'],
    [
      'a timestamp too old',
      `{"event_name":"a","customer":"c","value":1,"timestamp":"${new Date(NOW - PAST_LIMIT_MS - 1).toISOString()}"}`,
    ],
    [
      'a timestamp too far ahead',
      `{"event_name":"a","customer":"c","value":1,"timestamp":"${new Date(NOW + FUTURE_LIMIT_MS + 1).toISOString()}"}`,
    ],
    [
      'a timestamp in another form',
      '{"event_name":"a","customer":"c","value":1,"timestamp":"2026-03-01T11:00:00Z"}',
    ],
    ['epoch seconds', '{"event_name":"a","customer":"c","value":1,"timestamp":1772362800}'],
    [
      'an impossible date',
      '{"event_name":"a","customer":"c","value":1,"timestamp":"2026-02-30T11:00:00.000Z"}',
    ],
    ['an empty object', '{}'],
    ['an array', '[1,2]'],
    ['not JSON', 'event_name=a'],
    ['an unclosed string', '{"event_name":"a'],
  ])('%s: left to the general path, which says what it is', (_name, line) => {
    expect(fast(line)).toBeUndefined();
  });

  it('never writes what the general path would not send, over 20,000 mutated lines', () => {
    const random = seeded(42);
    const pieces = [
      '"',
      '\\',
      '{',
      '}',
      ',',
      ':',
      ' ',
      '\t',
      '0',
      '1',
      '9',
      '-',
      '.',
      'e',
      '+',
      'x',
      'é',
      '\u0001',
      'null',
      '"value"',
      '"customer"',
    ];
    const seeds = [
      `{"event_name":"api_requests","customer":"cus_1","value":3,"timestamp":"${TS}","identifier":"evt_1"}`,
      '{"event_name":"a","customer":"c","value":"2.5"}',
      '{ "value" : 10 , "customer" : "c" , "event_name" : "n" }',
      // Long strings, so that many mutations land inside one.
      `{"event_name":"${'n'.repeat(40)}","customer":"${'c'.repeat(40)}","value":1,"identifier":"${'i'.repeat(40)}"}`,
    ];
    let accepted = 0;
    for (let k = 0; k < 20_000; k++) {
      let line = seeds[random(seeds.length)]!;
      for (let m = random(3) + 1; m > 0; m--) {
        const at = random(line.length + 1);
        const cut = random(3);
        line = line.slice(0, at) + (random(2) ? pieces[random(pieces.length)] : '') + line.slice(at + cut);
      }
      const written = fast(line, k + 1);
      if (written === undefined) continue;
      accepted++;
      expect(written, line).toBe(general(line, k + 1));
    }
    // The mutations kept enough lines valid for the property to mean something.
    expect(accepted).toBeGreaterThan(2_000);
  });

  it('a whole file through the reader: the same bodies as the general path, a line at a time', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 3_000; i++) {
      const ts = new Date(NOW - 86_400_000 * (i % 40) - i).toISOString();
      lines.push(
        i % 7 === 0
          ? `{"event_name":"cafés","customer":"c${i}","value":${i}}` // beyond ASCII: the general path
          : i % 11 === 0
            ? ''
            : `{"event_name":"e${i % 3}","customer":"cus_${i}","value":${i % 5},"timestamp":"${ts}"${i % 2 ? `,"identifier":"id_${i}"` : ''}}`,
      );
    }
    let written = 0;
    const bodies = async (useFast: boolean) => {
      const reader = ndjsonReader(Readable.from([Buffer.from(`${lines.join('\r\n')}\n`)]), fieldsFromJson);
      const body = new StreamBodyBuilder();
      const out: string[] = [];
      await reader.visit((l) => {
        if (l.kind !== 'event') return undefined;
        if (useFast && writeWireEvent(l.bytes, l.from, l.to, l.line, NOW, body)) {
          written++;
          if (body.count === 100) out.push(body.finish().toString('utf8'));
          return undefined;
        }
        const f = reader.fields(l);
        const e = typeof f === 'string' ? f : toWireEvent(f, l.line, NOW);
        if (typeof e !== 'string') body.add(e);
        if (body.count === 100) out.push(body.finish().toString('utf8'));
        return undefined;
      });
      out.push(body.finish().toString('utf8'));
      return out;
    };
    const slow = await bodies(false);
    expect(await bodies(true)).toEqual(slow);
    expect(written).toBeGreaterThan(2_000);
  });
});

describe('canonicalTimeMs keeps the last day it read', () => {
  it('reads no character beyond ASCII as a digit or a separator', () => {
    expect(canonicalTimeMs('2026-03-01T11:00:00.000Z')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    // U+0132 and U+FF12 end in the byte of "2"; "é" is two bytes where one is expected.
    for (const bad of ['\u0132', '\uff12', 'é'])
      expect(canonicalTimeMs(`2026-03-01T11:00:00.00${bad}Z`.slice(0, 24))).toBeNaN();
    expect(canonicalTimeMs('2026-03-01T11:00:00.0\u01322Z')).toBeNaN();
  });

  it('reads timestamps of many days in any order as Date.parse does', () => {
    const random = seeded(7);
    for (let k = 0; k < 5_000; k++) {
      const ms = Date.UTC(2020 + random(8), random(12), 1 + random(28)) + random(86_400_000);
      const text = new Date(ms).toISOString();
      expect(canonicalTimeMs(text)).toBe(ms);
      // A day just read does not vouch for a bad time on it, nor for another day's impossible date.
      expect(canonicalTimeMs(`${text.slice(0, 11)}24${text.slice(13)}`)).toBeNaN();
      expect(canonicalTimeMs(`${text.slice(0, 8)}32${text.slice(10)}`)).toBeNaN();
    }
  });
});
