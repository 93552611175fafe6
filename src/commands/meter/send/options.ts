import type { Io } from '../../../io.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import type { Shard } from '../../shared/shard.js';
import type { MeterClientLoader } from '../shared/options.js';
import type { EventFields } from './event.js';

/** What `ops meter send` runs with: one event from flags, or many read from `input`. */
export interface MeterSendOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  client: MeterClientLoader;
  /** One event from flags; otherwise `input` is read. */
  event?: EventFields | undefined;
  /** A path, or `-` (or nothing) for stdin. */
  input: string | undefined;
  format: 'ndjson' | 'csv';
  /** Size of the input in bytes when known (a file), for the percentage. */
  size: number | undefined;
  concurrency: number;
  batchSize: number;
  rejects: string | undefined;
  checkpoint: string | undefined;
  strict: boolean;
  /** Only the lines of this shard (`--shard K/N`); the others are left to the other machines. */
  shard?: Shard | undefined;
  now?: () => number;
  /** How long Ctrl-C waits for the requests in flight before it gives up on them (default 10 s). */
  drainMs?: number;
}
