import type { Page } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import type { ListOptions } from '../http/paginate.js';
import { listPages } from './pages.js';
import { orgPath } from './refs.js';
import type { HostedRunnerWire, RunnerGroupWire } from './types.js';

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

/**
 * The organisation's runner groups and hosted runners, read (the seed names only adding a repository
 * to a group and deleting a hosted runner; the vendor's API has these reads, reference §A.2 map).
 */
export interface RunnerGroupsApi {
  listSelfHostedRunnerGroupsForOrg(
    org: string,
    q: { visible_to_repository?: string | undefined },
    o?: ListOptions,
  ): Pages<RunnerGroupWire>;
  getSelfHostedRunnerGroupForOrg(org: string, groupId: number): Promise<RunnerGroupWire>;
  listHostedRunnersForOrg(org: string, o?: ListOptions): Pages<HostedRunnerWire>;
  getHostedRunnerForOrg(org: string, hostedRunnerId: number): Promise<HostedRunnerWire>;
}

export function runnerGroupsApi(http: HttpClient): RunnerGroupsApi {
  const get = async <T>(path: string) => (await http.request<T>({ method: 'GET', path })).data;
  const groups = (org: string) => `${orgPath(org)}/actions/runner-groups`;
  const hosted = (org: string) => `${orgPath(org)}/actions/hosted-runners`;
  return {
    listSelfHostedRunnerGroupsForOrg: (org, q, o) => listPages(http, groups(org), 'runner_groups', q, o),
    getSelfHostedRunnerGroupForOrg: (org, id) => get(`${groups(org)}${route`/${id}`}`),
    listHostedRunnersForOrg: (org, o) => listPages(http, hosted(org), 'runners', {}, o),
    getHostedRunnerForOrg: (org, id) => get(`${hosted(org)}${route`/${id}`}`),
  };
}
