import type { AccountSearch, BreachClient } from '../../clients/breach/client.js';
import type { AliasMapWire, BreachNameWire, BreachWire } from '../../clients/breach/types.js';
import { ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { htmlToText } from '../../output/text.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import type { Shard } from '../shared/shard.js';
import { serviceStart } from '../shared/start.js';
import type { PaceClock } from './paced.js';

/**
 * The start of every breach verb. Searches by account, domain and stealer log need the key: with none
 * set they stop here, before anything is sent, and say how to set it (exit 4); the catalogue verbs
 * (list, show, latest, dataclasses) start with `client: { auth: false }`.
 */
export const start = serviceStart<BreachClient>('breach', {
  create: async (http) => (await import('../../clients/breach/client.js')).createBreachClient(http),
});

/** The client options of a verb: whether it needs the key, and its name for the error that says so. */
export function keyFor(command: string, needsKey = true): { auth: boolean; command: string } {
  return { auth: needsKey, command: `ops breach ${command}` };
}

/** Exit code of --exit-status when a search finds something (an account in a breach, a stealer-log record). */
export const FOUND_EXIT_CODE = ExitCode.watchedFailed;

/** The query of an account search from the flags. */
export function accountSearch(o: {
  full: boolean;
  domain: string | undefined;
  includeUnverified: boolean;
}): AccountSearch {
  return { truncate: !o.full, domain: o.domain, includeUnverified: o.includeUnverified };
}

/** An account as the service matches it: trimmed of surrounding white space; never empty. */
export function parseAccount(raw: string, what = 'account'): string {
  const account = raw.trim();
  if (account === '') throw new UsageError(`the ${what} is empty`, 'give an email address or a username');
  return account;
}

const DOMAIN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A domain name such as example.com (no scheme, path or port). */
export function parseDomain(flag: string, raw: string): string {
  const d = raw.trim().replace(/\.$/, '');
  if (!DOMAIN.test(d)) {
    throw new UsageError(
      `invalid ${flag} "${raw}"`,
      'give a domain name such as example.com, without scheme, path or port',
    );
  }
  return d.toLowerCase();
}

export function parseEmail(flag: string, raw: string): string {
  const e = raw.trim();
  const at = e.lastIndexOf('@');
  if (at <= 0 || !DOMAIN.test(e.slice(at + 1)) || /\s/.test(e)) {
    throw new UsageError(`invalid ${flag} "${raw}"`, 'give an email address such as jane@example.com');
  }
  return e;
}

/** Parses `30`, `30s`, `5m`, `1h`, `1.5s` into seconds. */
export function parseInterval(flag: string, raw: string, minSeconds = 1): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(raw.trim());
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[(m?.[2] ?? 's').toLowerCase() as 'ms' | 's' | 'm' | 'h'];
  const seconds = m ? Number(m[1]) * unit : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < minSeconds) {
    throw new UsageError(
      `invalid ${flag} "${raw}"`,
      `give an interval of at least ${minSeconds} s, such as 30s, 5m or 1h`,
    );
  }
  return seconds;
}

/** The attributes that change how a breach should be read, as one cell. */
export function breachFlags(b: Partial<BreachWire>): string {
  const flags: string[] = [];
  if (b.IsVerified === false) flags.push('unverified');
  if (b.IsFabricated) flags.push('fabricated');
  if (b.IsSensitive) flags.push('sensitive');
  if (b.IsRetired) flags.push('retired');
  if (b.IsSpamList) flags.push('spam-list');
  if (b.IsMalware) flags.push('malware');
  if (b.IsStealerLog) flags.push('stealer-log');
  if (b.IsSubscriptionFree) flags.push('subscription-free');
  return flags.join(', ');
}

/** Columns of a breach list (full model). */
export const BREACH_COLUMNS: Column<BreachWire>[] = [
  { header: 'name', get: (b) => b.Name },
  { header: 'title', get: (b) => b.Title, kind: 'text' },
  { header: 'domain', get: (b) => b.Domain, kind: 'text' },
  { header: 'breached', get: (b) => b.BreachDate },
  { header: 'added', get: (b) => b.AddedDate, format: 'relative' },
  { header: 'accounts', get: (b) => b.PwnCount },
  { header: 'flags', get: (b) => breachFlags(b), kind: 'text' },
];

/** Rows of one breach (show, latest): every attribute, the HTML description as plain text. */
export const BREACH_DETAIL: Column<BreachWire>[] = [
  { header: 'name', get: (b) => b.Name },
  { header: 'title', get: (b) => b.Title, kind: 'text' },
  { header: 'domain', get: (b) => b.Domain },
  { header: 'breach date', get: (b) => b.BreachDate },
  { header: 'added', get: (b) => b.AddedDate, format: 'relative' },
  { header: 'modified', get: (b) => b.ModifiedDate, format: 'relative' },
  { header: 'accounts', get: (b) => b.PwnCount },
  { header: 'data classes', get: (b) => b.DataClasses, kind: 'text' },
  { header: 'flags', get: (b) => breachFlags(b) },
  { header: 'logo', get: (b) => b.LogoPath },
  { header: 'description', get: (b) => htmlToText(String(b.Description ?? '')), kind: 'text' },
];

/** Columns of an account search: names only (truncated) or the full model. */
export function accountColumns(full: boolean): Column<BreachWire | BreachNameWire>[] {
  if (!full) return [{ header: 'name', get: (b) => b.Name }];
  return BREACH_COLUMNS as Column<BreachWire | BreachNameWire>[];
}

/** An alias map (`{"jane": ["Adobe"]}`) as table rows. */
export function aliasRows(
  map: AliasMapWire,
  domain: string,
  valueHeader: string,
): { rows: Array<Record<string, unknown>>; columns: Column[] } {
  const rows = Object.keys(map)
    .sort()
    .map((alias) => ({ alias, email: `${alias}@${domain}`, values: map[alias] ?? [] }));
  return {
    rows,
    columns: [
      { header: 'email', get: (r) => r.email },
      { header: 'count', get: (r) => (r.values as string[]).length },
      { header: valueHeader, get: (r) => r.values, kind: 'text' },
    ],
  };
}

/** What `ops breach account` runs with (one account, or many with --file: bulk.ts). */
export interface BreachAccountOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<BreachClient>;
  /** One account; undefined with --file. */
  account: string | undefined;
  /** A file of accounts, one a line, or `-` for stdin. */
  file: string | undefined;
  full: boolean;
  domain: string | undefined;
  includeUnverified: boolean;
  exitStatus: boolean;
  /** Requests per minute of the subscription (--file pacing). */
  ratePerMinute: number;
  /** Searches in flight at once with --file (each still waits for its paced slot). */
  concurrency: number;
  /** With --file: only the lines of this shard (`--shard K/N`). */
  shard?: Shard | undefined;
  clock?: PaceClock | undefined;
}
