import { describe, expect, it } from 'vitest';
import { Pacer, pacedMap } from '../../src/commands/breach/paced.js';
import { fakeClock } from './helpers.js';

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('Pacer', () => {
  it('lets the first request go at once and spaces the next ones 60/N seconds apart', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(60, clock);
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await pacer.take();
      starts.push(clock.t());
    }
    expect(starts).toEqual([0, 1000, 2000, 3000]);
  });

  it('never exceeds N starts in any minute, at the fifth-tier rate', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(1000, clock);
    const starts: number[] = [];
    for (let i = 0; i < 2500; i++) {
      await pacer.take();
      starts.push(clock.t());
    }
    let worst = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i]! - starts[j]! >= 60_000) j++;
      worst = Math.max(worst, i - j + 1);
    }
    expect(worst).toBeLessThanOrEqual(1000);
    expect(clock.t()).toBeCloseTo(2499 * 60, 5);
  });

  it('does not wait when requests are already slower than the rate', async () => {
    let t = 0;
    const sleeps: number[] = [];
    const pacer = new Pacer(60, { now: () => t, sleep: async (ms) => void sleeps.push(ms) });
    await pacer.take();
    t += 5000;
    await pacer.take();
    expect(sleeps).toEqual([]);
  });

  it('stops waiting when the signal aborts', async () => {
    const pacer = new Pacer(1, {
      now: () => 0,
      sleep: (_ms, signal) =>
        signal?.aborted ? Promise.reject(new Error('aborted')) : new Promise(() => undefined),
    });
    await pacer.take();
    const c = new AbortController();
    c.abort();
    await expect(pacer.take(c.signal)).rejects.toThrow('aborted');
  });
});

describe('pacedMap', () => {
  it('yields results in input order although later ones finish first, starts paced', async () => {
    const clock = fakeClock();
    const starts: Array<[number, number]> = [];
    const work = async (n: number) => {
      starts.push([n, clock.t()]);
      // Earlier items take longer, so they complete after later ones.
      await new Promise((r) => setTimeout(r, (5 - n) * 5));
      return n * 10;
    };
    const out = await all(pacedMap([1, 2, 3, 4, 5], work, { pacer: new Pacer(120, clock), concurrency: 3 }));
    expect(out).toEqual([10, 20, 30, 40, 50]);
    expect(starts.map(([, t]) => t)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('keeps at most `concurrency` items in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const work = async (n: number) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return n;
    };
    const out = await all(
      pacedMap(
        Array.from({ length: 20 }, (_, i) => i),
        work,
        { pacer: new Pacer(1e9, fakeClock()), concurrency: 4 },
      ),
    );
    expect(out).toHaveLength(20);
    expect(peak).toBe(4);
  });

  it('yields what came before a failure, then throws it and aborts the rest', async () => {
    const aborted: number[] = [];
    const work = async (n: number, signal: AbortSignal) => {
      if (n === 2) throw new Error('boom');
      if (n > 2) {
        await new Promise((_r, reject) => {
          const stop = () => {
            aborted.push(n);
            reject(new Error('stopped'));
          };
          if (signal.aborted) stop();
          else signal.addEventListener('abort', stop);
        });
      }
      return n;
    };
    const got: number[] = [];
    await expect(
      (async () => {
        const pacer = new Pacer(1e9, { now: () => 0, sleep: async () => undefined });
        for await (const x of pacedMap([1, 2, 3, 4], work, { pacer, concurrency: 4 })) got.push(x);
      })(),
    ).rejects.toThrow('boom');
    expect(got).toEqual([1]);
    expect(aborted.sort()).toEqual([3, 4]);
  });

  it('gives an empty list no work', async () => {
    expect(
      await all(pacedMap([], async () => 1, { pacer: new Pacer(1, fakeClock()), concurrency: 4 })),
    ).toEqual([]);
  });
});
