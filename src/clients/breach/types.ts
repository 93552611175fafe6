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
