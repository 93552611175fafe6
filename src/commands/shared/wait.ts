import type { Command } from 'commander';
import { type PollOptions, pollUntil } from '../../clients/http/poll.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { quote } from './parse.js';

export interface WaitOptions {
  /** Wait for the end state (`--wait`), or return at once (`--no-wait`). */
  wait: boolean;
  /** `--wait-timeout` in seconds; undefined waits as long as it takes. */
  timeoutSeconds: number | undefined;
  /** `--interval` in seconds between looks when the service gives no Retry-After. */
  intervalSeconds: number;
}

export interface WaitFlags {
  wait?: boolean;
  waitTimeout?: string;
  interval?: string;
}

/**
 * Adds `--wait` / `--no-wait`, `--wait-timeout S` and `--interval S` with the same meaning on every
 * command that starts something that takes time. Every such command waits by default
 * (docs/grammar.md, "Waits"); `--no-wait` returns at once with what the API answered.
 */
export function addWaitOptions(
  cmd: Command,
  o: { what: string; defaultTimeout?: number; defaultInterval?: number },
): Command {
  cmd
    .option('--wait', `wait until ${o.what} (default)`)
    .option('--no-wait', 'return at once without waiting');
  return cmd
    .option(
      '--wait-timeout <seconds>',
      `give up waiting after this long (exit 6)${o.defaultTimeout ? `, default ${o.defaultTimeout}` : ''}`,
    )
    .option('--interval <seconds>', `seconds between checks (default ${o.defaultInterval ?? 2})`);
}

/**
 * A number of seconds (`--wait-timeout`, `--interval`): decimal digits with an optional fraction
 * (`0.5`), greater than 0 and at most `max`; `1e2` or `0x10` is refused like any integer flag.
 */
export function parseSeconds(flag: string, raw: string | undefined, max = 2_000_000): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d{1,9}(\.\d{1,6})?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n > 0 && n <= max))
    throw new UsageError(
      `invalid ${flag} ${quote(raw)}`,
      `give a number of seconds greater than 0${max < 2_000_000 ? `, at most ${max}` : ''}`,
    );
  return n;
}

/** Reads the wait flags; every check happens here, before any request. */
export function parseWaitOptions(
  f: WaitFlags,
  o: { defaultTimeout?: number; defaultInterval?: number } = {},
): WaitOptions {
  const timeout = parseSeconds('--wait-timeout', f.waitTimeout);
  const interval = parseSeconds('--interval', f.interval);
  // commander sets `wait` to true for --wait, false for --no-wait, and leaves it unset otherwise.
  const wait = f.wait ?? true;
  if (!wait && (timeout !== undefined || interval !== undefined))
    throw new UsageError(
      '--wait-timeout and --interval mean nothing with --no-wait',
      'drop them, or --no-wait',
    );
  return {
    wait,
    timeoutSeconds: timeout ?? o.defaultTimeout,
    intervalSeconds: interval ?? o.defaultInterval ?? 2,
  };
}

/**
 * Waits through the shared poller with a spinner on a terminal (its text follows the state), and a
 * timeout hint that names `--wait-timeout`.
 */
export async function waitFor<T>(
  o: {
    feedback: Feedback;
    io: Io;
    wait: WaitOptions;
    /** The spinner's text for a state. */
    label: (value: T) => string;
  } & Pick<PollOptions<T>, 'check' | 'done' | 'what' | 'describe' | 'onPoll' | 'sleep' | 'now'>,
): Promise<T> {
  const spinner = await o.feedback.spinner(`waiting for ${o.what}`);
  try {
    const value = await pollUntil<T>({
      check: o.check,
      done: o.done,
      what: o.what,
      describe: o.describe,
      intervalSeconds: o.wait.intervalSeconds,
      timeoutSeconds: o.wait.timeoutSeconds,
      timeoutHint: 'raise --wait-timeout (seconds), or give --no-wait and check later',
      onPoll: (v) => {
        spinner.update(o.label(v));
        o.onPoll?.(v);
      },
      signal: o.io.signal,
      sleep: o.sleep,
      now: o.now,
    });
    spinner.stop();
    return value;
  } catch (err) {
    spinner.stop();
    throw err;
  }
}
