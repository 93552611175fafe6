import type { Command } from 'commander';
import { vi } from 'vitest';
import type { BreachClient } from '../../src/clients/breach/client.js';
import type { BreachWire } from '../../src/clients/breach/types.js';
import type { PaceClock } from '../../src/commands/breach/paced.js';
import { type Factory, createFactory } from '../../src/commands/factory.js';
import { makeStyle } from '../../src/output/color.js';
import { Feedback } from '../../src/output/feedback.js';
import { type OutputFormat, Printer } from '../../src/output/printer.js';
import { createRoot } from '../../src/program.js';
import { tempConfigDir } from '../helpers/cli.js';
import { type MemoryIo, memoryIo } from '../helpers/io.js';

/** Fields of an options object that are injected things, not parsed values. */
const INJECTED = new Set(['io', 'printer', 'feedback', 'client', 'clock']);

function silence(cmd: Command): void {
  cmd.exitOverride();
  cmd.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  for (const sub of cmd.commands) silence(sub);
}

/**
 * Parses `ops breach <args>` with one verb's builder whose run function is a spy, and returns the
 * parsed values of the options it was given (injected things left out), or throws what parsing threw.
 */
export async function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ values: Record<string, unknown>; options: O; calls: number }> {
  const io = memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...env } });
  const run = vi.fn(async (_o: O) => undefined);
  const root = createRoot();
  root.command('breach').addCommand(make(createFactory(io), run));
  silence(root);
  await root.parseAsync(['node', 'ops', 'breach', ...args]);
  const options = run.mock.calls[0]?.[0] as O;
  const values = Object.fromEntries(Object.entries(options ?? {}).filter(([k]) => !INJECTED.has(k)));
  return { values, options, calls: run.mock.calls.length };
}

/** A printer and feedback writing to memory, as a command's context would give them. */
export function output(
  o: { format?: OutputFormat; tty?: boolean; input?: string; signal?: AbortSignal } = {},
): {
  io: MemoryIo;
  printer: Printer;
  feedback: Feedback;
} {
  const io = memoryIo({ tty: o.tty, input: o.input, signal: o.signal });
  return {
    io,
    printer: new Printer({ io, format: o.format ?? 'table', color: false }),
    feedback: new Feedback(io, Boolean(o.tty), makeStyle(false)),
  };
}

/** A breach with every attribute, for stubbed clients. */
export function breachFixture(over: Partial<BreachWire> = {}): BreachWire {
  return {
    Name: 'Adobe',
    Title: 'Adobe',
    Domain: 'adobe.com',
    BreachDate: '2013-10-04',
    AddedDate: '2013-12-04T00:00Z',
    ModifiedDate: '2013-12-04T00:00Z',
    PwnCount: 152445165,
    Description:
      'In October 2013, <em>153 million</em> accounts &amp; <a href="https://x.example">hints</a> were breached.',
    LogoPath: 'https://breach-lookup.example/Adobe.png',
    DataClasses: ['Email addresses', 'Passwords'],
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsSubscriptionFree: false,
    IsStealerLog: false,
    ...over,
  };
}

/** A client whose every method fails unless the test gives it an answer: an unexpected call is a failure. */
export function stubClient(over: Partial<BreachClient>): BreachClient {
  const fail = (name: string) => async () => {
    throw new Error(`unexpected call to ${name}`);
  };
  const names: Array<keyof BreachClient> = [
    'breachedAccount',
    'breachedDomain',
    'subscribedDomains',
    'breaches',
    'breach',
    'latestBreach',
    'dataClasses',
    'stealerLogsByEmail',
    'stealerLogsByWebsiteDomain',
    'stealerLogsByEmailDomain',
    'subscriptionStatus',
  ];
  return Object.fromEntries(names.map((n) => [n, over[n] ?? fail(n)])) as unknown as BreachClient;
}

/**
 * Time that moves only when someone sleeps: a paced minute passes in no real time. A sleeper wakes
 * (on the next turn of the event loop) at the time it asked for, so concurrent sleepers overlap
 * as they would on a real clock instead of adding up.
 */
export function fakeClock(): PaceClock & { sleeps: number[]; t: () => number } {
  let t = 0;
  const sleeps: number[] = [];
  return {
    now: () => t,
    t: () => t,
    sleeps,
    sleep: (ms, signal) => {
      if (signal?.aborted) return Promise.reject(signal.reason);
      sleeps.push(ms);
      const until = t + ms;
      return new Promise((resolve) =>
        setImmediate(() => {
          t = Math.max(t, until);
          resolve();
        }),
      );
    },
  };
}

/** A clock whose sleeps end only when their signal aborts (a wait that Ctrl-C interrupts). */
export function blockingClock(): PaceClock {
  return {
    now: () => 0,
    sleep: (_ms, signal) =>
      new Promise<void>((_resolve, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      }),
  };
}
