import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createHttpClient } from '../../src/clients/http/client.js';
import { takeRawItems } from '../../src/clients/http/paginate.js';
import { Redactor } from '../../src/clients/http/redact.js';
import type { Transport } from '../../src/clients/http/transport/transport-types.js';
import { OpsError } from '../../src/errors.js';
import { compileJq } from '../../src/output/jq.js';
import { Printer, type PrinterOptions } from '../../src/output/printer.js';
import { escapeControls } from '../../src/output/text.js';
import { renderError } from '../../src/render-error.js';
import { runMain } from '../helpers/cli.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';

/** What a hostile value looks like: retitle the terminal, clear the screen, ring the bell, a C1 CSI. */
const HOSTILE = 'ok\u001b]0;pwned\u0007\u001b[2J\u009b31m\r';
const ESCAPED = 'ok\\e]0;pwned\\a\\e[2J\\x9b31m\\r';

function printer(o: { tty: boolean; format?: 'table' | 'csv'; field?: string; reveals?: boolean }) {
  const io = memoryIo({ tty: o.tty });
  return {
    io,
    p: new Printer({ io, format: o.format ?? 'table', color: false, field: o.field, reveals: o.reveals }),
  };
}

describe('one sanitiser between outside text and the terminal', () => {
  it('escapeControls makes every control character visible, keeping newline and tab', () => {
    expect(escapeControls(HOSTILE)).toBe(ESCAPED);
    expect(escapeControls('a\tb\nc\u0000')).toBe('a\tb\nc\\x00');
  });

  it('--field and -o csv: escaped on a terminal and in a pipe alike (a pipe into less -R is a terminal again)', async () => {
    for (const tty of [true, false]) {
      const field = printer({ tty, field: 'v' });
      await field.p.print({ v: HOSTILE });
      expect(field.io.out()).toBe(`${ESCAPED}\n`);
      const csv = printer({ tty, format: 'csv' });
      await csv.p.print([{ v: HOSTILE }]);
      expect(csv.io.out()).toBe(`v\n${ESCAPED}\n`);
      const streamed = printer({ tty, format: 'csv' });
      await streamed.p.printList(
        (async function* () {
          yield { v: HOSTILE };
        })(),
      );
      expect(streamed.io.out()).toBe(`v\n${ESCAPED}\n`);
      const table = printer({ tty, format: 'table' });
      await table.p.print([{ v: HOSTILE }]);
      expect(table.io.out()).toContain(ESCAPED.replace('\\r', ''));
    }
  });

  it('JSON and NDJSON carry C1 controls and DEL as \\u escapes, and read back as the same value', async () => {
    const value = 'a\u009b31m\u007fb\u001b';
    for (const format of ['json', 'ndjson'] as const) {
      const io = memoryIo({ tty: false });
      const p = new Printer({ io, format, color: false });
      await p.print([{ v: value }]);
      expect(io.out()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(io.out()).toContain('\\u009b31m\\u007fb\\u001b');
      expect(JSON.parse(format === 'json' ? io.out() : io.out().trim())).toEqual(
        format === 'json' ? [{ v: value }] : { v: value },
      );
    }
  });

  it('the value a command exists to reveal: exact to a pipe, escaped on a terminal', async () => {
    const pipe = printer({ tty: false, field: 'v', reveals: true });
    await pipe.p.print({ v: HOSTILE });
    expect(pipe.io.out()).toBe(`${HOSTILE}\n`);
    const tty = printer({ tty: true, field: 'v', reveals: true });
    await tty.p.print({ v: HOSTILE });
    expect(tty.io.out()).toBe(`${ESCAPED}\n`);
  });

  it('an error message and its hint are shown escaped, in text and in JSON', () => {
    const io = memoryIo();
    renderError(new OpsError(`bad value ${HOSTILE}`, { hint: `try ${HOSTILE}` }), io, {
      json: false,
      debug: false,
    });
    expect(io.err()).toBe(`ops: bad value ${ESCAPED}\nhint: try ${ESCAPED}\n`);
    const json = memoryIo();
    renderError(new OpsError(`bad ${HOSTILE}`), json, { json: true, debug: false });
    expect(JSON.parse(json.err()).error.message).toBe(`bad ${HOSTILE}`);
  });

  it('an error is one line, a newline in it shown as \\n; its JSON envelope has the characters themselves', () => {
    const said = `bad ${MIXED}`;
    const text = memoryIo();
    renderError(new OpsError(said, { hint: said }), text, { json: false, debug: false });
    expect(text.err()).toBe(`ops: bad ${SHOWN}\\nnext\nhint: bad ${SHOWN}\\nnext\n`);
    const json = memoryIo();
    renderError(new OpsError(said, { hint: said }), json, { json: true, debug: false });
    expect(json.err().trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(JSON.parse(json.err()).error).toMatchObject({ message: said, hint: said });
    const debug = memoryIo();
    renderError(new OpsError(said), debug, { json: false, debug: true });
    expect(debug.err()).not.toMatch(RAW_CONTROL);
  });

  it('--field naming a field no item has is exit 1 naming it; an empty list is still fine', async () => {
    const { p } = printer({ tty: false, field: 'nmae' });
    await expect(p.print([{ name: 'a' }])).rejects.toThrow('field "nmae" not present in the result');
    await expect(p.print([])).resolves.toBeUndefined();
  });
});

describe('bidirectional controls (Trojan Source): shown escaped where control characters are', () => {
  const NAME = 'invoice\u202eexe.txt \u2066a\u2069 \u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2067\u2068';
  const SHOWN_BIDI =
    'invoice\\u202eexe.txt \\u2066a\\u2069 \\u200e\\u200f\\u061c\\u202a\\u202b\\u202c\\u202d\\u2067\\u2068';

  it('escapeControls writes each as \\u and four hex digits; other text is left alone', () => {
    expect(escapeControls(NAME)).toBe(SHOWN_BIDI);
    expect(escapeControls('שלום \u05d0 café ✓')).toBe('שלום \u05d0 café ✓');
  });

  it('a table, CSV and an error line show them escaped', async () => {
    const table = printer({ tty: true });
    await table.p.print([{ name: NAME, id: 1 }]);
    expect(table.io.out()).toContain(SHOWN_BIDI);
    const csv = printer({ tty: false, format: 'csv' });
    await csv.p.print([{ name: NAME }]);
    expect(csv.io.out()).toBe(`name\n${SHOWN_BIDI}\n`);
    const io = memoryIo();
    renderError(new OpsError(`no host ${NAME}`), io, { json: false, debug: false });
    expect(io.err()).toBe(`ops: no host ${SHOWN_BIDI}\n`);
  });

  it('JSON, NDJSON and YAML keep the characters themselves (docs/output.md)', async () => {
    for (const format of ['json', 'ndjson', 'yaml'] as const) {
      const io = memoryIo();
      await new Printer({ io, format, color: false }).print({ name: NAME });
      expect(io.out()).toContain(NAME);
      expect(format === 'yaml' ? parse(io.out()) : JSON.parse(io.out())).toEqual({ name: NAME });
    }
  });
});

/** A service's text with ESC, a C1 CSI, DEL and a newline: as an item's key, value and nested value. */
const MIXED = 'e\u001b[31mX\u009b1m\u007fZ\nnext';
const ITEM = { [`k${MIXED}`]: 'v', name: MIXED, nested: { v: MIXED } };
/** A control character other than tab and newline, raw. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The escaped text of MIXED, where it is not JSON nor YAML: visible escapes, the newline kept. */
const SHOWN = 'e\\e[31mX\\x9b1m\\x7fZ';
/** A JSON value that reads back as MIXED: its control characters JSON escapes (`\u009b`). */
const readsBack = (json: string) => expect(JSON.parse(json)).toEqual({ v: MIXED });

/** Each format, and what its output must hold: the escaped text, or what reads back as the item. */
const WALK: Array<[string, Partial<PrinterOptions>, (out: string) => void]> = [
  ['table', { format: 'table' }, (out) => expect(out).toContain(SHOWN)],
  ['csv', { format: 'csv' }, (out) => expect(out).toContain(`"${SHOWN}\nnext","{""v"":`)],
  [
    'tsv, its object as compact JSON',
    { format: 'tsv' },
    (out) => {
      expect(out).toContain(`${SHOWN}\\nnext`);
      readsBack(out.trimEnd().split('\t')[2]!);
    },
  ],
  ['json', { format: 'json' }, (out) => expect(JSON.parse(out)[0]).toEqual(ITEM)],
  ['ndjson', { format: 'ndjson' }, (out) => expect(JSON.parse(out)).toEqual(ITEM)],
  ['yaml', { format: 'yaml' }, (out) => expect(parse(out)[0]).toEqual(ITEM)],
  ['--jq of an object', { jq: await compileJq('.[0]') }, (out) => expect(JSON.parse(out)).toEqual(ITEM)],
  ['--jq of a string', { jq: await compileJq('.[0].name') }, (out) => expect(out).toBe(`${SHOWN}\nnext\n`)],
  ['--field of a value no command reveals', { field: 'name' }, (out) => expect(out).toBe(`${SHOWN}\nnext\n`)],
  ['--field of an object', { field: 'nested' }, (out) => readsBack(out)],
];

describe('every format, a value holding ESC, C1, DEL and a newline', () => {
  it.each(WALK)(
    '%s: no raw control character reaches stdout; what reads back is the same',
    async (_, o, check) => {
      for (const tty of [false, true])
        for (const reveals of o.field === undefined ? [false, true] : [false])
          for (const streamed of [false, true]) {
            const io = memoryIo({ tty });
            const p = new Printer({ io, format: 'table', color: false, reveals, ...o });
            if (streamed)
              await p.printList(
                (async function* () {
                  yield ITEM;
                })(),
              );
            else await p.print([ITEM]);
            expect(io.out(), `tty ${tty}, reveals ${reveals}`).not.toMatch(RAW_CONTROL);
            check(io.out());
          }
    },
  );

  it('yaml: every DEL and C1 control, in a key, a long folded line and a list, reads back the same', async () => {
    const c1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)).join('');
    const value = { [`k${c1}`]: [`${'word '.repeat(30)}${c1} ${'word '.repeat(30)}`, c1, `\u0085 nel`] };
    const io = memoryIo();
    await new Printer({ io, format: 'yaml', color: false }).print(value);
    expect(io.out()).not.toMatch(RAW_CONTROL);
    expect(parse(io.out())).toEqual(value);
  });

  it('secrets kv get: the key of a table line and csv and tsv cells are escaped (it printed them raw)', async () => {
    for (const format of ['table', 'csv', 'tsv'] as const) {
      const io = memoryIo({ tty: false });
      const p = new Printer({ io, format, color: false, reveals: true });
      const row = { [`k${MIXED}`]: MIXED };
      if (format === 'table')
        await p.print(row, { columns: [{ header: `k${MIXED}`, get: (r) => r[`k${MIXED}`] }] });
      else await p.print([{ key: `k${MIXED}`, value: MIXED }]);
      expect(io.out(), format).not.toMatch(RAW_CONTROL);
      expect(io.out(), format).toContain('ke\\e[31mX\\x9b1m\\x7fZ');
    }
  });
});

const sb = await useSandbox({ services: ['secrets', 'meter', 'hosts'] });

describe('through the CLI', () => {
  it('a stored secret with escapes: kv get --field to a terminal escapes, to a pipe is exact', async () => {
    const put = await runMain(['secrets', 'kv', 'put', 'secret/hostile', 'v=-'], {
      env: sb.env,
      input: HOSTILE,
    });
    expect(put.code).toBe(0);
    const tty = await runMain(['secrets', 'kv', 'get', 'secret/hostile', '--field', 'v'], {
      env: sb.env,
      tty: true,
    });
    expect(tty.stdout).toBe(`${ESCAPED}\n`);
    const pipe = await runMain(['secrets', 'kv', 'get', 'secret/hostile', '--field', 'v'], { env: sb.env });
    expect(pipe.stdout).toBe(`${HOSTILE}\n`);
  });

  it('secrets kv get of a key and value with escapes: table, csv and tsv escape both, kept exact by --field', async () => {
    const answer = { data: { data: { [`k${MIXED}`]: MIXED }, metadata: { version: 1 } } };
    const get = async (...args: string[]) => {
      await sb.fault({
        service: 'secrets',
        method: 'GET',
        path: '/v1/secret/data/app/config',
        kind: 'status',
        status: 200,
        body: answer,
      });
      return runMain(['secrets', 'kv', 'get', 'secret/app/config', ...args], { env: sb.env });
    };
    for (const args of [[], ['-o', 'csv'], ['-o', 'tsv']]) {
      const r = await get(...args);
      expect([args, r.code, r.stderr]).toEqual([args, 0, '']);
      expect(r.stdout, args.join(' ')).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toMatch(/ke\\e\[31mX\\x9b1m\\x7fZ.*e\\e\[31mX\\x9b1m\\x7fZ/s);
    }
    expect((await get('--field', `k${MIXED}`)).stdout).toBe(`${MIXED}\n`);
  });

  it('--jq prints JSON that parses back, in hosts list and in ops api (it wrote \\x9b, no JSON escape)', async () => {
    const host = { name: MIXED, id: 1, up: true };
    for (const args of [
      ['hosts', 'list', '--jq', '.[0]'],
      ['api', 'hosts', 'GET', '/api/v1/hosts', '--jq', '.host_list[0]'],
    ]) {
      await sb.fault({
        service: 'hosts',
        method: 'GET',
        path: '/api/v1/hosts',
        kind: 'status',
        status: 200,
        body: { host_list: [host], total_matching: 1 },
      });
      const r = await runMain(args, { env: sb.env });
      expect([args, r.code, r.stderr]).toEqual([args, 0, '']);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(JSON.parse(r.stdout)).toEqual(host);
    }
  });

  it("a service's error message with escapes and a newline: one line, or the characters in the JSON envelope", async () => {
    const said = 'bad \u001b[2J thing\nsecond line';
    const totals = async (...args: string[]) => {
      await sb.fault({
        service: 'hosts',
        method: 'GET',
        kind: 'status',
        status: 400,
        body: { errors: [said] },
      });
      return runMain(['hosts', 'totals', ...args], { env: sb.env });
    };
    const text = await totals();
    expect(text.code).toBe(1);
    expect(text.stderr.split('\n')[0]).toMatch(/^ops: hosts: .*bad \\e\[2J thing\\nsecond line/);
    expect(text.stderr).not.toMatch(RAW_CONTROL);
    const json = await totals('--json');
    expect(json.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stderr).error.message).toContain(said);
  });

  it("meter send: a line's error shows its escapes instead of running them", async () => {
    const line = JSON.stringify({ event_name: 'api_requests', customer: 'cus_1', value: `7${HOSTILE}` });
    const r = await runMain(['meter', 'send', '-'], { env: sb.env, input: `${line}\n` });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/\u001b|\u0007|\u009b/);
    // Shown, not dropped: the person sees what the line held.
    expect(r.stderr).toMatch(/line 1: value "7ok.*pwned.*" is not a number/);
    expect(r.stderr).toContain('line 1');
  });

  it('hosts list --field with a typo is exit 1', async () => {
    const r = await runMain(['hosts', 'list', '--limit', '2', '--field', 'nmae'], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: field "nmae" not present in the result\nhint: check the name with -o json; nested fields are dotted (a.b)\n',
    );
  });
});

describe('NDJSON of raw pages: escaped unless the page bytes hold no DEL and no C1 control', () => {
  const transport = (text: string): Transport => ({
    sendWhole: async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(text),
    }),
    send: () => Promise.reject(new Error('not streamed here')),
    close: async () => undefined,
  });
  const http = (text: string) =>
    createHttpClient({
      service: 'svc',
      baseUrl: 'http://api.test',
      retries: 0,
      timeoutMs: 5000,
      maxWaitSeconds: 60,
      transport: transport(text),
      redactor: new Redactor([]),
    });
  async function ndjson(text: string): Promise<{ out: string; clean: boolean[] }> {
    const res = await http(text).request({ method: 'GET', path: '/p', responseType: 'text' });
    const items = takeRawItems(res, ['items'])!;
    const io = memoryIo({ tty: false });
    await new Printer({ io, format: 'ndjson', color: false }).printLines(items);
    return { out: io.out(), clean: items.map((i) => i.controlFree) };
  }

  it('a page with a C1 control or a DEL: every such item escaped, the value read back the same', async () => {
    const r = await ndjson('{"items":[{"v":"a\u009b31m"},{"v":"é « »"},{"v":"del\u007f"}]}');
    expect(r.clean).toEqual([false, false, false]);
    expect(r.out).toBe('{"v":"a\\u009b31m"}\n{"v":"é « »"}\n{"v":"del\\u007f"}\n');
    expect(
      r.out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).v),
    ).toEqual(['a\u009b31m', 'é « »', 'del\u007f']);
  });

  it('a page with neither is written as it came, with no pattern run over it', async () => {
    const r = await ndjson('{"items":[{"v":"plain"},{"v":"日本"}]}');
    expect(r.clean).toEqual([true, true]);
    expect(r.out).toBe('{"v":"plain"}\n{"v":"日本"}\n');
  });
});
