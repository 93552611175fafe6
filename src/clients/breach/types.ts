import { wireFields } from '../wire-fields.js';
/** Wire shapes of the breach lookup API (seed 000 D, `/api/v3`). Attributes may grow without a version change. */

/** The full breach model. */
export interface BreachWire {
  Name: string;
  Title: string;
  Domain: string;
  /** ISO 8601 date without time; approximate. */
  BreachDate: string;
  /** ISO 8601, minute precision (`2013-12-04T00:00Z`); some servers add seconds. */
  AddedDate: string;
  ModifiedDate: string;
  PwnCount: number;
  /** HTML markup. */
  Description: string;
  DataClasses: string[];
  IsVerified: boolean;
  IsFabricated: boolean;
  IsSensitive: boolean;
  IsRetired: boolean;
  IsSpamList: boolean;
  IsMalware: boolean;
  IsSubscriptionFree: boolean;
  IsStealerLog: boolean;
  LogoPath: string;
  [extra: string]: unknown;
}

/** The default (truncated) account search result: names only. */
export interface BreachNameWire {
  Name: string;
  [extra: string]: unknown;
}

/** A domain verified on the key's domain dashboard. */
export interface SubscribedDomainWire {
  DomainName: string;
  PwnCount: number | null;
  PwnCountExcludingSpamLists: number | null;
  PwnCountExcludingSpamListsAtLastSubscriptionRenewal: number | null;
  NextSubscriptionRenewal: string | null;
  [extra: string]: unknown;
}

/** `/subscription/status` (reference D.3; fields beyond these are tolerated). */
export interface SubscriptionStatusWire {
  SubscriptionName: string;
  Description: string;
  SubscribedUntil: string;
  Rpm: number;
  DomainSearchMaxBreachedAccounts: number;
  IncludesStealerLogs: boolean;
  [extra: string]: unknown;
}

/** Email alias (the part before `@`) → breach names, or → website domains for stealer logs. */
export type AliasMapWire = Record<string, string[]>;

/** The fields of a breach, a subscribed domain and the subscription, for `--json a,b`. */
export const BREACH_FIELDS = wireFields<BreachWire>({
  Name: true,
  Title: true,
  Domain: true,
  BreachDate: true,
  AddedDate: true,
  ModifiedDate: true,
  PwnCount: true,
  Description: true,
  DataClasses: true,
  IsVerified: true,
  IsFabricated: true,
  IsSensitive: true,
  IsRetired: true,
  IsSpamList: true,
  IsMalware: true,
  IsSubscriptionFree: true,
  IsStealerLog: true,
  LogoPath: true,
});
export const DOMAIN_FIELDS = wireFields<SubscribedDomainWire>({
  DomainName: true,
  PwnCount: true,
  PwnCountExcludingSpamLists: true,
  PwnCountExcludingSpamListsAtLastSubscriptionRenewal: true,
  NextSubscriptionRenewal: true,
});
export const SUBSCRIPTION_FIELDS = wireFields<SubscriptionStatusWire>({
  SubscriptionName: true,
  Description: true,
  SubscribedUntil: true,
  Rpm: true,
  DomainSearchMaxBreachedAccounts: true,
  IncludesStealerLogs: true,
});
