import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../../../errors.js';
import type { EventFields } from './event.js';
import { namedExports } from '../../../lazy.js';
import { faultPlace } from '../../../config/json-position.js';

/**
 * One line of the input as the reader hands it over. The same object is reused for every line: the
 * reader allocates nothing per line that outlives it, so memory stays flat however long the input.
 */
export interface InputLine {
  line: number;
  /** `event`: to check; `skip`: blank or header; `bad`: unreadable (CSV syntax), with `reason`. */
  kind: 'event' | 'skip' | 'bad';
  /** The line as read (NDJSON: decoded from `bytes` when first asked for). */
  raw: string;
  /** NDJSON: the line is `bytes` from `from` to `to`, the input's chunk handed over uncut (CSV: empty). */
  bytes: Buffer;
  from: number;
  to: number;
  reason: string;
}

/** What the reader's caller returns for a line: nothing to go on, a promise to wait for, or `STOP`. */
export const STOP = Symbol('stop');
export type Step = undefined | Promise<unknown> | typeof STOP;

export interface InputReader {
  /** Calls `each` for every line in order, waiting when it returns a promise; ends early on `STOP`. */
  visit(each: (l: InputLine) => Step): Promise<void>;
  /** The fields of an `event` line, or the reason it cannot be read. */
  fields(l: InputLine): EventFields | string;
  /** Bytes read so far, for the progress bar. */
  bytes(): number;
  /** Text of the first line (the header for CSV): a fingerprint that ties a checkpoint to its input. */
  firstLine(): string | undefined;
}

const EMPTY = Buffer.alloc(0);

/** A source of input chunks that can be told to stop (Ctrl-C stops reading). */
export interface ChunkSource extends AsyncIterable<Buffer | string> {
  destroy(): void;
}

/**
 * A file's bytes, a chunk at a time, each read into the same buffer: a stream would allocate a new
 * buffer a read, and those that live long enough to be promoted stay until the next full collection,
 * which took a long send's memory up by a fifth. The reader is done with a chunk (it copies the line
 * that the chunk cuts in two) before it asks for the next.
 */
export function fileChunks(path: string, size = 256 * 1024): ChunkSource {
  let stopped = false;
  return {
    destroy() {
      stopped = true;
    },
    async *[Symbol.asyncIterator]() {
      const file = await open(path, 'r');
      try {
        const buf = Buffer.allocUnsafe(size);
        while (!stopped) {
          const { bytesRead } = await file.read(buf, 0, size, null);
          if (bytesRead === 0) return;
          yield buf.subarray(0, bytesRead);
        }
      } finally {
        await file.close();
      }
    },
  };
}

/**
 * NDJSON: lines are cut from the chunks as they come, with indexOf, and handed over as bytes: a line
 * is decoded, and parsed as JSON (`fields()`), only when someone asks, so that the lines a checkpoint
 * skips, and those that meter's fast path reads on the bytes, never are.
 */
export function ndjsonReader(
  stream: AsyncIterable<Buffer | string>,
  toFields: (obj: unknown) => EventFields | string,
): InputReader {
  let bytes = 0;
  let first: string | undefined;
  let raw: string | undefined;
  // The line's own string is made only if someone asks (the general path, a reject, the first line).
  const rec: InputLine = {
    line: 0,
    kind: 'event',
    get raw() {
      raw ??= rec.bytes.toString('utf8', rec.from, rec.to);
      return raw;
    },
    bytes: EMPTY,
    from: 0,
    to: 0,
    reason: '',
  };
  const emit = (buf: Buffer, from: number, to: number, each: (l: InputLine) => Step): Step => {
    rec.line++;
    rec.bytes = buf;
    rec.from = from;
    rec.to = to > from && buf[to - 1] === 13 ? to - 1 : to;
    raw = undefined;
    if (rec.line === 1) first = rec.raw;
    rec.kind = isBlank(buf, rec.from, rec.to) ? 'skip' : 'event';
    return each(rec);
  };
  return {
    async visit(each) {
      // The bytes of a line that a chunk cut in two: the only bytes ever copied.
      let rest: Buffer | undefined;
      for await (const chunk of stream) {
        const buf: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        bytes += buf.length;
        let start = 0;
        if (rest) {
          const nl = buf.indexOf(10);
          if (nl === -1) {
            rest = Buffer.concat([rest, buf]);
            continue;
          }
          const line = Buffer.concat([rest, buf.subarray(0, nl)]);
          rest = undefined;
          const step = emit(line, 0, line.length, each);
          if (step === STOP) return;
          if (step) await step;
          start = nl + 1;
        }
        for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
          const step = emit(buf, start, nl, each);
          if (step === STOP) return;
          if (step) await step;
          start = nl + 1;
        }
        rest = start < buf.length ? Buffer.from(buf.subarray(start)) : undefined;
      }
      if (rest?.length) {
        const step = emit(rest, 0, rest.length, each);
        if (step && step !== STOP) await step;
      }
    },
    fields(l) {
      let obj: unknown;
      try {
        obj = JSON.parse(l.raw);
      } catch {
        return `not valid JSON${faultPlace(l.raw)}`;
      }
      return toFields(obj);
    },
    bytes: () => bytes,
    firstLine: () => first,
  };
}

function isBlank(s: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s[i];
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

const CSV_COLUMNS: Record<string, keyof EventFields> = {
  event_name: 'event_name',
  customer: 'customer',
  billing_customer_id: 'customer',
  value: 'value',
  timestamp: 'timestamp',
  identifier: 'identifier',
};

type Column = { target: keyof EventFields | 'extra'; key: string };

/**
 * CSV with a header row, through csv-parse's streaming parser. The header is checked before any
 * event is sent: unknown columns are a usage error (extra payload keys are named `payload.<key>`).
 */
export async function csvReader(stream: Readable): Promise<InputReader> {
  const { parse } = namedExports(await import('csv-parse'));
  const parser = parse({
    info: true,
    raw: true,
    bom: true,
    trim: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  const skipped: Array<{ line: number; reason: string }> = [];
  parser.on('skip', (err: Error & { lines?: number }) => {
    skipped.push({ line: err.lines ?? 0, reason: `not valid CSV (${err.message})` });
  });
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(parser);
  let bytes = 0;
  let first: string | undefined;
  let header: Column[] | undefined;
  let cells: string[] = [];
  const rec: InputLine = { line: 0, kind: 'event', raw: '', bytes: EMPTY, from: 0, to: 0, reason: '' };
  // The parser reports unreadable rows as it meets them, ahead of the rows it has queued: each is
  // handed over just before the first row that comes after it, so lines stay in order.
  const drainSkipped = async (each: (l: InputLine) => Step, before: number): Promise<boolean> => {
    while (skipped.length && skipped[0]!.line < before) {
      const s = skipped.shift()!;
      rec.line = s.line;
      rec.kind = 'bad';
      rec.raw = '';
      rec.reason = s.reason;
      const step = each(rec);
      if (step === STOP) return false;
      if (step) await step;
    }
    return true;
  };
  return {
    async visit(each) {
      type Item = { info: { lines: number; bytes: number }; record: string[]; raw: string };
      for await (const item of parser as AsyncIterable<Item>) {
        bytes = item.info.bytes;
        if (skipped.length && !(await drainSkipped(each, item.info.lines))) return;
        rec.line = item.info.lines;
        rec.raw = item.raw.replace(/\r?\n$/, '');
        if (!header) {
          first = rec.raw;
          header = readHeader(item.record);
          rec.kind = 'skip';
        } else if (item.record.length !== header.length) {
          rec.kind = 'bad';
          rec.reason = `${item.record.length} fields where the header has ${header.length}`;
        } else {
          rec.kind = 'event';
          cells = item.record;
        }
        const step = each(rec);
        if (step === STOP) return;
        if (step) await step;
      }
      await drainSkipped(each, Number.POSITIVE_INFINITY);
    },
    fields() {
      const f: EventFields = { event_name: undefined, customer: undefined, value: undefined };
      const cols = header ?? [];
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i]!;
        if (c.target === 'extra') (f.extra ??= {})[c.key] = cells[i];
        else f[c.target] = cells[i];
      }
      return f;
    },
    bytes: () => bytes,
    firstLine: () => first,
  };
}

function readHeader(names: string[]): Column[] {
  const cols = names.map((name): Column => {
    const lower = name.toLowerCase();
    const target = CSV_COLUMNS[lower];
    if (target) return { target, key: lower };
    if (lower.startsWith('payload.') && name.length > 8) return { target: 'extra', key: name.slice(8) };
    throw new UsageError(
      `CSV column "${name}" is not known`,
      'name the columns event_name, customer (or billing_customer_id), value, timestamp, identifier, and payload.<key> for other payload keys',
    );
  });
  for (const need of ['event_name', 'customer', 'value'] as const) {
    if (!cols.some((c) => c.target === need)) {
      throw new UsageError(
        `the CSV header has no ${need} column`,
        'the header row needs event_name, customer and value',
      );
    }
  }
  return cols;
}
