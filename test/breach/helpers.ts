import type { Command } from 'commander';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';
import type { BreachClient } from '../../src/clients/breach/client.js';
import type { BreachWire } from '../../src/clients/breach/types.js';
import type { PaceClock } from '../../src/commands/breach/paced.js';
import type { Factory } from '../../src/app/types.js';

/** The address and key every verb is started with (its start checks them before any request). */
const ENV = { OPS_BREACH_BASE_URL: 'http://127.0.0.1:9/breach', OPS_BREACH_API_KEY: 'k' };

/** `ops breach <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  env: Record<string, string> = {},
) {
  return parseVerbOf('breach', make, args, { env: { ...ENV, ...env } });
}

export { output };

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
