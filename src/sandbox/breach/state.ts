import type { Kit } from '../core/anatomy.js';
import type { Clock, RateWindow } from '../core/framework.js';
import { BREACHES, type Breach, TIER1, TIER1_KEY, TIER5, UPCOMING, type Subscription } from './seed.js';
import { Buckets } from './limiter.js';

/** What the breach emulator keeps, from its start or its last reset: the seed's counts, the windows. */
export interface BreachState {
  startedAt: number;
  /** Per key and domain: the counts of the last search, and the count locked at the first one. */
  counts: Map<string, { all: number; noSpam: number; atRenewal: number | null }>;
  /** Route-level limits, spent after the route's own checks (tier, verified domain). */
  buckets: Buckets;
  domainWindows: Map<string, RateWindow>;
  stats: { requests: number; byStatus: Record<string, number> };
}

export type BreachKit = Kit<BreachState>;

/** The keys and their subscriptions: the sandbox key on the fifth tier, at its configured rate. */
export function subscriptions(k: Pick<BreachKit, 'settings' | 'credentials'>): Map<string, Subscription> {
  return new Map<string, Subscription>([
    [sandboxKey(k), { ...TIER5, Rpm: k.settings.int('rate_per_minute') }],
    [TIER1_KEY, TIER1],
  ]);
}

export const sandboxKey = (k: Pick<BreachKit, 'credentials'>) =>
  k.credentials.api_key ?? 'sandbox-breach-key';

/** The seed's state: each seeded domain's counts, locked at renewal, and no request spent. */
export function makeBreachState(k: Pick<BreachKit, 'clock' | 'settings' | 'credentials'>): BreachState {
  const counts: BreachState['counts'] = new Map();
  for (const [key, sub] of subscriptions(k))
    for (const d of sub.domains)
      if (d.searchedCount)
        counts.set(`${key} ${d.DomainName}`, { ...d.searchedCount, atRenewal: d.searchedCount.noSpam });
  return {
    startedAt: k.clock.now(),
    counts,
    buckets: new Buckets(k.clock),
    domainWindows: new Map(),
    stats: { requests: 0, byStatus: {} },
  };
}

/** The breaches in the system now: the seed ones plus those the clock has reached; retired ones included. */
export function catalogue(clock: Clock, s: BreachState): Map<string, Breach> {
  const now = clock.now();
  const all = new Map(BREACHES.map((b) => [b.Name, b]));
  for (const u of UPCOMING) {
    const at = s.startedAt + u.afterSeconds * 1000;
    if (now >= at) all.set(u.breach.Name, withDates(u.breach, minute(at)));
  }
  return all;
}

export function renewal(s: BreachState): string {
  return new Date(s.startedAt + 200 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The model's attribute order, with the dates the clock gave it. */
function withDates(b: Omit<Breach, 'AddedDate' | 'ModifiedDate'>, added: string): Breach {
  const { Name, Title, Domain, BreachDate, ...rest } = b;
  return { Name, Title, Domain, BreachDate, AddedDate: added, ModifiedDate: added, ...rest };
}

function minute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}
