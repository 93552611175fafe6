import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RawJson } from '../../src/clients/http/raw-json.js';
import { colorEnabled } from '../../src/output/color.js';
import { type Column, Printer } from '../../src/output/printer.js';
import { compileQuery } from '../../src/output/query.js';
import { displayWidth, htmlToText, relativeTime, terminalSafe } from '../../src/output/text.js';
import { memoryIo } from '../helpers/io.js';

const rows = [
  { id: 1, name: 'alpha', up: true, seen: '2026-01-01T00:00:00Z', token: 'tok1' },
  { id: 2, name: 'beta, "b"', up: false, seen: '2026-01-01T00:59:00Z', token: 'tok2' },
];
const columns: Column<(typeof rows)[number]>[] = [
  { header: 'name', get: (r) => r.name },
  { header: 'up', get: (r) => r.up },
  { header: 'seen', get: (r) => r.seen, format: 'relative' },
  { header: 'token', get: (r) => r.token, format: 'secret' },
];

async function printed(
  o: Partial<ConstructorParameters<typeof Printer>[0]> & { tty?: boolean; columns?: number },
  data: unknown,
  cols?: Column<never>[],
) {
  const io = memoryIo({ tty: o.tty, columns: o.columns });
  const p = new Printer({
    io,
    format: 'table',
    color: false,
    now: () => Date.parse('2026-01-01T01:00:00Z'),
    ...o,
  });
  await p.print(data, { columns: cols as Column<unknown>[] });
  return io.out();
}

describe('printer formats', () => {
  it('table without a TTY: no colour, no cutting, absolute times, secrets masked', async () => {
    expect(await printed({}, rows, columns as Column<never>[])).toBe(
      'NAME       UP   SEEN                  TOKEN\nalpha      yes  2026-01-01T00:00:00Z  ***\nbeta, "b"  no   2026-01-01T00:59:00Z  ***\n',
    );
  });

  it('table on a TTY: relative times, colour when enabled, long text cut to the width', async () => {
    const text: Column<{ text: string }>[] = [{ header: 'text', get: (r) => r.text, kind: 'text' }];
    const out = await printed(
      { tty: true, columns: 40, color: true },
      [{ text: 'x'.repeat(200) }],
      text as Column<never>[],
    );
    expect(out).toContain('\u001b[1m');
    expect(out.split('\n')[1]).toBe(`${'x'.repeat(39)}…`);
    expect(await printed({ tty: true }, rows, columns as Column<never>[])).toContain('1 hour ago');
  });

  it('json keeps the API field names; an empty list is []', async () => {
    expect(JSON.parse(await printed({ format: 'json' }, rows))).toEqual(rows);
    expect(await printed({ format: 'json' }, [])).toBe('[]\n');
    expect(await printed({ format: 'table' }, [])).toBe('');
  });

  it('csv quotes as RFC 4180, uses the command columns and keeps raw values', async () => {
    expect(await printed({ format: 'csv' }, rows, columns.slice(0, 2) as Column<never>[])).toBe(
      'name,up\nalpha,true\n"beta, ""b""",false\n',
    );
  });

  it('times in any form the API gives: UTC RFC 3339 to the second off a terminal and in CSV, as given in JSON', async () => {
    const forms = [
      '2026-11-25T20:10:35Z',
      '2026-11-25T20:10:35.227Z',
      '2026-11-25T13:10:35-07:00',
      '2026-11-25 20:10:35 +00:00',
      1795637435,
      '1795637435',
      1795637435000,
    ];
    const at: Column<{ at: unknown }>[] = [{ header: 'created at', get: (r) => r.at, format: 'relative' }];
    const data = forms.map((f) => ({ at: f }));
    const table = await printed({}, data, at as Column<never>[]);
    expect(table).toBe(`CREATED AT\n${'2026-11-25T20:10:35Z\n'.repeat(forms.length)}`);
    const csv = await printed({ format: 'csv' }, data, at as Column<never>[]);
    expect(csv).toBe(`created_at\n${'2026-11-25T20:10:35Z\n'.repeat(forms.length)}`);
    expect(JSON.parse(await printed({ format: 'json' }, data, at as Column<never>[]))).toEqual(data);
    // A date alone, and what is not a time, stay as they are.
    expect(await printed({}, [{ at: '2026-11-25' }, { at: 'never' }], at as Column<never>[])).toBe(
      'CREATED AT\n2026-11-25\nnever\n',
    );
  });

  it('headers: capitals and words apart in a table, lower case joined by _ in CSV, from any field name', async () => {
    const data = [
      { total_runs: 3, successRate: 0.5, 'time-wasted': 7, started_at: '2026-11-25T13:10:35-07:00' },
    ];
    expect(await printed({}, data)).toBe(
      'TOTAL RUNS  SUCCESS RATE  TIME WASTED  STARTED AT\n3           0.5           7            2026-11-25T20:10:35Z\n',
    );
    expect(await printed({ format: 'csv' }, data)).toBe(
      'total_runs,success_rate,time_wasted,started_at\n3,0.5,7,2026-11-25T20:10:35Z\n',
    );
  });

  it('yaml and ndjson', async () => {
    expect(await printed({ format: 'yaml' }, { a: 1, b: ['x'] })).toBe('a: 1\nb:\n  - x\n');
    expect(await printed({ format: 'ndjson' }, rows)).toBe(
      `${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`,
    );
  });

  it('--query applies before the format; --field prints raw values', async () => {
    expect(await printed({ format: 'json', query: compileQuery('[].name') }, rows)).toBe(
      '[\n  "alpha",\n  "beta, \\"b\\""\n]\n',
    );
    expect(await printed({ field: 'name' }, rows)).toBe('alpha\nbeta, "b"\n');
    expect(await printed({ field: 'meta.n' }, { meta: { n: 3 } })).toBe('3\n');
  });

  it('a single resource prints as a key/value table', async () => {
    expect(await printed({}, { id: 7, name: 'x' })).toBe('id    7\nname  x\n');
  });

  it('aligns by display width: wide characters take two columns, the last column is not padded', async () => {
    const wide = [
      { name: '東京', n: 1 },
      { name: 'ab', n: 22 },
    ];
    expect(await printed({}, wide)).toBe('NAME  N\n東京  1\nab    22\n');
  });

  it('draws a table of 200,000 rows (the table library used before overflowed its stack past 120,000)', async () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `host-${i}` }));
    const out = await printed({}, many);
    const lines = out.split('\n');
    expect(lines).toHaveLength(200_002);
    expect(lines[0]).toBe('ID      NAME');
    expect(lines[200_000]).toBe('199999  host-199999');
  });
});

describe('lists arriving in pages', () => {
  async function* pages() {
    yield { id: 1 };
    yield { id: 2 };
  }
  it.each([
    ['json', '[\n  {\n    "id": 1\n  },\n  {\n    "id": 2\n  }\n]\n'],
    ['ndjson', '{"id":1}\n{"id":2}\n'],
    ['csv', 'id\n1\n2\n'],
    ['table', 'ID\n1\n2\n'],
  ] as const)('%s', async (format, expected) => {
    const io = memoryIo();
    const n = await new Printer({ io, format, color: false }).printList(pages());
    expect(n).toBe(2);
    expect(io.out()).toBe(expected);
  });

  it('an empty list in CSV keeps its header row, printed whole or page by page', async () => {
    const cols = columns.slice(0, 2) as Column<unknown>[];
    expect(await printed({ format: 'csv' }, [], cols as Column<never>[])).toBe('name,up\n');
    const io = memoryIo();
    const n = await new Printer({ io, format: 'csv', color: false }).printList((async function* () {})(), {
      columns: cols,
    });
    expect(n).toBe(0);
    expect(io.out()).toBe('name,up\n');
  });

  it('an empty stream is [] in JSON', async () => {
    const io = memoryIo();
    await new Printer({ io, format: 'json', color: false }).printList((async function* () {})());
    expect(io.out()).toBe('[]\n');
  });
});

describe('printLines (NDJSON lists, page by page)', () => {
  it('writes the lines printList writes, RawJson as it came, and waits when stdout asks to', async () => {
    const items = [new RawJson('{ "id" : 1 }'), { id: 2 }, new RawJson('{"id":3}'), { id: 4, s: 'é' }];
    const listed = memoryIo();
    await new Printer({ io: listed, format: 'ndjson', color: false }).printList(
      (async function* () {
        yield* items;
      })(),
    );
    // A stdout that refuses every second write, and drains on the next turn of the event loop.
    let out = '';
    let writes = 0;
    let waits = 0;
    const sink = new EventEmitter() as EventEmitter & { write(s: string): boolean };
    sink.write = (s: string) => {
      out += s;
      if (++writes % 2 === 1) return true;
      setImmediate(() => sink.emit('drain'));
      return false;
    };
    const onceDrain = sink.once.bind(sink);
    sink.once = ((event: string, listener: () => void) => {
      waits++;
      return onceDrain(event, listener);
    }) as typeof sink.once;
    const io = { ...memoryIo(), stdout: sink };
    const printer = new Printer({ io, format: 'ndjson', color: false });
    expect(printer.takesRawJson).toBe(true);
    expect(await printer.printLines(items)).toBe(4);
    expect(out).toBe(listed.out());
    expect(out).toBe('{ "id" : 1 }\n{"id":2}\n{"id":3}\n{"id":4,"s":"é"}\n');
    expect(waits).toBe(2);
  });
});

describe('a number past the largest double (1e999, which JSON.parse reads as Infinity)', () => {
  const refusal = (at: string) =>
    `the answer holds a number out of range at ${at}: past ±1.8e308 it reads as Infinity, which ops cannot print as sent`;

  it.each(['json', 'yaml', 'ndjson', 'table', 'csv', 'tsv'] as const)(
    '%s: the answer is refused, exit 7, naming where the number is (JSON wrote null)',
    async (format) => {
      const io = memoryIo();
      const answer = JSON.parse('{"total_up":1e999,"total_active":3}');
      const err = await new Printer({ io, format, color: false }).print(answer).catch((e) => e);
      expect(err).toMatchObject({ exitCode: 7, code: 'bad_answer', message: refusal('total_up') });
      expect(io.out()).toBe('');
    },
  );

  it('in a list: the item and the field, printed whole or item by item', async () => {
    const list = JSON.parse('[{"id":1,"m":{"cpu":1}},{"id":2,"m":{"cpu":-1e999}}]');
    const whole = await new Printer({ io: memoryIo(), format: 'table', color: false })
      .print(list)
      .catch((e) => e);
    expect(whole.message).toBe(refusal('[1].m.cpu'));
    for (const format of ['json', 'csv'] as const) {
      const streamed = await new Printer({ io: memoryIo(), format, color: false })
        .printList(
          (async function* () {
            yield* list;
          })(),
        )
        .catch((e) => e);
      expect(streamed.message).toBe(refusal('[1].m.cpu'));
    }
    const line = await new Printer({ io: memoryIo(), format: 'ndjson', color: false })
      .printLines(list)
      .catch((e) => e);
    expect(line.message).toBe(refusal('m.cpu'));
  });

  it("an item kept as the service's text (NDJSON) keeps the number as written", async () => {
    const io = memoryIo();
    await new Printer({ io, format: 'ndjson', color: false }).printLines([new RawJson('{"cpu":1e999}')]);
    expect(io.out()).toBe('{"cpu":1e999}\n');
  });
});

describe('text helpers', () => {
  it('strips escapes and control characters, keeps newlines', () => {
    expect(terminalSafe('a\u001b[31mb\u001b]0;title\u0007c\u0000d\ne')).toBe('abcd\ne');
  });
  it('relative times both ways', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('2026-01-01T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime(now / 1000 + 7200, now)).toBe('in 2 hours');
  });
  it('HTML to text', () => {
    expect(htmlToText('In <a href="x">2019</a>, data &amp; <em>more</em>&#33;')).toBe(
      'In 2019, data & more!',
    );
  });
});

describe('colour rules', () => {
  it.each([
    [{}, true, false, true],
    [{}, false, false, false],
    [{ NO_COLOR: '1' }, true, false, false],
    [{ CLICOLOR: '0' }, true, false, false],
    [{ FORCE_COLOR: '1' }, false, false, true],
    [{ FORCE_COLOR: '0' }, true, false, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, false, true],
    [{ FORCE_COLOR: '1' }, true, true, false],
    [{ TERM: 'dumb' }, true, false, false],
    // CLICOLOR_FORCE: on even piped, unless empty or 0; NO_COLOR and --no-color win over it.
    [{ CLICOLOR_FORCE: '1' }, false, false, true],
    [{ CLICOLOR_FORCE: 'yes' }, false, false, true],
    [{ CLICOLOR_FORCE: '0' }, false, false, false],
    [{ CLICOLOR_FORCE: '' }, false, false, false],
    [{ CLICOLOR_FORCE: '1', NO_COLOR: '1' }, false, false, false],
    [{ CLICOLOR_FORCE: '1', NO_COLOR: '1' }, true, false, false],
    [{ CLICOLOR_FORCE: '1' }, false, true, false],
    [{ CLICOLOR_FORCE: '1', CLICOLOR: '0' }, false, false, true],
    [{ CLICOLOR_FORCE: '1', TERM: 'dumb' }, false, false, true],
    [{ CLICOLOR_FORCE: '1', FORCE_COLOR: '0' }, false, false, false],
  ])('env %j, tty %s, --no-color %s → %s', (env, tty, flag, expected) => {
    expect(colorEnabled(env, tty, flag)).toBe(expected);
  });
});

describe('tables on a terminal fit its width', () => {
  interface Item {
    id: string;
    title: string;
    count: number;
    state: string;
  }
  const cols: Column<Item>[] = [
    { header: 'id', get: (r) => r.id },
    { header: 'title', get: (r) => r.title, kind: 'text' },
    { header: 'count', get: (r) => r.count },
    { header: 'state', get: (r) => r.state, color: (_, s) => s.green },
  ];
  const uuid = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01';
  const items: Item[] = [
    {
      id: uuid,
      title: 'Renew the passport before the trip in December',
      count: 152445165,
      state: 'in_progress',
    },
    { id: 'short', title: '東京タワーの展望台からの眺めを撮る', count: 7, state: 'queued' },
  ];
  const show = (columns: number, color = false) =>
    printed({ tty: true, columns, color }, items, cols as Column<never>[]);

  it('cuts the text column and keeps ids, numbers and statuses whole, every line within the width', async () => {
    const out = await show(80);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain(uuid);
    expect(lines[1]).toContain('152445165');
    expect(lines[1]).toContain('in_progress');
    expect(lines[1]).toMatch(/ Renew the pass\S*… {2}/);
    // The wide characters are cut at a character, and the columns after them line up.
    expect(displayWidth(lines[2]!.slice(0, lines[2]!.indexOf('7')))).toBe(lines[1]!.indexOf('152445165'));
  });

  it('is exactly as wide as the terminal once text is cut, with colour on (escapes count nothing)', async () => {
    const out = await show(70, true);
    const widths = out
      .trimEnd()
      .split('\n')
      .map((l) => displayWidth(l));
    expect(Math.max(...widths)).toBe(70);
    expect(out).toContain('\u001b[32min_progress\u001b[39m');
  });

  it('too narrow for the ids: the table is wider than the terminal, no id or number cut', async () => {
    const out = await show(40);
    expect(out).toContain(uuid);
    expect(out).toContain('152445165');
    expect(out.split('\n')[1]).toMatch(/Renew t…/);
  });

  it('a column not marked as text is never cut, however wide', async () => {
    const out = await printed({ tty: true, columns: 30 }, [{ key: 'k'.repeat(60) }]);
    expect(out).toContain('k'.repeat(60));
  });

  it('piped with colour forced: the table fits the width (COLUMNS, a CI log)', async () => {
    const out = await printed({ tty: false, columns: 70, color: true }, items, cols as Column<never>[]);
    const lines = out.trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => displayWidth(stripVTControlCharacters(l))))).toBe(70);
    expect(out).toContain(uuid);
    expect(out).not.toContain(items[0]!.title);
  });

  it('not on a terminal: nothing is cut, whatever the width', async () => {
    const out = await printed({ tty: false, columns: 40 }, items, cols as Column<never>[]);
    expect(out).toContain(items[0]!.title);
    expect(out).toContain(items[1]!.title);
  });

  it('one resource: a long value that is not text (an address) wraps under the value column; an id stays whole', async () => {
    const logo = `https://breach-lookup.example/Content/Images/PwnedLogos/${'x'.repeat(40)}.png`;
    const record = { id: uuid, logo, org_id: `${uuid}-${uuid}` };
    const out = await printed({ tty: true, columns: 40 }, record, [
      { header: 'id', get: (r: typeof record) => r.id },
      { header: 'logo', get: (r: typeof record) => r.logo },
      { header: 'org id', get: (r: typeof record) => r.org_id },
    ] as Column<never>[]);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`id      ${uuid}`);
    const logoLines = lines.slice(1, -1);
    expect(logoLines.length).toBeGreaterThan(1);
    expect(logoLines.every((l) => displayWidth(l) <= 40 && /^(logo| {4}) {4}\S/.test(l))).toBe(true);
    expect(logoLines.map((l) => l.slice(8)).join('')).toBe(logo);
    expect(lines.at(-1)).toBe(`org id  ${uuid}-${uuid}`);
  });

  it('one resource: its text values wrap under themselves, ids stay whole', async () => {
    const record = {
      id: uuid,
      title: 'In October 2013, 153 million accounts were breached with each containing an internal ID',
    };
    const out = await printed({ tty: true, columns: 40 }, record, cols.slice(0, 2) as Column<never>[]);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`id     ${uuid}`);
    expect(lines.slice(1).every((l) => displayWidth(l) <= 40 && /^(title| {5}) {2}\S/.test(l))).toBe(true);
    expect(
      lines
        .slice(1)
        .map((l) => l.slice(7))
        .join(' '),
    ).toBe(record.title);
  });
});

describe('a column the answer cannot fill', () => {
  const columns = (get: (r: { ips: unknown }) => unknown) => [{ header: 'ip', get }] as Column<unknown>[];
  const ipOf = (r: { ips: unknown }) => (r.ips as Array<{ ip: string }>).find(Boolean)?.ip;

  it.each(['table', 'csv', 'tsv'] as const)(
    '%s: a getter broken by the shape is exit 7 naming the column',
    async (format) => {
      const p = new Printer({ io: memoryIo(), format, color: false });
      const err = await p.print({ ips: { a: 1 } }, { columns: columns(ipOf) }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        exitCode: 7,
        message: "the answer's ip is not of the shape the service documents (r.ips.find is not a function)",
      });
    },
  );

  it("any other error of a getter is ops's own and passes as it is", async () => {
    const p = new Printer({ io: memoryIo(), format: 'table', color: false });
    const mine = new RangeError('a bug of ops');
    const err = await p
      .print(
        { ips: [] },
        {
          columns: columns(() => {
            throw mine;
          }),
        },
      )
      .catch((e: unknown) => e);
    expect(err).toBe(mine);
  });
});
