import { DryRunStop, InterruptedError, OpsError, TimeoutError } from '../../errors.js';
import { sleep as realSleep, serverWaitSeconds } from './retry.js';
import { reportWaitState } from './wait-state.js';

/** One look at the thing waited for: its state and, when the service gave them, the answer's headers. */
export interface PollResult<T> {
  value: T;
  /** Headers of the answer: `Retry-After` there sets the next interval. */
  headers?: Record<string, string> | undefined;
}

export interface PollOptions<T> {
  /** Fetches the current state once. */
  check(): Promise<PollResult<T>>;
  /** True once the state is terminal (success or failure: the caller tells them apart). */
  done(value: T): boolean;
  /** Seconds between looks when the service gives no `Retry-After`. */
  intervalSeconds: number;
  /** Give up after this many seconds (exit 6); undefined waits as long as it takes. */
  timeoutSeconds?: number | undefined;
  /** What is waited for, for the timeout message ("run 42 to complete"). */
  what: string;
  /** Describes a state for the timeout message ("in_progress"). */
  describe?: ((value: T) => string) | undefined;
  /** Hint on timeout, added by the command layer (which flag raises the limit). */
  timeoutHint?: string | undefined;
  /** Told of every state seen (a spinner's text, a live table). */
  onPoll?: ((value: T) => void) | undefined;
  signal?: AbortSignal | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  now?: (() => number) | undefined;
}

/**
 * The one poller: looks, waits (the service's `Retry-After` when it gives one, else the interval),
 * looks again, until `done`. A timeout is a TimeoutError (exit 6) naming the last state; Ctrl-C ends
 * the wait with an InterruptedError (exit 130). Every `--wait` and `watch` goes through here.
 */
export async function pollUntil<T>(o: PollOptions<T>): Promise<T> {
  const sleep = o.sleep ?? realSleep;
  const now = o.now ?? Date.now;
  const started = now();
  const deadline = o.timeoutSeconds === undefined ? undefined : started + o.timeoutSeconds * 1000;
  for (;;) {
    if (o.signal?.aborted) throw new InterruptedError(`interrupted while waiting for ${o.what}`);
    const { value, headers } = await lookOnce(o);
    o.onPoll?.(value);
    reportWaitState(`waiting for ${o.what}${o.describe ? `: ${o.describe(value)}` : ''}`);
    if (o.done(value)) return value;
    const hinted = headers ? serverWaitSeconds(headers) : undefined;
    let waitMs = (hinted ?? o.intervalSeconds) * 1000;
    if (deadline !== undefined) {
      const left = deadline - now();
      if (left <= 0) {
        const state = o.describe ? ` (still ${o.describe(value)})` : '';
        throw new TimeoutError(
          `gave up waiting for ${o.what} after ${Math.round((now() - started) / 1000)} s${state}`,
          undefined,
          o.timeoutHint,
        );
      }
      waitMs = Math.min(waitMs, left);
    }
    try {
      await sleep(waitMs, o.signal);
    } catch {
      throw new InterruptedError(`interrupted while waiting for ${o.what}`);
    }
  }
}

/**
 * One look; a look that fails (the connection lost, the service down) says what was being waited for,
 * so that what a `--wait` had already made (`instance 4c49… to be RUNNING`) is not lost with it.
 */
async function lookOnce<T>(o: PollOptions<T>): Promise<PollResult<T>> {
  try {
    return await o.check();
  } catch (err) {
    if (err instanceof OpsError && !(err instanceof InterruptedError) && !(err instanceof DryRunStop))
      err.message = `${err.message} (while waiting for ${o.what})`;
    throw err;
  }
}
