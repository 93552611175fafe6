import {
  type Emulator,
  type Reply,
  ReplyError,
  RateWindow,
  Router,
  type SandboxContext,
  type SandboxRequest,
  empty,
  json,
  settingsOf,
} from '../framework.js';
import { BREACHES, type Breach, TIER1, TIER1_KEY, TIER5, UPCOMING, type Subscription } from './data.js';
import { Gate } from '../gate.js';
import { Buckets, SubscriptionLimiter } from './limiter.js';
import { accountBreaches, alphabetical, byTitle, domainBreaches, emailDomain, stealerLog } from './rules.js';

/**
 * Emulator of the breach lookup API (seed 000 D) under `/api/v3`. Keys: the sandbox key
 * (`breach.api_key` of the service table, src/services.ts) is on the fifth tier; `sandbox-breach-key-tier1`
 * is on the first (10 requests a minute, no stealer logs). Settings (`ops sandbox start --set`):
 * `breach.rate_per_minute` (the sandbox key's rate, default 1000), `breach.stealer_rate_per_minute`
 * (stealer-log domain searches, default a tenth of the key's rate), `breach.domain_searches_per_minute`
 * (searches of one domain by one key before a 429, default 20).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const { clock } = ctx;
  const settings = settingsOf(ctx, 'breach');
  const rate = settings.int('rate_per_minute', TIER5.Rpm, 1);
  const stealerRate = (sub: Subscription) =>
    settings.int('stealer_rate_per_minute', Math.max(1, Math.floor(sub.Rpm / 10)), 1);
  const domainSearchLimit = settings.int('domain_searches_per_minute', 20, 1);
  const sandboxKey = ctx.options.credentials.breach?.api_key ?? 'sandbox-breach-key';
  const keys = new Map<string, Subscription>([
    [sandboxKey, { ...TIER5, Rpm: rate }],
    [TIER1_KEY, TIER1],
  ]);

  let startedAt = clock.now();
  let counts = new Map<string, { all: number; noSpam: number; atRenewal: number | null }>();
  /** Route-level limits, spent after the route's own checks (tier, verified domain). */
  const buckets = new Buckets(clock);
  let domainWindows = new Map<string, RateWindow>();
  const stats = { requests: 0, byStatus: {} as Record<string, number> };

  /**
   * Every request: counted, and refused without a user agent (the seed: name the consuming
   * application), whatever its route.
   */
  const outer = new Gate({
    clock,
    counts: stats,
    authenticate(req) {
      if ((req.headers['user-agent'] ?? '').trim() === '')
        throw new ReplyError(
          forbidden(
            'Forbidden: no user agent has been specified in the request; name the consuming application in the user-agent header.',
          ),
        );
    },
  });
  /** Keyed routes: the key's subscription (401 in the seed's words), then its per-minute bucket. */
  const keyedGate = new Gate<{ key: string; sub: Subscription }>({
    clock,
    counts: {},
    authenticate: (req) => authenticate(req),
    rate: {
      limiter: new SubscriptionLimiter(clock, (key) => keys.get(key)?.Rpm ?? 1),
      key: (_req, grant) => grant.key,
      refuse: (hit) => tooMany(hit.resetSeconds),
    },
  });
  const log = stealerLog();

  function reset(): void {
    startedAt = clock.now();
    counts = new Map();
    for (const [key, sub] of keys) {
      for (const d of sub.domains) {
        if (d.searchedCount)
          counts.set(`${key} ${d.DomainName}`, { ...d.searchedCount, atRenewal: d.searchedCount.noSpam });
      }
    }
    buckets.clear();
    keyedGate.reset();
    domainWindows = new Map();
    outer.reset();
    stats.byStatus = {};
  }
  reset();

  /** The breaches in the system now: the seed ones plus those the clock has reached; retired ones included. */
  function catalogue(): Map<string, Breach> {
    const now = clock.now();
    const all = new Map(BREACHES.map((b) => [b.Name, b]));
    for (const u of UPCOMING) {
      const at = startedAt + u.afterSeconds * 1000;
      if (now >= at) all.set(u.breach.Name, withDates(u.breach, minute(at)));
    }
    return all;
  }
  const listed = () => [...catalogue().values()].filter((b) => !b.IsRetired);

  /** The key's subscription, or the 401 the seed words: missing, improperly formed or invalid key. */
  function authenticate(req: SandboxRequest): { key: string; sub: Subscription } {
    const key = req.headers['breach-api-key'];
    const deny = (why: string) =>
      new ReplyError(json(401, { statusCode: 401, message: `Access denied due to ${why} breach-api-key.` }));
    if (key === undefined || key.trim() === '') throw deny('missing');
    const sub = keys.get(key);
    if (sub) return { key, sub };
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw deny('improperly formed');
    throw deny('invalid');
  }

  function limit(bucket: string, perMinute: number): void {
    const r = buckets.take(bucket, perMinute);
    if (!r.ok) throw new ReplyError(tooMany(r.retryAfter));
  }

  /** A keyed route: behind the key's gate. */
  function keyed(
    handler: (req: SandboxRequest, key: string, sub: Subscription) => Reply,
  ): (req: SandboxRequest) => Reply {
    return keyedGate.guard((req, { key, sub }) => handler(req, key, sub));
  }

  function verified(sub: Subscription, domain: string): void {
    if (!sub.domains.some((d) => d.DomainName === domain.toLowerCase())) {
      throw new ReplyError(
        forbidden(
          `The domain ${domain} has not been verified for this subscription; only domains added to the domain dashboard after verification can be searched.`,
        ),
      );
    }
  }

  function stealerTier(sub: Subscription): void {
    if (sub.tier < 5) {
      throw new ReplyError(
        forbidden(
          `Stealer log searches require the fifth subscription tier or higher; this key is on ${sub.SubscriptionName}.`,
        ),
      );
    }
  }

  const router = new Router(
    () => empty(404),
    () => empty(405),
  )
    .on(
      'GET',
      '/api/v3/breachedaccount/:account',
      keyed((req) => {
        const account = req.params.account?.trim() ?? '';
        if (account === '' || account.length > 256) return empty(400);
        const truncate = bool(req, 'truncateresponse', true);
        const includeUnverified = bool(req, 'includeunverified', true);
        const found = accountBreaches(catalogue(), account, {
          domain: query(req, 'domain'),
          includeUnverified,
        });
        if (found.length === 0) return empty(404);
        return json(200, truncate ? found.map((b) => ({ Name: b.Name })) : found);
      }),
    )
    .on(
      'GET',
      '/api/v3/breacheddomain/:domain',
      keyed((req, key, sub) => {
        const domain = (req.params.domain ?? '').toLowerCase();
        verified(sub, domain);
        const window =
          domainWindows.get(`${key} ${domain}`) ?? new RateWindow(clock, domainSearchLimit, 60_000);
        domainWindows.set(`${key} ${domain}`, window);
        const hit = window.hit();
        if (hit.limited) return tooMany(hit.resetSeconds);
        const search = domainBreaches(catalogue(), domain, sub);
        const prior = counts.get(`${key} ${domain}`);
        // The count at the last renewal is locked in at the first search until the subscription renews.
        counts.set(`${key} ${domain}`, {
          all: search.all,
          noSpam: search.noSpam,
          atRenewal: prior?.atRenewal ?? search.noSpam,
        });
        return Object.keys(search.result).length ? json(200, search.result) : empty(404);
      }),
    )
    .on(
      'GET',
      '/api/v3/subscribeddomains',
      keyed((_req, key, sub) => {
        return json(
          200,
          sub.domains.map((d) => {
            const c = counts.get(`${key} ${d.DomainName}`);
            return {
              DomainName: d.DomainName,
              PwnCount: c?.all ?? null,
              PwnCountExcludingSpamLists: c?.noSpam ?? null,
              PwnCountExcludingSpamListsAtLastSubscriptionRenewal: c?.atRenewal ?? null,
              NextSubscriptionRenewal: renewal(),
            };
          }),
        );
      }),
    )
    .on(
      'GET',
      '/api/v3/subscription/status',
      keyed((_req, _key, sub) => {
        return json(200, {
          SubscriptionName: sub.SubscriptionName,
          Description: sub.Description,
          SubscribedUntil: renewal(),
          Rpm: sub.Rpm,
          DomainSearchMaxBreachedAccounts: sub.DomainSearchMaxBreachedAccounts,
          IncludesStealerLogs: sub.tier >= 5,
        });
      }),
    )
    .on('GET', '/api/v3/breaches', (req) => {
      const domain = query(req, 'domain');
      const spam = query(req, 'isspamlist') === undefined ? undefined : bool(req, 'isspamlist', false);
      const found = listed()
        .filter((b) => domain === undefined || b.Domain.toLowerCase() === domain.toLowerCase())
        .filter((b) => spam === undefined || b.IsSpamList === spam)
        .sort(byTitle);
      return json(200, found);
    })
    .on('GET', '/api/v3/breach/:name', (req) => {
      const name = (req.params.name ?? '').toLowerCase();
      const found = listed().find((b) => b.Name.toLowerCase() === name);
      return found ? json(200, found) : empty(404);
    })
    .on('GET', '/api/v3/latestbreach', () => {
      const latest = listed().sort((a, b) => b.AddedDate.localeCompare(a.AddedDate))[0];
      return latest ? json(200, latest) : empty(404);
    })
    .on('GET', '/api/v3/dataclasses', () => {
      const classes = new Set([...catalogue().values()].flatMap((b) => b.DataClasses));
      for (const extra of [
        'Account balances',
        'Credit cards',
        'Geographic locations',
        'Security questions and answers',
      ])
        classes.add(extra);
      return json(200, [...classes].sort(alphabetical));
    })
    .on(
      'GET',
      '/api/v3/stealerlogsbyemail/:email',
      keyed((req, _key, sub) => {
        stealerTier(sub);
        const email = (req.params.email ?? '').trim().toLowerCase();
        if (!email.includes('@')) return empty(400);
        verified(sub, emailDomain(email));
        const sites = [...(log.get(email) ?? [])].sort(alphabetical);
        return sites.length ? json(200, sites) : empty(404);
      }),
    )
    .on(
      'GET',
      '/api/v3/stealerlogsbywebsitedomain/:domain',
      keyed((req, key, sub) => {
        stealerTier(sub);
        const domain = (req.params.domain ?? '').toLowerCase();
        verified(sub, domain);
        limit(`${key} stealer`, stealerRate(sub));
        const emails = [...log].filter(([, sites]) => sites.has(domain)).map(([email]) => email);
        return emails.length ? json(200, emails.sort(alphabetical)) : empty(404);
      }),
    )
    .on(
      'GET',
      '/api/v3/stealerlogsbyemaildomain/:domain',
      keyed((req, key, sub) => {
        stealerTier(sub);
        const domain = (req.params.domain ?? '').toLowerCase();
        verified(sub, domain);
        limit(`${key} stealer`, stealerRate(sub));
        const result: Record<string, string[]> = {};
        for (const [email, sites] of [...log].sort(([a], [b]) => alphabetical(a, b))) {
          if (emailDomain(email) === domain)
            result[email.slice(0, email.lastIndexOf('@'))] = [...sites].sort(alphabetical);
        }
        return Object.keys(result).length ? json(200, result) : empty(404);
      }),
    );

  function renewal(): string {
    return new Date(startedAt + 200 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  const guarded = outer.guard((req) => router.handle(req));

  return {
    name: 'breach',
    async handle(req) {
      const reply = await guarded(req);
      stats.byStatus[reply.status] = (stats.byStatus[reply.status] ?? 0) + 1;
      return reply;
    },
    reset,
    stats: () => ({ ...stats, byStatus: { ...stats.byStatus } }),
    banner: () => [
      `breach: key ${sandboxKey} (Pwned 5, ${rate}/min, stealer logs); key ${TIER1_KEY} (Pwned 1, 10/min)`,
    ],
  };
}

function forbidden(message: string): Reply {
  return json(403, { statusCode: 403, message });
}

function tooMany(seconds: number): Reply {
  return json(
    429,
    { statusCode: 429, message: `Rate limit is exceeded. Try again in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );
}

/** Query names are matched case-insensitively: the seed writes `Domain`, the vendor's examples `domain`. */
function query(req: SandboxRequest, lowerName: string): string | undefined {
  for (const [k, v] of req.query) if (k.toLowerCase() === lowerName) return v;
  return undefined;
}

function bool(req: SandboxRequest, lowerName: string, fallback: boolean): boolean {
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
