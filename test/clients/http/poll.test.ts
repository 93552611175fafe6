import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../../src/clients/http/poll.js';
import { ExitCode, InterruptedError, TimeoutError } from '../../../src/errors.js';

/** A fake clock: sleeping moves it forward, so a poll of minutes runs in no time. */
function fakeTime() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('pollUntil', () => {
  it('looks until the state is terminal, waiting the interval between looks', async () => {
    const t = fakeTime();
    const states = ['queued', 'in_progress', 'completed'];
    const seen: string[] = [];
    const value = await pollUntil({
      check: async () => ({ value: states.shift()! }),
      done: (v) => v === 'completed',
      intervalSeconds: 3,
      what: 'run 42',
      onPoll: (v) => seen.push(v),
      ...t,
    });
    expect(value).toBe('completed');
    expect(seen).toEqual(['queued', 'in_progress', 'completed']);
    expect(t.sleeps).toEqual([3000, 3000]);
  });

  it('waits what Retry-After says instead of the interval', async () => {
    const t = fakeTime();
    let n = 0;
    await pollUntil({
      check: async () => ({ value: ++n, headers: { 'retry-after': '7' } }),
      done: (v) => v === 2,
      intervalSeconds: 1,
      what: 'the operation',
      ...t,
    });
    expect(t.sleeps).toEqual([7000]);
  });

  it('gives up after the timeout with exit 6, naming the last state and the hint', async () => {
    const t = fakeTime();
    const err = await pollUntil({
      check: async () => ({ value: 'InProgress' }),
      done: () => false,
      intervalSeconds: 4,
      timeoutSeconds: 10,
      what: 'the role assignment',
      describe: (v) => v,
      timeoutHint: 'raise --wait-timeout',
      ...t,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).exitCode).toBe(ExitCode.timeout);
    expect((err as TimeoutError).message).toBe(
      'gave up waiting for the role assignment after 10 s (still InProgress)',
    );
    expect((err as TimeoutError).hint).toBe('raise --wait-timeout');
    // The last wait is cut to the deadline, never past it.
    expect(t.sleeps).toEqual([4000, 4000, 2000]);
  });

  it('Ctrl-C during a wait ends it with exit 130', async () => {
    const controller = new AbortController();
    const err = await pollUntil({
      check: async () => ({ value: 'running' }),
      done: () => false,
      intervalSeconds: 1,
      what: 'instance 7',
      signal: controller.signal,
      sleep: async () => {
        controller.abort();
        throw new Error('aborted');
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as InterruptedError).exitCode).toBe(ExitCode.interrupted);
    expect((err as Error).message).toBe('interrupted while waiting for instance 7');
  });

  it('an error while looking is passed on as it is', async () => {
    const boom = new Error('404');
    await expect(
      pollUntil({
        check: async () => {
          throw boom;
        },
        done: () => true,
        intervalSeconds: 1,
        what: 'x',
      }),
    ).rejects.toBe(boom);
  });
});
