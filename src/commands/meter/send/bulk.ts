import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StreamBodyBuilder, eventsOfBody } from '../../../clients/meter/client.js';
import { MeterEventSender } from '../../../clients/meter/sender.js';
import { ApiError, DryRunStop, ExitStatusError, InterruptedError } from '../../../errors.js';
import { bar } from '../../../output/feedback.js';
import { Checkpoint, LineRanges, type Range } from './checkpoint.js';
import { fieldsFromJson, toWireEvent } from './event.js';
import {
  type ChunkSource,
  type InputLine,
  type InputReader,
  STOP,
  type Step,
  csvReader,
  fileChunks,
  ndjsonReader,
} from './input.js';
import type { MeterSendOptions } from './options.js';
import { Rejects } from './rejects.js';
import { writeWireEvent } from './wire-text.js';
import { inShard, shardText } from '../../shared/shard.js';

/** A bulk send: the options of `ops meter send` with the input named (`-` for stdin). */
export type SendManyOptions = MeterSendOptions & { input: string };

export interface SendSummary {
  status: 'complete' | 'interrupted' | 'stopped' | 'failed';
  read: number;
  sent: number;
  rejected: number;
  invalid: number;
  refused: number;
  skipped: number;
  retried: number;
  sessions: number;
  seconds: number;
  events_per_second: number;
  shard?: string;
  checkpoint?: string;
  rejects_file?: string;
  first_rejects?: Array<{ line: number; reason: string }>;
}

interface Batch {
  /** The request body (kept to report the events if the service refuses them). */
  sent: Buffer | undefined;
  /** The whole buffer `sent` lies in: written into again once the batch is done with. */
  room: Buffer | undefined;
  lines: number[];
  /** Lines this batch settles when it is accepted: its events plus blank and already-confirmed lines. */
  ranges: Range[];
}

type Stop = { why: 'interrupted' | 'stopped' | 'failed'; error?: unknown };

/** Batches built ahead of the requests in flight. */
const READY = 2;

const DRAIN_MS = 10_000;

/** Statuses after which a batch is the service's "no" to these events, not a reason to stop the run. */
const refused = (err: unknown): err is ApiError =>
  err instanceof ApiError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 403, 404, 408, 429].includes(err.status);

/**
 * Streams events from NDJSON or CSV to the service: checks each line, sends batches with several
 * requests in flight, records confirmed lines, and stops cleanly on Ctrl-C or on a failure that the
 * retries could not get past. Memory stays flat: at most `concurrency` batches and one input chunk
 * are held, and no per-line object outlives its line.
 */
export async function sendMany(o: SendManyOptions): Promise<void> {
  const now = o.now ?? Date.now;
  const started = now();
  const structured = o.printer.format !== 'table';
  const rejects = await Rejects.open(o.io, o.rejects, !structured);
  const checkpoint = await openCheckpoint(o);
  const isConfirmed = checkpoint?.confirmed.cursor();
  const confirmed = checkpoint?.confirmed ?? new LineRanges();
  const ndjson = o.format === 'ndjson';
  const { stream, reader } = await openInput(o);
  // Ctrl-C stops reading and sending, but the requests in flight are not cut off: their answers are
  // what the checkpoint records (cut off, the service kept batches that a rerun would send again).
  // They get `drainMs` to finish; then this aborts them.
  const giveUp = new AbortController();
  const sender = new MeterEventSender(await o.client(giveUp.signal), { now, stop: o.io.signal });
  const s: Counts = { read: 0, sent: 0, invalid: 0, refused: 0, skipped: 0 };
  let stop: Stop | undefined;
  let strictReason: string | undefined;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const progress = o.feedback.progress(() =>
    progressLine(o, s, reader.bytes(), (now() - started) / 1000, inFlight),
  );

  const settle = (b: Batch) => {
    confirm(b, s, confirmed, checkpoint);
    progress.update('');
  };
  const refuse = (b: Batch, err: ApiError) => reject(b, err, s, rejects);
  const fail = (err: unknown) => {
    if (o.io.signal.aborted || err instanceof InterruptedError) stop ??= { why: 'interrupted' };
    else if (stop?.why !== 'failed') stop = { why: 'failed', error: err };
  };
  // Batches ready to go when a request ends: the next one leaves at once instead of waiting for the
  // reader to build it, so the connections never sit idle between two requests.
  const ready: Batch[] = [];
  const dispatch = (b: Batch) => {
    inFlight++;
    void sender
      .send(b.sent!)
      .then(
        () => settle(b),
        (err: unknown) => (refused(err) ? refuse(b, err) : fail(err)),
      )
      .catch(fail)
      .finally(() => {
        inFlight--;
        spare.push(b.room!);
        // After a failure or Ctrl-C nothing more is sent (a --strict stop still sends what it read).
        if (stop && stop.why !== 'stopped') ready.length = 0;
        const next = ready.shift();
        if (next) dispatch(next);
        wake?.();
      });
  };
  // The request body, written as events are read (no event object outlives its line), into one of the
  // buffers that finished batches hand back: no new memory a batch.
  const body = new StreamBodyBuilder();
  const spare: Buffer[] = [];
  const submit = (b: Batch) => {
    b.room = body.bytes;
    b.sent = body.finish(spare.pop());
    if (inFlight < o.concurrency) dispatch(b);
    else ready.push(b);
  };
  // One waiter at most (the reader), woken by each batch that ends: no promise per batch is kept.
  const room = async (limit: number) => {
    while (inFlight + ready.length > limit) await new Promise<void>((r) => (wake = r));
    wake = undefined;
  };

  let batch = fresh();
  // The clock is read once a batch, not once a line (a time read is a number object made): what a
  // timestamp is checked against moves by no more than a batch's time.
  let nowMs = now();

  const each = (l: InputLine): Step => {
    if (stop) return STOP;
    if (l.line === 1) checkpoint?.checkFirstLine(reader.firstLine());
    // Blank lines, and the lines of other shards, settle with the batch around them.
    if (l.kind === 'skip' || !inShard(o.shard, l.line)) return void cover(batch, l.line);
    s.read++;
    if (isConfirmed?.(l.line)) {
      s.skipped++;
      return void cover(batch, l.line);
    }
    // The common NDJSON line is written straight into the body; any other goes the general way.
    if (!(ndjson && l.kind === 'event' && writeWireEvent(l.bytes, l.from, l.to, l.line, nowMs, body))) {
      const fields = l.kind === 'bad' ? l.reason : reader.fields(l);
      const event = typeof fields === 'string' ? fields : toWireEvent(fields, l.line, nowMs);
      if (typeof event === 'string') {
        s.invalid++;
        if (o.strict) {
          strictReason = `line ${l.line}: ${event}`;
          stop = { why: 'stopped' };
        }
        return rejects.add({ line: l.line, reason: event, ...(l.raw ? { input: l.raw } : {}) });
      }
      body.add(event);
    }
    batch.lines.push(l.line);
    cover(batch, l.line);
    if (batch.lines.length < o.batchSize) return undefined;
    submit(batch);
    batch = fresh();
    nowMs = now();
    return inFlight + ready.length >= o.concurrency + READY ? room(o.concurrency + READY - 1) : undefined;
  };

  // Ctrl-C: stop reading (stdin may never send more) and sending; wait for the requests in flight.
  let drain: NodeJS.Timeout | undefined;
  const onAbort = () => {
    stop ??= { why: 'interrupted' };
    ready.length = 0;
    stream.destroy();
    drain = setTimeout(() => giveUp.abort(o.io.signal.reason), o.drainMs ?? DRAIN_MS);
    // Past the progress line's rate limit, so that it says at once what it waits for.
    setTimeout(() => progress.update(''), 150).unref();
  };
  if (o.io.signal.aborted) onAbort();
  else o.io.signal.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      await reader.visit(each);
    } catch (err) {
      if (!o.io.signal.aborted) {
        await room(0);
        throw err;
      }
    }
    // The events read before a --strict stop are sent: the checkpoint then ends exactly at the bad line.
    if (!o.io.signal.aborted && (!stop || stop.why === 'stopped') && batch.lines.length) submit(batch);
    else if (!stop && batch.ranges.length) settle(batch);
    await room(0);
  } finally {
    o.io.signal.removeEventListener('abort', onAbort);
    clearTimeout(drain);
  }
  if (o.io.signal.aborted && stop?.why !== 'stopped') stop = { why: 'interrupted' };
  if (stop?.error instanceof DryRunStop) throw stop.error;

  progress.stop();
  await checkpoint?.flush();
  await rejects.close();
  const seconds = (now() - started) / 1000;
  const summary = summaryOf(o, s, stop, sender, seconds, { checkpoint, rejects, structured });
  await o.printer.print(summary);
  finish(summary, confirmed, checkpoint, stop, strictReason, o.rejects);
}

/** The checkpoint of a run that keeps one, written at once (a rerun finds where this one starts). */
async function openCheckpoint(o: SendManyOptions): Promise<Checkpoint | undefined> {
  if (!o.checkpoint) return undefined;
  const checkpoint = await Checkpoint.load(o.checkpoint, o.input, o.shard && shardText(o.shard));
  await checkpoint.flush();
  return checkpoint;
}

/** A batch the service confirmed: its lines are settled, and counted sent. */
function confirm(b: Batch, s: Counts, confirmed: LineRanges, checkpoint: Checkpoint | undefined): void {
  for (const [a, z] of b.ranges) confirmed.add(a, z);
  s.sent += b.lines.length;
  if (checkpoint) {
    checkpoint.eventsConfirmed += b.lines.length;
    checkpoint.touch();
  }
}

/** A batch the service refused: each of its events goes to the rejects with the service's reason. */
async function reject(b: Batch, err: ApiError, s: Counts, rejects: Rejects): Promise<void> {
  s.refused += b.lines.length;
  const events = b.sent ? eventsOfBody(b.sent) : [];
  for (let i = 0; i < events.length; i++) {
    await rejects.add({
      line: b.lines[i]!,
      reason: `refused by the service: ${err.message}`,
      event: events[i],
    });
  }
}

/** What a run has counted so far. */
interface Counts {
  read: number;
  sent: number;
  invalid: number;
  refused: number;
  skipped: number;
}

/** The input as a source of lines: NDJSON read in large chunks, CSV through its parser. */
async function openInput(
  o: SendManyOptions,
): Promise<{ stream: ChunkSource | Readable; reader: InputReader }> {
  // Large reads: each read is a system call, and those are what a VM charges most for.
  const ndjson = o.format === 'ndjson';
  const stream: ChunkSource | Readable =
    o.input === '-'
      ? o.io.stdin
      : ndjson
        ? fileChunks(o.input)
        : createReadStream(o.input, { highWaterMark: 256 * 1024 });
  const reader: InputReader = ndjson
    ? ndjsonReader(stream, fieldsFromJson)
    : await csvReader(stream as Readable);
  return { stream, reader };
}

/** The progress line: how far through the input, events sent and their rate, and why it waits. */
function progressLine(
  o: SendManyOptions,
  s: Counts,
  bytesRead: number,
  seconds: number,
  inFlight: number,
): string {
  const rate = Math.round(s.sent / Math.max(0.001, seconds));
  const pct = o.size ? `${bar(bytesRead / o.size)} ` : '';
  const rejected = s.invalid + s.refused ? `, ${s.invalid + s.refused} rejected` : '';
  const stopping =
    o.io.signal.aborted && inFlight > 0
      ? `; stopping, ${inFlight} ${inFlight === 1 ? 'batch' : 'batches'} in flight (Ctrl-C again quits)`
      : '';
  return `${pct}${s.sent.toLocaleString('en-US')} events sent, ${rate.toLocaleString('en-US')}/s${rejected}${stopping}`;
}

const fresh = (): Batch => ({ sent: undefined, room: undefined, lines: [], ranges: [] });

/** Adds a line to the batch's ranges (the lines it settles, sent or skipped). */
function cover(b: Batch, line: number): void {
  const last = b.ranges[b.ranges.length - 1];
  if (last && last[1] === line - 1) last[1] = line;
  else b.ranges.push([line, line]);
}

/** The run's outcome as printed: counts, rate, and where the checkpoint and rejects went. */
function summaryOf(
  o: SendManyOptions,
  s: Counts,
  stop: Stop | undefined,
  sender: MeterEventSender,
  seconds: number,
  f: { checkpoint: Checkpoint | undefined; rejects: Rejects; structured: boolean },
): SendSummary {
  const { checkpoint, rejects, structured } = f;
  return {
    status: stop ? stop.why : 'complete',
    read: s.read,
    sent: s.sent,
    rejected: s.invalid + s.refused,
    invalid: s.invalid,
    refused: s.refused,
    skipped: s.skipped,
    retried: sender.retried,
    sessions: sender.sessions,
    seconds: Math.round(seconds * 1000) / 1000,
    events_per_second: Math.round(s.sent / Math.max(seconds, 0.001)),
    ...(o.shard ? { shard: shardText(o.shard) } : {}),
    ...(checkpoint ? { checkpoint: checkpoint.path } : {}),
    ...(rejects.path ? { rejects_file: rejects.path } : {}),
    ...(structured && rejects.sample.length
      ? { first_rejects: rejects.sample.map((r) => ({ line: r.line, reason: r.reason })) }
      : {}),
  };
}

/** Turns how the run ended into the exit: 130 on Ctrl-C, the failure's own code, 1 for any rejection. */
function finish(
  sum: SendSummary,
  confirmed: LineRanges,
  checkpoint: Checkpoint | undefined,
  stop: Stop | undefined,
  strictReason: string | undefined,
  rejectsPath: string | undefined,
): void {
  const resume = checkpoint
    ? `; checkpoint ${checkpoint.path} written: rerun with --checkpoint ${checkpoint.path} to send the rest`
    : '; rerun with the same input to send the rest (the identifiers make it safe)';
  const what = `${sum.sent} events confirmed this run (confirmed input lines: ${confirmed.describe()})`;
  if (stop?.why === 'interrupted') throw new InterruptedError(`meter send interrupted: ${what}${resume}`);
  if (stop?.why === 'failed') {
    const err = stop.error;
    // The error keeps its class, and so its exit code; the message says what was done before it.
    if (err instanceof Error) err.message = `${err.message}; meter send stopped: ${what}${resume}`;
    throw err;
  }
  if (stop?.why === 'stopped') {
    throw new ExitStatusError(
      `meter send stopped at the first invalid line (--strict): ${strictReason}; ${what}`,
      1,
    );
  }
  if (sum.rejected > 0) {
    const where = rejectsPath ? `; see ${rejectsPath}` : '; pass --rejects FILE to keep them';
    throw new ExitStatusError(
      `${sum.rejected} of ${sum.read} events rejected (${sum.invalid} invalid, ${sum.refused} refused by the service)${where}`,
      1,
    );
  }
}
