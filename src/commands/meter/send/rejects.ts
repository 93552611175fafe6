import { type WriteStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { OpsError, UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { escapeLine } from '../../../output/text.js';

export interface RejectRecord {
  line: number;
  reason: string;
  /** The input line as read, or the event that the service refused. */
  input?: string;
  event?: unknown;
}

const SHOWN_ON_STDERR = 20;

/**
 * Where rejected lines go: every one to `--rejects FILE` (NDJSON: line, reason, input), and the first
 * few to stderr as `ops: meter send: line N: reason`, so a run without the file still says what was wrong.
 */
export class Rejects {
  count = 0;
  readonly sample: RejectRecord[] = [];
  private constructor(
    private readonly io: Io,
    private readonly toStderr: boolean,
    private readonly file: WriteStream | undefined,
    readonly path: string | undefined,
  ) {}

  /** Opens (and empties) FILE before anything is sent, so a bad path is a usage error. */
  static async open(io: Io, path: string | undefined, toStderr: boolean): Promise<Rejects> {
    if (path === undefined) return new Rejects(io, toStderr, undefined, undefined);
    const file = createWriteStream(path);
    try {
      await once(file, 'open');
    } catch (err) {
      throw new UsageError(
        `cannot write rejects file ${path}: ${(err as Error).message}`,
        'give a writable path to --rejects',
      );
    }
    return new Rejects(io, toStderr, file, path);
  }

  /** Records one rejection; returns a promise only when the file asks to wait (a full buffer). */
  add(r: RejectRecord): Promise<void> | undefined {
    this.count++;
    if (this.sample.length < SHOWN_ON_STDERR) this.sample.push(r);
    if (this.toStderr) {
      if (this.count <= SHOWN_ON_STDERR)
        this.io.stderr.write(`ops: meter send: line ${r.line}: ${escapeLine(r.reason)}\n`);
      else if (this.count === SHOWN_ON_STDERR + 1) {
        this.io.stderr.write(
          `ops: meter send: more lines rejected; ${this.path ? `all are in ${this.path}` : 'pass --rejects FILE to keep them all'}\n`,
        );
      }
    }
    if (this.file && !this.file.write(`${JSON.stringify(r)}\n`))
      return once(this.file, 'drain').then(() => undefined);
    return undefined;
  }

  async close(): Promise<void> {
    if (!this.file) return;
    const file = this.file;
    await new Promise<void>((resolve, reject) =>
      file.end((err?: Error | null) =>
        err ? reject(new OpsError(`cannot write ${this.path}: ${err.message}`)) : resolve(),
      ),
    );
  }
}
