import type { Kit } from '../core/anatomy.js';
import {
  type Clock,
  type RateWindow,
  type Reply,
  ReplyError,
  type SandboxRequest,
  json,
} from '../core/framework.js';
import { BREACHES, type Breach, TIER1, TIER1_KEY, TIER5, UPCOMING, type Subscription } from './data.js';
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
export function seedState(k: Pick<BreachKit, 'clock' | 'settings' | 'credentials'>): BreachState {
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

export function forbidden(message: string): Reply {
  return json(403, { statusCode: 403, message });
}

export function tooMany(seconds: number): Reply {
  return json(
    429,
    { statusCode: 429, message: `Rate limit is exceeded. Try again in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );
}

/** The key's subscription, or the 401 the seed words: missing, improperly formed or invalid key. */
export function authenticate(
  keys: Map<string, Subscription>,
  req: SandboxRequest,
): { key: string; sub: Subscription } {
  const key = req.headers['breach-api-key'];
  const deny = (why: string) =>
    new ReplyError(json(401, { statusCode: 401, message: `Access denied due to ${why} breach-api-key.` }));
  if (key === undefined || key.trim() === '') throw deny('missing');
  const sub = keys.get(key);
  if (sub) return { key, sub };
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw deny('improperly formed');
  throw deny('invalid');
}

export function verified(sub: Subscription, domain: string): void {
  if (!sub.domains.some((d) => d.DomainName === domain.toLowerCase())) {
    throw new ReplyError(
      forbidden(
        `The domain ${domain} has not been verified for this subscription; only domains added to the domain dashboard after verification can be searched.`,
      ),
    );
  }
}

export function stealerTier(sub: Subscription): void {
  if (sub.tier < 5) {
    throw new ReplyError(
      forbidden(
        `Stealer log searches require the fifth subscription tier or higher; this key is on ${sub.SubscriptionName}.`,
      ),
    );
  }
}

/** Query names are matched case-insensitively: the seed writes `Domain`, the vendor's examples `domain`. */
export function query(req: SandboxRequest, lowerName: string): string | undefined {
  for (const [k, v] of req.query) if (k.toLowerCase() === lowerName) return v;
  return undefined;
}

export function bool(req: SandboxRequest, lowerName: string, fallback: boolean): boolean {
  const v = query(req, lowerName);
  if (v === undefined || v === '') return fallback;
  if (/^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  throw new ReplyError(json(400, { statusCode: 400, message: `${lowerName} must be true or false` }));
}

/** The model's attribute order, with the dates the clock gave it. */
function withDates(b: Omit<Breach, 'AddedDate' | 'ModifiedDate'>, added: string): Breach {
  const { Name, Title, Domain, BreachDate, ...rest } = b;
  return { Name, Title, Domain, BreachDate, AddedDate: added, ModifiedDate: added, ...rest };
}

function minute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}
