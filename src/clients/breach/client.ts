import type { JsonShape } from '../http/parse-error.js';
import type { HttpClient, RequestSpec } from '../http/types.js';
import { route } from '../http/url.js';
import { ApiError } from '../../errors.js';
import { ACCOUNT_FORMAT } from './index.js';
import type {
  AliasMapWire,
  BreachNameWire,
  BreachWire,
  SubscribedDomainWire,
  SubscriptionStatusWire,
} from './types.js';

export interface AccountSearch {
  /** false asks for the full breach model (`truncateResponse=false`). */
  truncate?: boolean | undefined;
  /** Only breaches of this site (`Domain`). */
  domain?: string | undefined;
  /** false leaves unverified breaches out (`IncludeUnverified=false`). */
  includeUnverified?: boolean | undefined;
}

export interface BreachFilter {
  domain?: string | undefined;
  /** true: only spam lists; false: none of them; undefined: both. */
  spamList?: boolean | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/**
 * One method per operation of the breach lookup API. The searches answer 404 when nothing is
 * found; that is an answer, not an error, so they return an empty list (or map) instead.
 * Nothing here is paged: every operation answers with the whole collection.
 */
export interface BreachClient {
  breachedAccount(
    account: string,
    q?: AccountSearch,
    o?: CallOptions,
  ): Promise<Array<BreachWire | BreachNameWire>>;
  breachedDomain(domain: string, o?: CallOptions): Promise<AliasMapWire>;
  subscribedDomains(o?: CallOptions): Promise<SubscribedDomainWire[]>;
  breaches(q?: BreachFilter, o?: CallOptions): Promise<BreachWire[]>;
  /** undefined when no breach has this name. */
  breach(name: string, o?: CallOptions): Promise<BreachWire | undefined>;
  latestBreach(o?: CallOptions): Promise<BreachWire>;
  dataClasses(o?: CallOptions): Promise<string[]>;
  stealerLogsByEmail(email: string, o?: CallOptions): Promise<string[]>;
  stealerLogsByWebsiteDomain(domain: string, o?: CallOptions): Promise<string[]>;
  stealerLogsByEmailDomain(domain: string, o?: CallOptions): Promise<AliasMapWire>;
  subscriptionStatus(o?: CallOptions): Promise<SubscriptionStatusWire>;
}

const V3 = '/api/v3';

export function createBreachClient(http: HttpClient): BreachClient {
  // Searches by account, domain or stealer log carry the key; the breach catalogue needs none, so
  // the key is not sent there at all.
  // Each answer's shape is checked where it is read (`expect`): a list of breaches whose item is null,
  // or an object where the list is, is a bad answer (exit 7), not a crash of the printer on it.
  async function keyed<T>(
    path: string,
    empty: T,
    expect: JsonShape,
    o: CallOptions = {},
    query?: RequestSpec['query'],
  ): Promise<T> {
    const res = await http.request<T>({
      method: 'GET',
      path,
      query,
      okStatuses: [404],
      signal: o.signal,
      expect,
    });
    return res.status === 404 ? empty : res.data;
  }
  async function open<T>(
    path: string,
    expect: JsonShape,
    o: CallOptions = {},
    query?: RequestSpec['query'],
    okStatuses?: number[],
  ) {
    return http.request<T>({ method: 'GET', path, query, auth: false, okStatuses, signal: o.signal, expect });
  }

  return {
    breachedAccount: async (account, q = {}, o) =>
      keyed<Array<BreachWire | BreachNameWire>>(
        route`/api/v3/breachedaccount/${account.trim()}`,
        [],
        'objects',
        o,
        {
          // The seed spells the query names this way; the default of each is left to the server.
          truncateResponse: q.truncate === false ? false : undefined,
          Domain: q.domain,
          IncludeUnverified: q.includeUnverified === false ? false : undefined,
        },
      ),
    breachedDomain: async (domain, o) =>
      keyed<AliasMapWire>(route`/api/v3/breacheddomain/${domain}`, {}, 'object', o),
    subscribedDomains: async (o) =>
      (
        await http.request<SubscribedDomainWire[]>({
          method: 'GET',
          path: `${V3}/subscribeddomains`,
          signal: o?.signal,
          expect: 'objects',
        })
      ).data,
    breaches: async (q = {}, o) =>
      (await open<BreachWire[]>(`${V3}/breaches`, 'objects', o, { Domain: q.domain, IsSpamList: q.spamList }))
        .data,
    breach: async (name, o) => {
      try {
        const res = await open<BreachWire>(route`/api/v3/breach/${name}`, 'object', o, undefined, [404]);
        return res.status === 404 ? undefined : res.data;
      } catch (err) {
        // The service's bare 400 is about the value searched for: here a breach name, not an account.
        if (err instanceof ApiError && err.status === 400 && err.message === ACCOUNT_FORMAT)
          throw new ApiError({
            status: 400,
            service: err.service,
            message: 'the breach name does not comply with an acceptable format',
            requestId: err.requestId,
            body: err.body,
            hint: '`ops breach list` shows the names',
          });
        throw err;
      }
    },
    latestBreach: async (o) => (await open<BreachWire>(`${V3}/latestbreach`, 'object', o)).data,
    dataClasses: async (o) => (await open<string[]>(`${V3}/dataclasses`, 'array', o)).data,
    stealerLogsByEmail: async (email, o) =>
      keyed<string[]>(route`/api/v3/stealerlogsbyemail/${email.trim()}`, [], 'array', o),
    stealerLogsByWebsiteDomain: async (domain, o) =>
      keyed<string[]>(route`/api/v3/stealerlogsbywebsitedomain/${domain}`, [], 'array', o),
    // The seed leaves the rest of this path out; the vendor's word is `stealerlogsbyemaildomain` (reference D.3).
    stealerLogsByEmailDomain: async (domain, o) =>
      keyed<AliasMapWire>(route`/api/v3/stealerlogsbyemaildomain/${domain}`, {}, 'object', o),
    subscriptionStatus: async (o) =>
      (
        await http.request<SubscriptionStatusWire>({
          method: 'GET',
          path: `${V3}/subscription/status`,
          signal: o?.signal,
        })
      ).data,
  };
}
