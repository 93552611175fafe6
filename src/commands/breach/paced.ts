import { sleep as realSleep } from '../../clients/http/retry.js';

/** Time as the pacer sees it; tests hand in a fake one so that nobody waits real minutes. */
export interface PaceClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: PaceClock = { now: () => Date.now(), sleep: realSleep };

/**
 * Spaces request starts evenly at the subscription's rate: the first goes at once, each next one
 * 60/N seconds after the one before. Even spacing never exceeds N in any minute, whether the
 * server counts in fixed windows or refills a bucket, so a paced run does not meet a 429 unless
 * another client shares the key (the core retries those after `retry-after`).
 */
export class Pacer {
  readonly intervalMs: number;
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly perMinute: number,
    private readonly clock: PaceClock = realClock,
  ) {
    this.intervalMs = 60_000 / perMinute;
  }

  /** Waits for the next slot. Slots are handed out in call order, so concurrent callers never share one. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) await this.clock.sleep(at - now, signal);
  }
}

type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `work` over the items with at most `concurrency` in flight, each started through the
 * pacer, and yields the results in input order as soon as each one and those before it are done.
 * The first failure aborts the rest (through the signal handed to `work`) and is thrown.
 */
export async function* pacedMap<T, R>(
  items: readonly T[],
  work: (item: T, signal: AbortSignal) => Promise<R>,
  o: { pacer: Pacer; concurrency: number; signal?: AbortSignal | undefined },
): AsyncGenerator<R> {
  const stop = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal;
  const pending: Array<Promise<Settled<R>>> = [];
  let next = 0;
  const start = () => {
    const item = items[next++] as T;
    pending.push(
      (async (): Promise<Settled<R>> => {
        try {
          await o.pacer.take(signal);
          signal.throwIfAborted();
          return { ok: true, value: await work(item, signal) };
        } catch (error) {
          return { ok: false, error };
        }
      })(),
    );
  };
  try {
    while (next < items.length && pending.length < Math.max(1, o.concurrency)) start();
    while (pending.length > 0) {
      const r = await (pending.shift() as Promise<Settled<R>>);
      if (!r.ok) throw r.error;
      if (next < items.length) start();
      yield r.value;
    }
  } finally {
    // Early exit (an error, or the consumer stopped reading): cancel what is still running.
    stop.abort(new Error('stopped'));
    await Promise.allSettled(pending);
  }
}
