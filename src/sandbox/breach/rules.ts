/**
 * The seed's search rules, as pure functions over the breaches visible at a moment:
 * sensitive and retired breaches never in the public account search; sensitive ones in the domain
 * search; retired ones nowhere; unverified ones filtered by IncludeUnverified; collections sorted
 * by Title; stealer logs stored per address as website domains.
 */
import { ACCOUNTS, type Breach, STEALER_RECORDS, type Subscription } from './seed.js';

export const byTitle = (a: Breach, b: Breach) => a.Title.localeCompare(b.Title, 'en');
export const alphabetical = (a: string, b: string) => a.localeCompare(b, 'en');

export function accountBreaches(
  catalogue: Map<string, Breach>,
  account: string,
  q: { domain?: string | undefined; includeUnverified: boolean },
): Breach[] {
  const names = ACCOUNTS[account.trim().toLowerCase()] ?? [];
  return names
    .map((n) => catalogue.get(n))
    .filter((b): b is Breach => b !== undefined && !b.IsSensitive && !b.IsRetired)
    .filter((b) => q.includeUnverified || b.IsVerified)
    .filter((b) => q.domain === undefined || b.Domain.toLowerCase() === q.domain.toLowerCase())
    .sort(byTitle);
}

export interface DomainSearch {
  /** alias → breach names (sorted by Title); what the caller's subscription may see. */
  result: Record<string, string[]>;
  /** Breached addresses of the domain (all breaches but retired), and without spam lists. */
  all: number;
  noSpam: number;
}

/**
 * Every address of the domain with its breaches, sensitive ones included, retired ones never.
 * When the domain has more breached addresses than the subscription's domain search allows, only
 * subscription-free breaches are shown.
 */
export function domainBreaches(
  catalogue: Map<string, Breach>,
  domain: string,
  sub: Subscription,
): DomainSearch {
  const suffix = `@${domain.toLowerCase()}`;
  const found: Array<{ alias: string; breaches: Breach[] }> = [];
  for (const [account, names] of Object.entries(ACCOUNTS)) {
    if (!account.endsWith(suffix)) continue;
    const breaches = names
      .map((n) => catalogue.get(n))
      .filter((b): b is Breach => b !== undefined && !b.IsRetired)
      .sort(byTitle);
    if (breaches.length) found.push({ alias: account.slice(0, -suffix.length), breaches });
  }
  const all = found.length;
  const noSpam = found.filter((f) => f.breaches.some((b) => !b.IsSpamList)).length;
  const tooSmall = all > sub.DomainSearchMaxBreachedAccounts;
  const result: Record<string, string[]> = {};
  for (const f of found.sort((a, b) => alphabetical(a.alias, b.alias))) {
    const shown = tooSmall ? f.breaches.filter((b) => b.IsSubscriptionFree) : f.breaches;
    if (shown.length) result[f.alias] = shown.map((b) => b.Name);
  }
  return { result, all, noSpam };
}

/** The website domain of a captured URL, or undefined when it has none (an app URI, an IP, a bare host). */
export function websiteDomain(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return host;
}

/** Stealer-log records as stored: email address → website domains. */
export function stealerLog(): Map<string, Set<string>> {
  const log = new Map<string, Set<string>>();
  for (const r of STEALER_RECORDS) {
    const site = websiteDomain(r.url);
    if (!site) continue;
    const email = r.email.toLowerCase();
    let sites = log.get(email);
    if (!sites) log.set(email, (sites = new Set()));
    sites.add(site);
  }
  return log;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
