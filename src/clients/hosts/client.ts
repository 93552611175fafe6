import { type ListOptions, type Page, type PageOptions, listPages, paginatePages } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient, QueryValue } from '../http/types.js';
import { route } from '../http/url.js';
import { hostPages } from './pages.js';
import type {
  HostMuteResponseWire,
  HostMuteSettingsWire,
  HostTotalsWire,
  HostWire,
  ListHostsQuery,
} from './types.js';

export interface HostsClient {
  /** ListHosts, host by host across pages (stops at `limit`). */
  listHosts(query: ListHostsQuery, opts?: PageOptions): AsyncGenerator<HostWire>;
  /**
   * ListHosts page by page, for callers that want `total_matching`. With `raw`, each host stays the
   * text the service sent (RawJson), for output that writes it as is (NDJSON).
   */
  listHostPages(
    query: ListHostsQuery,
    opts?: PageOptions & { raw?: boolean },
  ): AsyncGenerator<Page<HostWire | RawJson>>;
  /** GetHostTotals. */
  getHostTotals(query?: { from?: number | undefined }): Promise<HostTotalsWire>;
  /** MuteHost. */
  muteHost(hostName: string, settings: HostMuteSettingsWire): Promise<HostMuteResponseWire>;
  /** UnmuteHost. */
  unmuteHost(hostName: string): Promise<HostMuteResponseWire>;
}

/** Leaves out what was not asked for, so the API's own defaults apply. */
function listQuery(q: ListHostsQuery): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== false && v !== '') out[k] = v;
  return out;
}

export function createHostsClient(http: HttpClient): HostsClient {
  const first = (query: ListHostsQuery) => ({
    method: 'GET',
    path: '/api/v1/hosts',
    query: listQuery(query),
  });
  return {
    async *listHosts(query, opts = {}) {
      for await (const page of paginatePages(http, first(query), hostPages(), opts)) yield* page.items;
    },
    listHostPages: (query, opts = {}) =>
      listPages<HostWire, ListOptions>(http, first(query), hostPages(), 'host_list', opts),
    async getHostTotals(query = {}) {
      const res = await http.request<HostTotalsWire>({
        method: 'GET',
        path: '/api/v1/hosts/totals',
        query: { from: query.from },
        expect: 'object',
      });
      return res.data;
    },
    async muteHost(hostName, settings) {
      const res = await http.request<HostMuteResponseWire>({
        method: 'POST',
        path: route`/api/v1/host/${hostName}/mute`,
        // The body is required even when empty.
        body: settings,
        // With override the same request gives the same state, so it may be sent again.
        idempotent: settings.override === true,
      });
      return res.data;
    },
    async unmuteHost(hostName) {
      const res = await http.request<HostMuteResponseWire>({
        method: 'POST',
        path: route`/api/v1/host/${hostName}/unmute`,
      });
      return res.data;
    },
  };
}
