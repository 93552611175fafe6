import { hash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { OpsError, UsageError } from '../../../errors.js';

export type Range = [number, number];

/** Sorted, disjoint, inclusive line ranges; batches confirmed out of order merge into few ranges. */
export class LineRanges {
  constructor(readonly ranges: Range[] = []) {}

  add(from: number, to: number): void {
    const r = this.ranges;
    // Confirmations arrive roughly in order: search from the end.
    let i = r.length;
    while (i > 0 && r[i - 1]![0] > from) i--;
    if (i > 0 && r[i - 1]![1] >= from - 1) {
      i--;
      r[i]![1] = Math.max(r[i]![1], to);
    } else {
      r.splice(i, 0, [from, to]);
    }
    const cur = r[i]!;
    while (i + 1 < r.length && r[i + 1]![0] <= cur[1] + 1) {
      cur[1] = Math.max(cur[1], r[i + 1]![1]);
      r.splice(i + 1, 1);
    }
  }

  count(): number {
    return this.ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  }

  /** A test for lines asked in increasing order, over a snapshot of the ranges as they are now. */
  cursor(): (line: number) => boolean {
    const snapshot = this.ranges.map((r) => [r[0], r[1]] as Range);
    let i = 0;
    return (line) => {
      while (i < snapshot.length && snapshot[i]![1] < line) i++;
      return i < snapshot.length && snapshot[i]![0] <= line;
    };
  }

  /** "1-5000, 5002-9000" (or a count when there are many ranges). */
  describe(max = 6): string {
    if (this.ranges.length === 0) return 'none';
    const shown = this.ranges.slice(0, max).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
    return this.ranges.length > max
      ? `${shown.join(', ')} and ${this.ranges.length - max} more ranges`
      : shown.join(', ');
  }
}

interface CheckpointFile {
  version: 1;
  input: string;
  /** SHA-1 of the first line: a rerun against another input is refused. */
  first_line_sha1: string | undefined;
  /** Input lines whose events the service accepted (blank and header lines included). */
  confirmed: Range[];
  events_confirmed: number;
  /** `K/N` when the run took one shard: the checkpoint is that shard's alone. */
  shard?: string | undefined;
  updated: string;
}

/**
 * `--checkpoint FILE`: which lines are confirmed, written at most once a second while sending and
 * once at the end (through a temporary file and a rename, so a crash never leaves half a file).
 */
export class Checkpoint {
  readonly confirmed: LineRanges;
  eventsConfirmed: number;
  private firstLineSha1: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private failure: Error | undefined;

  private constructor(
    readonly path: string,
    private readonly input: string,
    data: CheckpointFile | undefined,
    private readonly shard: string | undefined,
  ) {
    this.confirmed = new LineRanges(data?.confirmed ?? []);
    this.eventsConfirmed = data?.events_confirmed ?? 0;
    this.firstLineSha1 = data?.first_line_sha1;
  }

  /** Reads FILE if it exists; a file that is not a checkpoint is a usage error, before any request. */
  static async load(path: string, input: string, shard?: string): Promise<Checkpoint> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return new Checkpoint(path, input, undefined, shard);
      throw new UsageError(`cannot read checkpoint ${path}: ${(err as Error).message}`);
    }
    let data: CheckpointFile;
    try {
      data = JSON.parse(text) as CheckpointFile;
      if (
        data.version !== 1 ||
        !Array.isArray(data.confirmed) ||
        !data.confirmed.every((r) => Array.isArray(r) && r.length === 2 && r.every(Number.isInteger))
      ) {
        throw new Error('unexpected content');
      }
    } catch {
      throw new UsageError(
        `${path} is not a checkpoint written by ops meter send`,
        'give another --checkpoint file, or delete this one to start over',
      );
    }
    // Another shard's lines are marked settled in a shard's checkpoint: using it for another shard
    // (or for the whole input) would skip lines that were never sent.
    if ((data.shard ?? undefined) !== shard)
      throw new UsageError(
        `checkpoint ${path} was written for ${data.shard ? `shard ${data.shard}` : 'the whole input'}, not ${shard ? `shard ${shard}` : 'the whole input'}`,
        'give each shard its own checkpoint file, e.g. usage.ckpt.$SHARD_INDEX',
      );
    return new Checkpoint(path, input, data, shard);
  }

  /** Ties the checkpoint to its input, or refuses an input whose first line differs. */
  checkFirstLine(text: string | undefined): void {
    if (text === undefined) return;
    const sha = hash('sha1', text, 'hex');
    if (this.firstLineSha1 === undefined || this.confirmed.ranges.length === 0) {
      this.firstLineSha1 = sha;
    } else if (this.firstLineSha1 !== sha) {
      throw new UsageError(
        `checkpoint ${this.path} was written for another input (its first line differs)`,
        'give the input it was written for, or delete the checkpoint to start over',
      );
    }
  }

  /** Asks for a write within a second (many confirmations share one write). */
  touch(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, 1000).unref();
  }

  /** Writes now and waits for it; a write that failed, now or earlier, is reported here. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.write();
    if (this.failure) throw new OpsError(`cannot write checkpoint ${this.path}: ${this.failure.message}`);
  }

  private write(): Promise<void> {
    const data: CheckpointFile = {
      version: 1,
      input: this.input,
      first_line_sha1: this.firstLineSha1,
      confirmed: this.confirmed.ranges,
      events_confirmed: this.eventsConfirmed,
      ...(this.shard ? { shard: this.shard } : {}),
      updated: new Date().toISOString(),
    };
    const text = `${JSON.stringify(data)}\n`;
    this.writing = this.writing
      .then(async () => {
        const tmp = `${this.path}.tmp`;
        await writeFile(tmp, text);
        await rename(tmp, this.path);
      })
      .catch((err: Error) => {
        this.failure = err;
      });
    return this.writing;
  }
}
