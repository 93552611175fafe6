import { describe, expect, it } from 'vitest';
import { rawItems, offsetStyle } from '../../../src/clients/http/paginate.js';
import { RawJson, splitArrayAt } from '../../../src/clients/http/raw-json.js';
import type { HttpResponse } from '../../../src/clients/http/types.js';
import { Printer } from '../../../src/output/printer.js';
import { compileQuery } from '../../../src/output/query.js';
import { memoryIo } from '../../helpers/io.js';

describe('splitArrayAt', () => {
  it('cuts the elements out as text, whatever they hold, and parses the rest', () => {
    const items = [
      { name: 'a,b]', tags: ['x', ']'], nested: { deep: [[1, 2], { q: '"}' }] } },
      { name: 'esc \\" \\\\', n: -1.5e3, t: true, z: null },
      'plain string',
      42,
    ];
    const text = JSON.stringify({
      first: { host_list: 'not this one' },
      host_list: items,
      total_matching: 9,
      total_returned: 4,
    });
    const cut = splitArrayAt(text, ['host_list'])!;
    expect(cut.items.map((t) => JSON.parse(t))).toEqual(items);
    expect(cut.items[0]).toBe(JSON.stringify(items[0]));
    expect(cut.rest).toEqual({
      first: { host_list: 'not this one' },
      host_list: [],
      total_matching: 9,
      total_returned: 4,
    });
  });

  it('ends a string only at a quote after an even run of backslashes', () => {
    const items = ['\\', 'a\\', '\\"', '"', '\\\\"]', 'q"\\",{}[]', { k: '\\\\', 'k"\\': ['\\"'] }];
    const cut = splitArrayAt(JSON.stringify({ list: items, next: 'x' }), ['list'])!;
    expect(cut.items.map((t) => JSON.parse(t))).toEqual(items);
    expect(cut.rest).toEqual({ list: [], next: 'x' });
  });

  it('cuts elements nested deeper than its pattern reaches, and ones whose text is long', () => {
    let deep: unknown = ['"}]', { '{': '\\' }];
    for (let i = 0; i < 8; i++) deep = { [`level${i}`]: deep, list: [i, [`${i}]`]] };
    const items = [deep, { a: [[[[[[1]]]]]] }, { long: 'x'.repeat(300_000), q: '\\"'.repeat(1000) }, [], {}];
    const cut = splitArrayAt(JSON.stringify({ list: items, n: 1 }), ['list'])!;
    expect(cut.items).toEqual(items.map((i) => JSON.stringify(i)));
    expect(cut.rest).toEqual({ list: [], n: 1 });
  });

  it('gives back every element of random pages exactly, compact or spaced', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pieces = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', 'é', '😀', '\n', 'a', '\\"'];
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 6) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 6 ? 4 : 6));
      if (kind === 0) return text();
      if (kind === 1) return Math.round(random() * 1e6) / 100 - 5000;
      if (kind === 2) return random() < 0.5 ? null : random() < 0.5;
      if (kind === 3) return text();
      if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]),
      );
    };
    for (let page = 0; page < 200; page++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 8) }, () => value(0));
      const spaced = page % 2 === 1;
      const body = JSON.stringify({ before: value(3), items, after: value(3) }, null, spaced ? 1 : undefined);
      const cut = splitArrayAt(body, ['items'])!;
      expect(cut.items.map((t) => JSON.parse(t))).toEqual(items);
      if (!spaced) expect(cut.items).toEqual(items.map((i) => JSON.stringify(i)));
      expect(cut.rest).toEqual({ ...JSON.parse(body), items: [] });
    }
  });

  it('puts a pretty-printed element on one line', () => {
    const text = JSON.stringify({ host_list: [{ a: 1, b: { c: 'x y' } }], total_matching: 1 }, null, 2);
    const cut = splitArrayAt(text, ['host_list'])!;
    expect(cut.items).toEqual(['{"a": 1,"b": {"c": "x y"}}']);
    expect(JSON.parse(cut.items[0]!)).toEqual({ a: 1, b: { c: 'x y' } });
  });

  it('an empty array gives no items', () => {
    expect(splitArrayAt('{"host_list": [ ], "total_matching": 0}', ['host_list'])).toEqual({
      items: [],
      rest: { host_list: [], total_matching: 0 },
    });
  });

  it('follows a path of keys and indexes to a nested array, and parses the envelope around it', () => {
    const envelope = {
      status_code: 20000,
      tasks: [
        { id: 'a', status_code: 20000, data: { result: 'not this' }, result: [{ x: 1 }, { y: [2, '],'] }] },
        { id: 'b', result: [9] },
      ],
    };
    const cut = splitArrayAt(JSON.stringify(envelope), ['tasks', 0, 'result'])!;
    expect(cut.items).toEqual(['{"x":1}', '{"y":[2,"],"]}']);
    expect(cut.rest).toEqual({
      ...envelope,
      tasks: [{ ...envelope.tasks[0], result: [] }, envelope.tasks[1]],
    });
    expect(splitArrayAt(JSON.stringify(envelope), ['tasks', 1, 'result'])!.items).toEqual(['9']);
    // A value that reads like the key is a value, not the key.
    expect(splitArrayAt('{"a":"list","list":[1]}', ['list'])!.items).toEqual(['1']);
  });

  it.each([
    ['an index past the end', '{"tasks":[{"result":[1]}]}', ['tasks', 1, 'result']],
    ['an index into an object', '{"tasks":{"result":[1]}}', ['tasks', 0, 'result']],
    ['a key into an array', '{"tasks":[[1]]}', ['tasks', 'result']],
    ['a null on the way', '{"tasks":null}', ['tasks', 0, 'result']],
    ['a null where the array is', '{"tasks":[{"result":null}]}', ['tasks', 0, 'result']],
  ])('gives nothing for %s (the caller parses the whole text)', (_name, text, path) => {
    expect(splitArrayAt(text, path as Array<string | number>)).toBeUndefined();
  });

  it.each([
    ['a bare word', '[{"a":tru}]'],
    ['a bare word as an element', '[1,tru]'],
    ['a trailing comma in an object', '[{"a":1,}]'],
    ['a trailing comma in an array', '[[1,],2]'],
    ['a trailing comma after the last element', '[1,2,]'],
    ['two elements with no comma', '[{"a":1} {"b":2}]'],
    ['two members with no comma', '[{"a":1 "b":2}]'],
    ['a member with no colon', '[{"a" 1}]'],
    ['a key that is not a string', '[{a:1}]'],
    ['single quotes', "[{'a':1}]"],
    ['a leading zero', '[01]'],
    ['a number with no digits after its point', '[1.]'],
    ['a number with no digit before its point', '[.5]'],
    ['NaN', '[NaN]'],
    ['a lone minus', '[-]'],
    ['a raw control character in a string', '["a\u0001b"]'],
    ['a raw tab in a string', '[{"a":"x\ty"}]'],
    ['an escape JSON has not', '["a\\qb"]'],
    ['a short unicode escape', '["\\u12"]'],
    ['a bare word nested past the pattern', '[{"a":[[[[[[tru]]]]]]}]'],
    ['a trailing comma nested past the pattern', '[{"a":[[[[[[1,]]]]]]}]'],
    ['an element that closes too soon', '[{"a":1}}]'],
  ])(
    'an element JSON.parse refuses (%s): undefined, so that parsing the whole fails as it should',
    (_n, list) => {
      const text = `{"host_list":${list},"total_matching":1}`;
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect(splitArrayAt(text, ['host_list'])).toBeUndefined();
    },
  );

  it('takes exactly the pages JSON.parse takes, after random damage to valid ones', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const bits = [
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      'x',
      '1',
      '-',
      '.',
      'e',
      'tru',
      '\u0001',
      '\\u',
      '0',
    ];
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 5 ? 3 : 5));
      if (kind === 0) return random() < 0.5 ? 'a"b\\c' : `s${Math.floor(random() * 100)}`;
      if (kind === 1) return random() < 0.3 ? -0.5e-7 : Math.round(random() * 1e5) - 5e4;
      if (kind === 2) return random() < 0.5 ? null : random() < 0.5;
      if (kind === 3) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, k) => [`k${k}`, value(depth + 1)]),
      );
    };
    let refused = 0;
    for (let page = 0; page < 3000; page++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 5) }, () => value(0));
      const whole = JSON.stringify({ items, n: 1 }, null, page % 3 === 0 ? 1 : undefined);
      // One cut inside the array: a character taken out, or a piece put in.
      const from = whole.indexOf('[');
      const at = from + 1 + Math.floor(random() * (whole.lastIndexOf(']') - from - 1));
      const text =
        random() < 0.4
          ? whole.slice(0, at) + whole.slice(at + 1)
          : whole.slice(0, at) + bits[Math.floor(random() * bits.length)] + whole.slice(at);
      let parsed: { items?: unknown } | undefined;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const cut = splitArrayAt(text, ['items']);
      if (parsed === undefined) {
        refused++;
        expect(cut, text).toBeUndefined();
      } else if (Array.isArray(parsed.items)) {
        expect(cut, text).toBeDefined();
        expect(cut!.items.map((t) => JSON.parse(t))).toEqual(parsed.items);
        expect(cut!.rest).toEqual({ ...parsed, items: [] });
      }
    }
    // The damage is real: most pages end up refused, and some still parse.
    expect(refused).toBeGreaterThan(1500);
    expect(refused).toBeLessThan(2990);
  });

  it.each([
    ['not an object', '[1,2]'],
    ['no such key', '{"other": [1]}'],
    ['not an array', '{"host_list": {"a": 1}}'],
    ['truncated', '{"host_list": [{"a": 1}, {"b": '],
    ['key only nested', '{"x": {"host_list": [1]}}'],
  ])('%s: undefined, so the caller parses it whole', (_name, text) => {
    expect(splitArrayAt(text, ['host_list'])).toBeUndefined();
  });
});

describe('rawItems page style', () => {
  const style = rawItems(
    offsetStyle({
      items: 'host_list',
      offsetParam: 'start',
      limitParam: 'count',
      pageSize: 2,
      total: 'total_matching',
    }),
    'host_list',
  );
  const res = (data: unknown) =>
    ({ status: 200, headers: {}, data, url: '', attempts: 1 }) as HttpResponse<unknown>;

  it('gives RawJson items and pages on from the parsed rest', () => {
    const r = res('{"host_list":[{"id":1},{"id":2}],"total_matching":5}');
    const items = style.items(r);
    expect(items).toEqual([new RawJson('{"id":1}'), new RawJson('{"id":2}')]);
    expect(style.next({ method: 'GET', path: '/h', query: { count: 2 } }, r, 2, 2)).toEqual({
      method: 'GET',
      path: '/h',
      query: { count: 2, start: 2 },
    });
  });

  it('a page it cannot cut is parsed whole (and its list that is not one refused)', () => {
    const r = res('{"total_matching": 1, "host_list": "odd"}');
    expect(() => style.items(r)).toThrow('host_list that is not a list');
    expect(r.data).toEqual({ total_matching: 1, host_list: 'odd' });
  });
});

describe('the printer and RawJson', () => {
  async function* items() {
    yield new RawJson('{"id":1,"name":"a"}');
    yield { id: 2, name: 'b' };
  }
  it.each([
    ['ndjson', {}, '{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n'],
    ['json', {}, '[\n  {\n    "id": 1,\n    "name": "a"\n  },\n  {\n    "id": 2,\n    "name": "b"\n  }\n]\n'],
    ['csv', {}, 'id,name\n1,a\n2,b\n'],
    ['table', {}, 'ID  NAME\n1   a\n2   b\n'],
    ['ndjson', { query: compileQuery('[].name') }, '"a"\n"b"\n'],
    ['ndjson', { field: 'name' }, 'a\nb\n'],
  ] as const)('%s %j', async (format, extra, expected) => {
    const io = memoryIo();
    const p = new Printer({ io, format, color: false, ...extra });
    expect(p.takesRawJson).toBe(format === 'ndjson' && Object.keys(extra).length === 0);
    await p.printList(items());
    expect(io.out()).toBe(expected);
  });
});
