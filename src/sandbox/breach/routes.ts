import { type Operations, op } from '../core/anatomy.js';
import { RateWindow, type Reply, ReplyError, type SandboxRequest, empty, json } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import type { Subscription } from './seed.js';
import { accountBreaches, alphabetical, byTitle, domainBreaches, emailDomain } from './rules.js';
import { bool, query, stealerTier, tooMany, verified } from './checks.js';
import { type BreachKit, catalogue, renewal } from './state.js';

/** What the routes share: the keyed routes' gate and the stealer log. */
export interface BreachParts {
  keyed: Gate<{ key: string; sub: Subscription }>;
  log: Map<string, Set<string>>;
  domainSearchLimit: number;
}

type KeyedHandler = (req: SandboxRequest, key: string, sub: Subscription) => Reply;

/** The routes of the breach lookup API, by the client operation each serves (clients/breach/client.ts). */
export function breachRoutes(k: BreachKit, p: BreachParts): Operations {
  const keyed = (path: string, handle: KeyedHandler) =>
    op(
      'GET',
      `/api/v3/${path}`,
      p.keyed.guard((req, { key, sub }) => handle(req, key, sub)),
    );
  const listed = () => [...catalogue(k.clock, k.state()).values()].filter((b) => !b.IsRetired);
  return {
    breachedAccount: keyed('breachedaccount/:account', (req) => breachedAccount(k, req)),
    breachedDomain: keyed('breacheddomain/:domain', (req, key, sub) => breachedDomain(k, p, req, key, sub)),
    subscribedDomains: keyed('subscribeddomains', (_req, key, sub) => subscribedDomains(k, key, sub)),
    subscriptionStatus: keyed('subscription/status', (_req, _key, sub) =>
      json(200, {
        SubscriptionName: sub.SubscriptionName,
        Description: sub.Description,
        SubscribedUntil: renewal(k.state()),
        Rpm: sub.Rpm,
        DomainSearchMaxBreachedAccounts: sub.DomainSearchMaxBreachedAccounts,
        IncludesStealerLogs: sub.tier >= 5,
      }),
    ),
    breaches: op('GET', '/api/v3/breaches', (req) => {
      const domain = query(req, 'domain');
      const spam = query(req, 'isspamlist') === undefined ? undefined : bool(req, 'isspamlist', false);
      const found = listed()
        .filter((b) => domain === undefined || b.Domain.toLowerCase() === domain.toLowerCase())
        .filter((b) => spam === undefined || b.IsSpamList === spam)
        .sort(byTitle);
      return json(200, found);
    }),
    breach: op('GET', '/api/v3/breach/:name', (req) => {
      const name = (req.params.name ?? '').toLowerCase();
      const found = listed().find((b) => b.Name.toLowerCase() === name);
      return found ? json(200, found) : empty(404);
    }),
    latestBreach: op('GET', '/api/v3/latestbreach', () => {
      const latest = listed().sort((a, b) => b.AddedDate.localeCompare(a.AddedDate))[0];
      return latest ? json(200, latest) : empty(404);
    }),
    dataClasses: op('GET', '/api/v3/dataclasses', () => dataClasses(k)),
    ...stealerRoutes(k, p, keyed),
  };
}

function stealerRoutes(
  k: BreachKit,
  p: BreachParts,
  keyed: (path: string, h: KeyedHandler) => Operations[string],
) {
  /** Stealer-log searches by domain spend the key's stealer bucket (a tenth of its rate by default). */
  const limit = (key: string, sub: Subscription) => {
    const perMinute = k.settings.intOr('stealer_rate_per_minute') ?? Math.max(1, Math.floor(sub.Rpm / 10));
    const r = k.state().buckets.take(`${key} stealer`, perMinute);
    if (!r.ok) throw new ReplyError(tooMany(r.retryAfter));
  };
  const searchable = (sub: Subscription, raw: string | undefined) => {
    stealerTier(sub);
    const domain = (raw ?? '').toLowerCase();
    verified(sub, domain);
    return domain;
  };
  return {
    stealerLogsByEmail: keyed('stealerlogsbyemail/:email', (req, _key, sub) => {
      stealerTier(sub);
      const email = (req.params.email ?? '').trim().toLowerCase();
      if (!email.includes('@')) return empty(400);
      verified(sub, emailDomain(email));
      const sites = [...(p.log.get(email) ?? [])].sort(alphabetical);
      return sites.length ? json(200, sites) : empty(404);
    }),
    stealerLogsByWebsiteDomain: keyed('stealerlogsbywebsitedomain/:domain', (req, key, sub) => {
      const domain = searchable(sub, req.params.domain);
      limit(key, sub);
      const emails = [...p.log].filter(([, sites]) => sites.has(domain)).map(([email]) => email);
      return emails.length ? json(200, emails.sort(alphabetical)) : empty(404);
    }),
    stealerLogsByEmailDomain: keyed('stealerlogsbyemaildomain/:domain', (req, key, sub) => {
      const domain = searchable(sub, req.params.domain);
      limit(key, sub);
      const result: Record<string, string[]> = {};
      for (const [email, sites] of [...p.log].sort(([a], [b]) => alphabetical(a, b))) {
        if (emailDomain(email) === domain)
          result[email.slice(0, email.lastIndexOf('@'))] = [...sites].sort(alphabetical);
      }
      return Object.keys(result).length ? json(200, result) : empty(404);
    }),
  };
}

function breachedAccount(k: BreachKit, req: SandboxRequest): Reply {
  const account = req.params.account?.trim() ?? '';
  if (account === '' || account.length > 256) return empty(400);
  const truncate = bool(req, 'truncateresponse', true);
  const includeUnverified = bool(req, 'includeunverified', true);
  const found = accountBreaches(catalogue(k.clock, k.state()), account, {
    domain: query(req, 'domain'),
    includeUnverified,
  });
  if (found.length === 0) return empty(404);
  return json(200, truncate ? found.map((b) => ({ Name: b.Name })) : found);
}

function breachedDomain(
  k: BreachKit,
  p: BreachParts,
  req: SandboxRequest,
  key: string,
  sub: Subscription,
): Reply {
  const domain = (req.params.domain ?? '').toLowerCase();
  verified(sub, domain);
  const s = k.state();
  const window =
    s.domainWindows.get(`${key} ${domain}`) ?? new RateWindow(k.clock, p.domainSearchLimit, 60_000);
  s.domainWindows.set(`${key} ${domain}`, window);
  const hit = window.hit();
  if (hit.limited) return tooMany(hit.resetSeconds);
  const search = domainBreaches(catalogue(k.clock, s), domain, sub);
  const prior = s.counts.get(`${key} ${domain}`);
  // The count at the last renewal is locked in at the first search until the subscription renews.
  s.counts.set(`${key} ${domain}`, {
    all: search.all,
    noSpam: search.noSpam,
    atRenewal: prior?.atRenewal ?? search.noSpam,
  });
  return Object.keys(search.result).length ? json(200, search.result) : empty(404);
}

function subscribedDomains(k: BreachKit, key: string, sub: Subscription): Reply {
  const s = k.state();
  return json(
    200,
    sub.domains.map((d) => {
      const c = s.counts.get(`${key} ${d.DomainName}`);
      return {
        DomainName: d.DomainName,
        PwnCount: c?.all ?? null,
        PwnCountExcludingSpamLists: c?.noSpam ?? null,
        PwnCountExcludingSpamListsAtLastSubscriptionRenewal: c?.atRenewal ?? null,
        NextSubscriptionRenewal: renewal(s),
      };
    }),
  );
}

function dataClasses(k: BreachKit): Reply {
  const classes = new Set([...catalogue(k.clock, k.state()).values()].flatMap((b) => b.DataClasses));
  for (const extra of [
    'Account balances',
    'Credit cards',
    'Geographic locations',
    'Security questions and answers',
  ])
    classes.add(extra);
  return json(200, [...classes].sort(alphabetical));
}
