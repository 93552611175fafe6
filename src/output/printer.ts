import { RawJson, materialize } from '../clients/http/raw-json.js';
import { type Io, writeAll } from '../io.js';
import { type Style, makeStyle } from './color.js';
import type { JqFilter } from './jq.js';
import { getPath, pickFields, selectFields } from './json-fields.js';

export { getPath };
import type { Query } from './query.js';
import {
  csvHeader,
  cutText,
  displayWidth,
  escapeControls,
  humanBytes,
  jsonSafe,
  relativeTime,
  utcTime,
  words,
  wrapText,
  yamlSafe,
} from './text.js';
import { namedExports } from '../lazy.js';
import { GAP, TEXT_MINIMUM, fitTable } from './fit.js';
import { drawTable } from './table.js';
import { ExitCode, OpsError } from '../errors.js';
import { clockNow } from '../clock.js';

export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'ndjson', 'csv', 'tsv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The formats that print a table's rows (its columns, in its order) rather than the API's JSON. */
export const isRowFormat = (format: OutputFormat): boolean =>
  format === 'table' || format === 'csv' || format === 'tsv';

/** How a column of a table (and of CSV) is read from an item and shown. */
export interface Column<T = Record<string, unknown>> {
  /** Lower-case words, spaces between them (`total runs`): tables print them in capitals, CSV joined by `_`. */
  header: string;
  get: (row: T) => unknown;
  /**
   * `relative`: a time, whatever form the API gives it in (RFC 3339 with or without fractions or an
   * offset, `2026-11-25 20:10:35 +00:00`, epoch seconds or milliseconds): "3 minutes ago" in a table
   * on a terminal, `2026-11-25T20:10:35Z` in a table off a terminal and in CSV. `secret`: masked.
   */
  format?: 'relative' | 'bytes' | 'secret' | 'bool' | undefined;
  /**
   * How much a list needs the column on a narrow terminal: 1 (the default) is never dropped; 2 and 3
   * are dropped, 3 first and the last declared first among equals, before any text is cut.
   */
  priority?: 1 | 2 | 3 | undefined;
  /** Colour for a cell (on a terminal). */
  color?: (value: unknown, style: Style) => ((s: string) => string) | undefined;
  /**
   * `text`: free text (a title, a description, a message, a list of labels), which a table on a
   * terminal may cut with an ellipsis (a list) or wrap (a resource) to fit its width. Every other
   * column (an id, a number, a time, a status) is always shown whole.
   */
  kind?: 'text' | undefined;
}

export interface PrintSpec<T = Record<string, unknown>> {
  columns?: Column<T>[];
}

/** A `--json` field list, and whether the verb declares its fields (then they were checked up front). */
export interface JsonFields {
  names: readonly string[];
  declared: boolean;
}

export interface PrinterOptions {
  io: Io;
  format: OutputFormat;
  query?: Query | undefined;
  /** --json's field list: each item keeps those fields alone, in that order, before --query. */
  fields?: JsonFields | undefined;
  /** --jq: what jq prints for the (queried) JSON result replaces the format. */
  jq?: JqFilter | undefined;
  field?: string | undefined;
  color: boolean;
  now?: () => number;
  /**
   * The command exists to reveal this value (a secret read with --field): it is written exactly to a
   * pipe or file. Every other outside text has its control characters escaped, wherever it goes.
   */
  reveals?: boolean | undefined;
}

/**
 * The one place data reaches stdout. Commands hand it results; it applies --query and --field, then
 * writes table, JSON, YAML, NDJSON or CSV. Lists can be handed as async iterables so that NDJSON and
 * CSV stream page by page with constant memory.
 */
export class Printer {
  readonly format: OutputFormat;
  readonly style: Style;
  private readonly io: Io;
  private readonly query: Query | undefined;
  private readonly jq: JqFilter | undefined;
  private readonly fields: JsonFields | undefined;
  private readonly field: string | undefined;
  private readonly tty: boolean;
  /** Tables fit `io.columns`: on a terminal, and piped with colour forced (a CI log of COLUMNS width). */
  private readonly fits: boolean;
  private readonly reveals: boolean;
  private readonly now: () => number;

  constructor(o: PrinterOptions) {
    this.io = o.io;
    this.format = o.format;
    this.query = o.query;
    this.jq = o.jq;
    this.fields = o.fields;
    this.field = o.field;
    this.tty = o.io.stdoutIsTty;
    this.fits = o.io.stdoutIsTty || o.color;
    this.reveals = Boolean(o.reveals);
    this.style = makeStyle(o.color);
    this.now = o.now ?? (() => clockNow());
  }

  /** Prints one result: an object (a resource), an array (a list) or a scalar. */
  async print<T>(data: readonly T[], spec?: PrintSpec<T>): Promise<void>;
  async print<T>(data: T, spec?: PrintSpec<T>): Promise<void>;
  async print(data: unknown, spec: PrintSpec<unknown> = {}): Promise<void> {
    refuseOutOfRange(data);
    const selected = this.fields ? selectFields(data, this.fields.names, this.fields.declared) : data;
    const shaped = this.query ? this.query(selected) : selected;
    if (this.jq) return this.write(this.jq(shaped));
    if (this.field !== undefined) return this.printField(shaped);
    const columns = this.query
      ? undefined
      : this.fields
        ? fieldColumns(this.fields.names)
        : (spec.columns as Column<unknown>[] | undefined);
    switch (this.format) {
      case 'json':
        if (this.io.values) return this.io.values(shaped);
        return this.write(jsonText(shaped));
      case 'ndjson':
        if (Array.isArray(shaped)) for (const item of shaped) await this.write(`${compactJson(item)}\n`);
        else await this.write(`${compactJson(shaped ?? null)}\n`);
        return;
      case 'yaml': {
        const { stringify } = namedExports(await import('yaml'));
        return this.write(yamlSafe(stringify(shaped ?? null)));
      }
      case 'csv':
        return this.printCsv(Array.isArray(shaped) ? shaped : [shaped], columns);
      case 'tsv':
        return this.printTsv(Array.isArray(shaped) ? shaped : [shaped], columns);
      default:
        return this.printTable(shaped, columns);
    }
  }

  /**
   * Prints a list that arrives in pages. Items may be RawJson (the service's own text), which NDJSON
   * writes as is and every other format parses. NDJSON and CSV (without --query) write each item as it
   * arrives; JSON writes one array; the rest gather the list first.
   */
  async printList<T>(items: AsyncIterable<T | RawJson>, spec: PrintSpec<T> = {}): Promise<number> {
    let count = 0;
    // Fields a verb does not declare are checked against the whole result: it is gathered first.
    const fields = this.fields?.declared ? this.fields.names : undefined;
    if (
      !this.query &&
      !this.jq &&
      this.field === undefined &&
      (!this.fields || fields) &&
      (this.format === 'ndjson' || this.format === 'json' || this.format === 'csv' || this.format === 'tsv')
    ) {
      const columns = fields ? fieldColumns(fields) : (spec.columns as Column<unknown>[] | undefined);
      let header: Column<unknown>[] | undefined;
      // JSON for a caller that takes values: the items as they came (RawJson too), in one array.
      const values = this.format === 'json' && this.io.values ? ([] as unknown[]) : undefined;
      let cut = false;
      for await (const raw of items) {
        if (values) {
          if (!(raw instanceof RawJson)) refuseOutOfRange(raw, values.length);
          const item = fields ? pickFields(materialize(raw), fields) : raw;
          values.push(item);
          // Leaving the loop ends the pages: the one fetched ahead is cancelled, no other is asked for.
          if (this.io.valuesFull?.(item)) {
            cut = true;
            break;
          }
          continue;
        }
        // An item kept as the service's text goes out as it came; the others need their fields.
        if (this.format === 'ndjson') {
          await this.line(fields ? pickFields(materialize(raw), fields) : raw);
          count++;
          continue;
        }
        const item = fields ? pickFields(materialize(raw), fields) : materialize(raw);
        refuseOutOfRange(item, count);
        if (this.format === 'json')
          await this.write(
            `${count === 0 ? '[\n' : ',\n'}${indent(jsonSafe(JSON.stringify(item, null, 2)))}`,
          );
        else if (this.format === 'tsv') {
          header ??= columns ?? autoColumns([item]);
          await this.write(this.tsvRow(header, item));
        } else {
          if (!header) {
            header = columns ?? autoColumns([item]);
            await this.write(`${csvHeaderRow(header)}\n`);
          }
          await this.write(
            `${header.map((c) => csvCell(escapeControls(csvValue(c, item, this.reveals)))).join(',')}\n`,
          );
        }
        count++;
      }
      if (values) {
        this.io.values!(values, cut);
        return values.length;
      }
      if (this.format === 'json') await this.write(count === 0 ? '[]\n' : '\n]\n');
      // An empty list in CSV still has its header row, where the columns are known.
      if (this.format === 'csv' && !header && columns) await this.write(`${csvHeaderRow(columns)}\n`);
      return count;
    }
    const all: T[] = [];
    for await (const item of items) all.push(materialize(item));
    await this.print<T>(all, spec);
    return all.length;
  }

  /**
   * The NDJSON lines of a page of items (RawJson as it came, the others as JSON); the count. For lists
   * when `takesRawJson`, page by page: the same bytes as `printList`, without a promise an item.
   */
  async printLines<T>(items: ReadonlyArray<T | RawJson>): Promise<number> {
    for (const raw of items) {
      const waiting = this.line(raw);
      if (waiting) await waiting;
    }
    return items.length;
  }

  /** Writes an item as an NDJSON line; a promise only when stdout asks to wait (its 'drain'). */
  private line(raw: unknown): Promise<void> | undefined {
    const sink = this.io.stdout as Partial<NodeJS.WritableStream> & Io['stdout'];
    // An item kept as the service's text keeps its numbers as written (`1e999`); a parsed one cannot.
    if (!(raw instanceof RawJson)) refuseOutOfRange(raw);
    const text =
      raw instanceof RawJson ? (raw.controlFree ? raw.text : jsonSafe(raw.text)) : compactJson(raw);
    const ok = sink.write(`${text}\n`);
    if (ok !== false || typeof sink.once !== 'function') return undefined;
    return new Promise((resolve) => sink.once?.('drain', () => resolve()));
  }

  /**
   * True when a list's items may stay as the service's text (RawJson): NDJSON, or JSON taken as values
   * (`io.values`), with no --query or --field.
   */
  get takesRawJson(): boolean {
    return (
      (this.format === 'ndjson' || (this.format === 'json' && this.io.values !== undefined)) &&
      !this.query &&
      !this.jq &&
      !this.fields &&
      this.field === undefined
    );
  }

  /**
   * True when a list is printed as a table for people to read: the table format, with no --query,
   * --jq, --field or --json field list reshaping it (a list's notes on stderr are about that table).
   */
  get showsTable(): boolean {
    return this.format === 'table' && !this.query && !this.jq && !this.fields && this.field === undefined;
  }

  /** Raw text that is the command's data (help text, a file's content). */
  async text(s: string): Promise<void> {
    await this.write(s.endsWith('\n') || s === '' ? s : `${s}\n`);
  }

  /**
   * Outside text that is the command's data: control characters other than tab and newline escaped
   * visibly (`\e[31m`) in every destination, as gh does with every API answer (a pipe into `less -R`
   * is a terminal again); exact to a pipe or file only when the command exists to reveal it.
   */
  async data(s: string): Promise<void> {
    await this.text(this.outside(s));
  }

  /**
   * A value from an API or a file as `data` and `--field` write it. CSV, TSV and --jq are no way to
   * reveal a value: they escape it wherever it goes (--jq as jq.ts says).
   */
  private outside(s: string): string {
    return this.reveals && !this.tty ? s : escapeControls(s);
  }

  private async printField(data: unknown): Promise<void> {
    const path = this.field ?? '';
    const values = Array.isArray(data) ? data.map((d) => getPath(d, path)) : [getPath(data, path)];
    // A typo must not look like an empty value: a field no item has is an error (an empty list is not).
    if (values.length > 0 && values.every((v) => v === undefined))
      throw new OpsError(`field "${escapeControls(path)}" not present in the result`, {
        hint: 'check the name with -o json; nested fields are dotted (a.b)',
      });
    for (const v of values) {
      if (v === undefined) continue;
      await this.write(`${this.outside(typeof v === 'string' ? v : compactJson(v))}\n`);
    }
  }

  private async printCsv(rows: unknown[], columns: Column<unknown>[] | undefined): Promise<void> {
    // An empty list keeps its header row; with no columns known there is no header to print.
    if (rows.length === 0 && !columns) return;
    const cols = columns ?? autoColumns(rows);
    const lines = [csvHeaderRow(cols)];
    for (const row of rows)
      lines.push(cols.map((c) => csvCell(escapeControls(csvValue(c, row, this.reveals)))).join(','));
    await this.write(`${lines.join('\n')}\n`);
  }

  /** TSV (az's): a line an item, no header, tabs and newlines in values escaped, nested values as JSON. */
  private async printTsv(rows: unknown[], columns: Column<unknown>[] | undefined): Promise<void> {
    if (rows.length === 0) return;
    const cols = columns ?? autoColumns(rows);
    await this.write(rows.map((row) => this.tsvRow(cols, row)).join(''));
  }

  private tsvRow(cols: readonly Column<unknown>[], row: unknown): string {
    return `${cols.map((c) => escapeControls(tsvValue(c, row, this.reveals))).join('\t')}\n`;
  }

  private async printTable(data: unknown, columns: Column<unknown>[] | undefined): Promise<void> {
    if (data === undefined || data === null) return;
    if (!Array.isArray(data) && typeof data !== 'object')
      return this.write(`${escapeControls(String(data))}\n`);
    if (Array.isArray(data) && data.length === 0) return;
    if (Array.isArray(data) && data.every((d) => typeof d !== 'object' || d === null)) {
      return this.write(data.map((d) => escapeControls(String(d))).join('\n') + '\n');
    }
    const one = !Array.isArray(data);
    const rows: unknown[] = one ? [data] : data;
    const cols = columns ?? autoColumns(rows);
    // A header may be a service's key (a secret's, a field of an item with no declared columns).
    const heads = cols.map((c) => oneLine(c.header));
    const cells = rows.map((row) => cols.map((c) => this.cell(c, row)));
    const paint = (r: number, i: number, s: string) => this.paint(cols[i]!, rows[r], s);
    // On a terminal of known width the table fits it; to a pipe or a file nothing is cut (PRODUCT §3),
    // unless colour is forced there and COLUMNS gives the width the log is read at.
    const terminal = this.fits && this.io.columns > 0 ? this.io.columns : 0;
    if (one) {
      // One resource: a key / value line each, its values wrapped to the terminal under the value
      // column: text at spaces, a longer word (an address, a JSON value) where the line ends. An id is
      // never cut (docs/grammar.md, "Tables").
      const room = terminal - Math.max(...heads.map((h) => displayWidth(h))) - GAP;
      const wrap = (s: string, i: number) =>
        room >= TEXT_MINIMUM && !ID_HEADER.test(cols[i]!.header) ? wrapText(s, room).join('\n') : s;
      const lines = heads.map((h, i) => [this.style.bold(h), paint(0, i, wrap(cells[0]![i]!, i))]);
      return this.write(drawTable(lines, { gap: GAP }));
    }
    // A list: its lowest-priority columns are dropped, then its text columns cut, to fit (see fitTable).
    const headers = heads.map((h) => h.toUpperCase());
    const layout = terminal
      ? fitTable(
          cols.map((c, i) => ({
            header: displayWidth(headers[i]!),
            cells: cells.map((row) => displayWidth(row[i]!)),
            cut: c.kind === 'text',
            priority: c.priority,
          })),
          terminal,
        )
      : undefined;
    const keep = (_: unknown, i: number) => !layout?.dropped.includes(i);
    const shown = cells.map((row, r) =>
      row.map((s, i) => paint(r, i, layout ? cutText(s, layout.widths[i]!) : s)).filter(keep),
    );
    return this.write(
      drawTable(shown, {
        head: headers.map((h) => this.style.bold(h)).filter(keep),
        gap: layout?.gap ?? GAP,
      }),
    );
  }

  /** A cell's plain text: formatted, terminal-safe, on one line. */
  private cell(c: Column<unknown>, row: unknown): string {
    const value = columnValue(c, row);
    let s: string;
    if (value === undefined || value === null) s = '';
    else if (c.format === 'secret') s = '***';
    else if (c.format === 'relative')
      s = this.tty ? relativeTime(value as string, this.now()) : utcTime(value);
    else if (c.format === 'bytes' && typeof value === 'number') s = humanBytes(value);
    else if (c.format === 'bool' || typeof value === 'boolean') s = value ? 'yes' : 'no';
    else s = plain(value);
    return oneLine(s);
  }

  private paint(c: Column<unknown>, row: unknown, s: string): string {
    const paint = c.color?.(columnValue(c, row), this.style);
    return paint ? paint(s) : s;
  }

  private write(s: string): Promise<void> {
    return writeAll(this.io.stdout, s);
  }
}

/**
 * A number the service sent past the largest double (`1e999`) reads as Infinity: JSON.stringify writes
 * it `null`, YAML `.inf`, a table `Infinity`, none of them the number sent. The answer is refused as
 * one that is not what it claims (exit 7), naming where the number is (`index`: the item's, in a list
 * printed an item at a time).
 */
function refuseOutOfRange(data: unknown, index?: number): void {
  const found = outOfRange(data);
  if (found === undefined) return;
  const at = index === undefined ? found : [index, ...found];
  const path = at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
  throw new OpsError(
    `the answer holds a number out of range${path ? ` at ${path}` : ''}: past ±1.8e308 it reads as Infinity, which ops cannot print as sent`,
    { exitCode: ExitCode.server, code: 'bad_answer' },
  );
}

/**
 * The keys down to the first infinite number in `v`, or undefined when there is none. NaN is no
 * number a service can send (JSON.parse never makes it): that is ops's own arithmetic, not the answer.
 */
function outOfRange(v: unknown): Array<string | number> | undefined {
  if (typeof v === 'number')
    return v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY ? [] : undefined;
  if (v === null || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const at = outOfRange(v[i]);
      if (at) return [i, ...at];
    }
    return undefined;
  }
  for (const k in v) {
    const at = outOfRange((v as Record<string, unknown>)[k]);
    if (at) return [k, ...at];
  }
  return undefined;
}

/** `-o json`'s text of a result: indented, DEL and C1 controls escaped, a newline after. */
export const jsonText = (data: unknown): string => `${jsonSafe(JSON.stringify(data ?? null, null, 2))}\n`;

/** A column of ids (`id`, `project id`, `run_id`): its values are never cut nor broken. */
const ID_HEADER = /(^|[\s_])id$/i;

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/**
 * A column's value in a row. A getter reads the answer as its wire type says; an answer of another
 * shape (`ips` an object where a list is documented) breaks it with a TypeError, which is the
 * service's bad answer (exit 7, naming the column), not ops's unexpected error.
 */
function columnValue(c: Column<unknown>, row: unknown): unknown {
  try {
    return c.get(row);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    throw new OpsError(
      `the answer's ${c.header} is not of the shape the service documents (${escapeControls(err.message)})`,
      { exitCode: ExitCode.server, code: 'network', cause: err },
    );
  }
}

/** A cell's text: scalars as they are, arrays joined, objects as JSON. */
export function plain(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? compactJson(x) : String(x))).join(', ');
  if (typeof v === 'object') return compactJson(v);
  return String(v);
}

/**
 * One line of JSON with every control character a JSON escape (`\u009b`), so that escaping the text
 * for a terminal after leaves it JSON that reads back the same.
 */
const compactJson = (v: unknown): string => jsonSafe(JSON.stringify(v));

/** A CSV cell's text: a time in UTC RFC 3339, everything else as `plain` gives it. */
function csvValue(c: Column<unknown>, row: unknown, reveals: boolean): string {
  const value = columnValue(c, row);
  // Masked as in a table, unless the command exists to show it.
  if (c.format === 'secret' && !reveals && value !== undefined && value !== null) return '***';
  return c.format === 'relative' && value !== undefined && value !== null ? utcTime(value) : plain(value);
}

/** A TSV value: as in CSV, but a list or object as compact JSON, and tab, newline and CR escaped. */
function tsvValue(c: Column<unknown>, row: unknown, reveals: boolean): string {
  const value = columnValue(c, row);
  const text =
    value !== null && typeof value === 'object' && c.format !== 'secret'
      ? compactJson(value)
      : csvValue(c, row, reveals);
  return text.replace(/[\t\n\r]/g, (ch) => (ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'));
}

/** The header row: each column's words in lower case, joined with `_`. */
function csvHeaderRow(cols: readonly Column<unknown>[]): string {
  return cols.map((c) => csvCell(escapeControls(csvHeader(c.header)))).join(',');
}

/** A table's cell or header: control characters escaped, a newline shown as a space. */
const oneLine = (s: string): string => escapeControls(s).replace(/\n/g, ' ');

function csvCell(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Columns from the scalar fields of the first items, when a command gives none. */
export function autoColumns(rows: unknown[]): Column<unknown>[] {
  const keys: string[] = [];
  for (const row of rows.slice(0, 20)) {
    if (!row || typeof row !== 'object') continue;
    for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  }
  if (keys.length === 0) return [{ header: 'value', get: (r) => r }];
  return keys.map((k) => {
    const get = (r: unknown) => (r as Record<string, unknown>)?.[k];
    // A field whose first value is an RFC 3339 time is shown as a time, as a declared one is.
    const first = rows
      .slice(0, 20)
      .map(get)
      .find((v) => v !== undefined && v !== null);
    const time = typeof first === 'string' && TIMESTAMP.test(first);
    return { header: words(k), get, ...(time ? { format: 'relative' as const } : {}) };
  });
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z| ?[+-]\d{2}:?\d{2})$/;

/** The columns of a `--json` field list (table, CSV, TSV): each field under its own name. */
const fieldColumns = (names: readonly string[]): Column<unknown>[] =>
  names.map((name) => ({ header: name, get: (row) => (row as Record<string, unknown>)[name] }));
