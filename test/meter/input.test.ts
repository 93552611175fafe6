import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fieldsFromJson } from '../../src/commands/meter/send/event.js';
import {
  type InputLine,
  type InputReader,
  STOP,
  csvReader,
  fileChunks,
  ndjsonReader,
} from '../../src/commands/meter/send/input.js';
import { UsageError } from '../../src/errors.js';

/** Every line the reader hands over, copied (the reader reuses one object), with its fields. */
async function lines(
  reader: InputReader,
): Promise<Array<{ line: number; kind: string; fields?: unknown; reason?: string }>> {
  const out: Array<{ line: number; kind: string; fields?: unknown; reason?: string }> = [];
  await reader.visit((l: InputLine) => {
    if (l.kind === 'event') out.push({ line: l.line, kind: l.kind, fields: reader.fields(l) });
    else if (l.kind === 'bad') out.push({ line: l.line, kind: l.kind, reason: l.reason });
    else out.push({ line: l.line, kind: l.kind });
    return undefined;
  });
  return out;
}

const chunks = (...parts: Array<string | Buffer>) =>
  Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

describe('ndjsonReader', () => {
  it('numbers lines across chunks, with CRLF, blank lines and no final newline', async () => {
    const r = ndjsonReader(
      chunks(
        '{"event_name":"a","customer":"c","va',
        'lue":1}\r\n\n   \n{"event_name":"b",',
        '"customer":"d","value":2}',
      ),
      fieldsFromJson,
    );
    expect(await lines(r)).toEqual([
      { line: 1, kind: 'event', fields: expect.objectContaining({ event_name: 'a', value: 1 }) },
      { line: 2, kind: 'skip' },
      { line: 3, kind: 'skip' },
      { line: 4, kind: 'event', fields: expect.objectContaining({ event_name: 'b', customer: 'd' }) },
    ]);
    expect(r.firstLine()).toBe('{"event_name":"a","customer":"c","value":1}');
    expect(r.bytes()).toBeGreaterThan(70);
  });

  it('keeps a UTF-8 character split between two chunks whole', async () => {
    const text = Buffer.from('{"event_name":"é","customer":"c","value":1}\n');
    const at = text.indexOf(0xc3) + 1;
    const out = await lines(ndjsonReader(chunks(text.subarray(0, at), text.subarray(at)), fieldsFromJson));
    expect(out[0]?.fields).toMatchObject({ event_name: 'é' });
  });

  it('numbers thousands of lines across decoding slices, a line longer than a slice included', async () => {
    const long = JSON.stringify({
      event_name: 'a',
      customer: 'c',
      value: 1,
      payload: { note: 'x'.repeat(40_000) },
    });
    const text = `${Array.from({ length: 3000 }, (_, i) => `{"event_name":"e${i}","customer":"c","value":1}`).join('\n')}\n${long}\n{"event_name":"last","customer":"c","value":1}\n`;
    const buf = Buffer.from(text);
    const out = await lines(
      ndjsonReader(chunks(buf.subarray(0, 70_000), buf.subarray(70_000)), fieldsFromJson),
    );
    expect(out).toHaveLength(3002);
    expect(out[2999]?.fields).toMatchObject({ event_name: 'e2999' });
    expect(out[3000]?.fields).toMatchObject({ extra: { note: expect.stringMatching(/^x{40000}$/) } });
    expect(out[3001]).toMatchObject({ line: 3002, fields: { event_name: 'last' } });
  });

  it('gives the JSON error of a line that is not JSON', async () => {
    const out = await lines(ndjsonReader(chunks('{oops}\n'), fieldsFromJson));
    expect(out[0]?.fields).toMatch(/^not valid JSON/);
  });

  it('reads a file in chunks of one buffer used again, lines cut between chunks kept whole', async () => {
    const text = `${Array.from({ length: 200 }, (_, i) => `{"event_name":"é${i}","customer":"c${i}","value":${i}}`).join('\r\n')}\n\n{"event_name":"last","customer":"c","value":1}`;
    const file = join(mkdtempSync(join(tmpdir(), 'ops-input-')), 'in.ndjson');
    writeFileSync(file, text);
    // 7 bytes a read: every line is cut, most of them several times, some inside a UTF-8 character.
    const out = await lines(ndjsonReader(fileChunks(file, 7), fieldsFromJson));
    expect(out).toHaveLength(202);
    for (let i = 0; i < 200; i++)
      expect(out[i]).toEqual({
        line: i + 1,
        kind: 'event',
        fields: expect.objectContaining({ event_name: `é${i}`, customer: `c${i}`, value: i }),
      });
    expect(out[200]).toEqual({ line: 201, kind: 'skip' });
    expect(out[201]).toMatchObject({ line: 202, fields: { event_name: 'last' } });
  });

  it('stops reading a file when the source is destroyed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ops-input-')), 'in.ndjson');
    writeFileSync(file, '{"event_name":"a","customer":"c","value":1}\n'.repeat(1000));
    const source = fileChunks(file, 64);
    const r = ndjsonReader(source, fieldsFromJson);
    let n = 0;
    await r.visit(() => {
      if (++n === 3) source.destroy();
      return undefined;
    });
    // Lines of 44 bytes, chunks of 64: the third line ends in the third chunk, which is read to its end;
    // no other chunk is read.
    expect(r.bytes()).toBe(192);
  });

  it('stops when told to', async () => {
    const r = ndjsonReader(chunks('{}\n{}\n{}\n'), fieldsFromJson);
    const seen: number[] = [];
    await r.visit((l) => {
      seen.push(l.line);
      return l.line === 2 ? STOP : undefined;
    });
    expect(seen).toEqual([1, 2]);
  });
});

describe('csvReader', () => {
  it('maps the header to fields, extra payload columns included', async () => {
    const r = await csvReader(
      chunks(
        'event_name,customer,value,timestamp,payload.region\napi,cus_1,3,,eu\n"api",cus_2,"4",2026-01-01T00:00:00Z,us\n',
      ),
    );
    expect(await lines(r)).toEqual([
      { line: 1, kind: 'skip' },
      {
        line: 2,
        kind: 'event',
        fields: { event_name: 'api', customer: 'cus_1', value: '3', timestamp: '', extra: { region: 'eu' } },
      },
      {
        line: 3,
        kind: 'event',
        fields: {
          event_name: 'api',
          customer: 'cus_2',
          value: '4',
          timestamp: '2026-01-01T00:00:00Z',
          extra: { region: 'us' },
        },
      },
    ]);
    expect(r.firstLine()).toBe('event_name,customer,value,timestamp,payload.region');
  });

  it('reports a row with the wrong number of fields as a bad line', async () => {
    const out = await lines(
      await csvReader(chunks('event_name,billing_customer_id,value\napi,cus_1\napi,cus_1,2\n')),
    );
    expect(out[1]).toEqual({ line: 2, kind: 'bad', reason: '2 fields where the header has 3' });
    expect(out[2]).toMatchObject({ line: 3, kind: 'event' });
  });

  it('reports rows the CSV parser cannot read, in line order', async () => {
    const out = await lines(
      await csvReader(chunks('event_name,customer,value\napi,cu"s,3\napi,b,4\n"api,c,5\n')),
    );
    expect(out.map((l) => [l.line, l.kind])).toEqual([
      [1, 'skip'],
      [2, 'bad'],
      [3, 'event'],
      [4, 'bad'],
    ]);
    expect(out[1]?.reason).toMatch(/^not valid CSV \(Invalid Opening Quote/);
    expect(out[3]?.reason).toMatch(/Quote Not Closed/);
  });

  it.each([
    ['an unknown column', 'event_name,customer,value,colour\n', /CSV column "colour" is not known/],
    ['a missing value column', 'event_name,customer\n', /the CSV header has no value column/],
  ])('refuses a header with %s (a usage error, before any event)', async (_name, text, message) => {
    const r = await csvReader(chunks(text));
    const err = await lines(r).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });
});
