import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Factory } from '../../src/app/types.js';
import { RawJson } from '../../src/clients/http/raw-json.js';
import { type CallInput, callTool } from '../../src/commands/mcp/call.js';
import type { Allowed } from '../../src/commands/mcp/tools.js';
import { serviceVerbs } from '../../src/commands/mcp/tools.js';
import { printPages } from '../../src/commands/shared/list.js';
import { addVerbs, buildVerbs, read } from '../../src/commands/shared/verbs.js';
import type { Io } from '../../src/io.js';
import { Feedback } from '../../src/output/feedback.js';
import { makeStyle } from '../../src/output/color.js';
import { Printer, jsonText } from '../../src/output/printer.js';
import { memoryIo } from '../helpers/io.js';

/**
 * A tool call takes a verb's JSON result as a value (`Io.values`) instead of printing it indented and
 * parsing it back: every call below gives the same result both ways, byte for byte, notes included.
 */

const factory = { io: { stdinIsTty: false }, services: [] } as unknown as Factory;
const READ_ONLY: Allowed = { writes: false, destructive: false, secrets: false, dryRun: false };

function verbs() {
  const root = new Command('ops');
  const svc = root.command('svc');
  addVerbs(
    svc,
    {
      list: read(() => new Command('list').option('--limit <n>', 'at most n'), { list: true }),
      show: read(() => new Command('show')),
    },
    factory,
  );
  buildVerbs(root);
  return serviceVerbs(svc, new Set());
}

const VERBS = verbs();

/** One call whose verb prints through `print` (the text `-o json` writes, or the value). */
async function call(
  input: CallInput,
  print: (io: Io) => void | Promise<void>,
  o: { secrets?: string[]; maxBytes?: number } = {},
) {
  return callTool(
    {
      service: 'svc',
      kind: 'read',
      verbs: VERBS,
      allowed: READ_ONLY,
      env: {},
      signal: new AbortController().signal,
      secrets: o.secrets ?? ['sekrit-token'],
      maxBytes: o.maxBytes ?? 65536,
      callVerb: async (_call, io) => {
        await print(io);
        return 0;
      },
    },
    input,
  );
}

/** The same call with the value printed as text (as before) and handed over: both results. */
async function bothWays(input: CallInput, value: unknown, o: { secrets?: string[]; maxBytes?: number } = {}) {
  const asText = await call(input, (io) => void io.stdout.write(jsonText(value)), o);
  const asValue = await call(
    input,
    (io) => {
      expect(io.values, 'a tool call takes values').toBeTypeOf('function');
      io.values!(value);
    },
    o,
  );
  return { asText, asValue };
}

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `host-${i}`, tags: ['a', i % 2 ? 'b' : 'c'] }));

describe('a result taken as a value is the result of its JSON text', () => {
  it.each<[string, CallInput, unknown]>([
    ['an object with a credential in it', { command: 'show' }, { token: 'sekrit-token', n: 1.5 }],
    ['a credential as a key', { command: 'show' }, { 'sekrit-token': true }],
    ['a string', { command: 'show' }, 'x sekrit-token y'],
    ['null', { command: 'show' }, null],
    ['nothing (undefined)', { command: 'show' }, undefined],
    ['DEL and C1 controls, and an escape', { command: 'show' }, { s: 'a\u009b31m\u007f\u001b[0m' }],
    ['a list within the limit', { command: 'list' }, items(10)],
    ['a list past the limit (one more than asked)', { command: 'list', limit: 3 }, items(4)],
    ['an empty list', { command: 'list' }, []],
    ['a list holding undefined', { command: 'list' }, [1, undefined, 'sekrit-token']],
    [
      'a query, credentials masked before it',
      { command: 'show', query: 'reverse(token)' },
      { token: 'sekrit-token' },
    ],
    ['a query over a cut list', { command: 'list', limit: 2, query: '[].name' }, items(3)],
    ['a query that gives a scalar', { command: 'list', limit: 2, query: 'length(@)' }, items(3)],
  ])('%s', async (_name, input, value) => {
    const { asText, asValue } = await bothWays(input, value);
    expect(asValue).toEqual(asText);
  });

  it('items kept as the service sent them (RawJson) are parsed and made compact', async () => {
    const texts = [
      '{ "id" : 1, "url": "https:\\/\\/x\\/y", "name": "caf\\u00e9" }',
      '{"id":2,"token":"sekrit-token","c":"\u009b"}',
      '{"id":3,"n":1e2,"d":[ ]}',
    ];
    const value = texts.map((t) => new RawJson(t));
    for (const limit of [2, 3]) {
      const { asText, asValue } = await bothWays({ command: 'list', limit }, value);
      expect(asValue).toEqual(asText);
    }
    const { asValue } = await bothWays({ command: 'list' }, value);
    expect(asValue.text).toBe(
      '[{"id":1,"url":"https://x/y","name":"café"},{"id":2,"token":"***","c":"\u009b"},{"id":3,"n":100,"d":[]}]',
    );
  });

  it('a compact item kept as sent is shown as the service wrote it, as -o ndjson writes it', async () => {
    const value = [
      // Compact, no escape: as written, numbers too (an id past 2^53 stays exact).
      new RawJson('{"id":12345678901234567890,"v":1.0,"token":"sekrit-token","s":"a b"}'),
      // A space outside a string, or an escape: parsed and written back.
      new RawJson('{"id":2, "v":1.0}'),
      new RawJson('{"id":3,"u":"https:\\/\\/x","v":1.0}'),
    ];
    const { asValue } = await bothWays({ command: 'list' }, value);
    expect(asValue.text).toBe(
      '[{"id":12345678901234567890,"v":1.0,"token":"***","s":"a b"},{"id":2,"v":1},{"id":3,"u":"https://x","v":1}]',
    );
  });

  it('a query over items kept as sent reads them masked, a credential hidden by an escape too', async () => {
    const secrets = ['sek/rit-token'];
    const value = [
      new RawJson('{"t":"sek\\/rit-token","n":1}'),
      new RawJson('{"t":"x sek/rit-token y","n":2}'),
      new RawJson('{ "t" : "s\\u0065k/rit-token", "n": 3 }'),
      { t: 'sek/rit-token', n: 4 },
    ];
    for (const query of ['[].t', 'map(&reverse(t), @)', '[?n > `1`].t | join(`,`, @)']) {
      const { asText, asValue } = await bothWays({ command: 'list', query }, value, { secrets });
      expect([query, asValue]).toEqual([query, asText]);
      expect(asValue.text).not.toMatch(/rit-token|nekot-tir/);
    }
    const { asValue } = await bothWays({ command: 'list', query: '[].t' }, value, { secrets });
    expect(asValue.text).toBe('["***","x *** y","***","***"]');
  });

  it('the byte cap keeps the same whole items at every size, its note too', async () => {
    const value = items(12).map((item, i) => (i % 3 ? item : { ...item, secret: 'sekrit-token' }));
    for (let maxBytes = 1; maxBytes <= Buffer.byteLength(JSON.stringify(value)) + 2; maxBytes++) {
      const { asText, asValue } = await bothWays({ command: 'list', limit: 11 }, value, { maxBytes });
      expect(asValue, `maxBytes ${maxBytes}`).toEqual(asText);
    }
    const { asValue } = await bothWays({ command: 'list', limit: 11 }, value, { maxBytes: 200 });
    expect(asValue.note).toMatch(/^the first 4 of 11\+ items: the result is capped at 200 bytes; narrow it/);
  });

  it('a credential that JSON escapes is masked in the value, as in the text', async () => {
    const secrets = ['quo"ted-secret'];
    const value = [{ a: 'x quo"ted-secret y' }, { b: 'quo"ted-secret' }];
    const { asText, asValue } = await bothWays({ command: 'list' }, value, { secrets });
    expect(asValue).toEqual(asText);
    expect(asValue.text).toBe('[{"a":"x *** y"},{"b":"***"}]');
  });

  it('a value printed beside other output is the text -o json prints, in order', async () => {
    const r = await call({ command: 'show' }, (io) => {
      io.values!({ a: 1 });
      io.stdout.write('done\n');
      io.values!([2]);
    });
    expect(r.text).toBe('{\n  "a": 1\n}\ndone\n[\n  2\n]');
    const two = await call({ command: 'show' }, (io) => {
      io.values!({ a: 1 });
      io.values!({ b: 2 });
    });
    expect(two.text).toBe('{\n  "a": 1\n}\n{\n  "b": 2\n}');
  });
});

describe('the printer hands a JSON result to Io.values', () => {
  function printerFor(format: 'json' | 'ndjson', o: { query?: (d: unknown) => unknown } = {}) {
    const got: unknown[] = [];
    const io: Io = { ...memoryIo(), values: (v) => void got.push(v) };
    return { printer: new Printer({ io, format, color: false, query: o.query }), got, io };
  }

  it('a resource as it is, nothing written', async () => {
    const { printer, got, io } = printerFor('json');
    await printer.print({ id: 1 });
    expect(got).toEqual([{ id: 1 }]);
    expect((io as ReturnType<typeof memoryIo>).out()).toBe('');
  });

  it('a paged list as one array, its RawJson items kept; an empty list as []', async () => {
    const { printer, got } = printerFor('json');
    expect(printer.takesRawJson).toBe(true);
    const raw = new RawJson('{"id":2}');
    async function* pages() {
      yield { items: [{ id: 1 }, raw], more: true, response: {} as never };
      yield { items: [], more: false, response: {} as never };
    }
    const feedback = new Feedback(memoryIo(), false, makeStyle(false), false);
    const o = { printer, feedback, columns: [], limit: 10, noun: 'things' };
    expect(await printPages({ ...o, pages: pages() })).toBe(2);
    expect(got).toHaveLength(1);
    expect(got[0]).toEqual([{ id: 1 }, raw]);
    expect((got[0] as unknown[])[1]).toBe(raw);
    async function* none() {}
    await printPages({ ...o, pages: none() });
    expect(got[1]).toEqual([]);
  });

  it('with --query the items are parsed and the query applied first; NDJSON is still written', async () => {
    const { printer, got } = printerFor('json', { query: (d) => (d as unknown[]).length });
    expect(printer.takesRawJson).toBe(false);
    async function* items() {
      yield { id: 1 };
      yield { id: 2 };
    }
    await printer.printList(items());
    expect(got).toEqual([2]);
    const nd = printerFor('ndjson');
    await nd.printer.print([{ id: 1 }]);
    expect(nd.got).toEqual([]);
    expect((nd.io as ReturnType<typeof memoryIo>).out()).toBe('{"id":1}\n');
  });
});

describe('a list the byte cap fills ends at the first item it cannot show (no page after it is fetched)', () => {
  const host = (i: number) => ({ id: i, name: `host-${i}`, note: 'x'.repeat(60) });
  const PAGES = 3;
  const PER_PAGE = 4;

  /** A tool call whose verb prints PAGES pages through the printer, as a list verb does; the pages it pulled. */
  async function streamed(maxBytes: number, o: { query?: string; secrets?: string[] } = {}) {
    let pulled = 0;
    const r = await call(
      { command: 'list', limit: 50, ...(o.query ? { query: o.query } : {}) },
      async (io) => {
        async function* pages() {
          for (let p = 0; p < PAGES; p++) {
            pulled++;
            const items = Array.from({ length: PER_PAGE }, (_, i) => host(p * PER_PAGE + i));
            yield {
              items: p === 1 ? items.map((i) => new RawJson(JSON.stringify(i))) : items,
              more: p < PAGES - 1,
              response: {} as never,
            };
          }
        }
        const printer = new Printer({ io, format: 'json', color: false });
        const feedback = new Feedback(memoryIo(), false, makeStyle(false), false);
        await printPages({ printer, feedback, columns: [], limit: 51, noun: 'hosts', pages: pages() });
      },
      { maxBytes, ...(o.secrets ? { secrets: o.secrets } : {}) },
    );
    return { r, pulled };
  }

  it('the same whole items at every cap as the whole list gives, and pages pulled only while they fit', async () => {
    const all = Array.from({ length: PAGES * PER_PAGE }, (_, i) => host(i));
    const size = (n: number) => Buffer.byteLength(JSON.stringify(all.slice(0, n)));
    for (let maxBytes = 1; maxBytes <= size(all.length) + 2; maxBytes += 7) {
      const whole = await call({ command: 'list', limit: 50 }, (io) => io.values!(all), { maxBytes });
      const { r, pulled } = await streamed(maxBytes);
      expect([maxBytes, r.text]).toEqual([maxBytes, whole.text]);
      const shown = (JSON.parse(r.text) as unknown[]).length;
      if (shown === all.length) {
        expect([maxBytes, r.note, pulled]).toEqual([maxBytes, whole.note, PAGES]);
        continue;
      }
      // Ended at item `shown` (0-based), on its page: no page after it was asked for.
      expect([maxBytes, pulled]).toEqual([maxBytes, Math.floor(shown / PER_PAGE) + 1]);
      expect(r.note).toBe(
        `the first ${shown} items, and the list goes on: the result is capped at ${maxBytes} bytes; ${whole.note!.split('bytes; ')[1]}`,
      );
    }
  });

  it('with a query, or a credential JSON escapes, the whole list is read: the cap applies to what they give', async () => {
    const queried = await streamed(300, { query: '[].id' });
    expect(queried.pulled).toBe(PAGES);
    expect(JSON.parse(queried.r.text)).toEqual(Array.from({ length: PAGES * PER_PAGE }, (_, i) => i));
    const escaped = await streamed(300, { secrets: ['quo"ted'] });
    expect(escaped.pulled).toBe(PAGES);
    expect(escaped.r.note).toMatch(/^the first 3 of 12 items: the result is capped at 300 bytes/);
  });
});
