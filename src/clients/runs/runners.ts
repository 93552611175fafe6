import type { Page } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import type { ListOptions } from '../http/paginate.js';
import { listPages } from './pages.js';
import { type RepoRef, orgPath, repoPath } from './refs.js';
import type {
  AuthenticationTokenWire,
  HostedRunnerWire,
  RepositoryWire,
  RunnerApplicationWire,
  RunnerLabelsWire,
  RunnerWire,
} from './types.js';

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

export interface RunnersApi {
  listSelfHostedRunnersForOrg(
    org: string,
    q: { name?: string | undefined },
    o?: ListOptions,
  ): Pages<RunnerWire>;
  listSelfHostedRunnersForRepo(
    repo: RepoRef,
    q: { name?: string | undefined },
    o?: ListOptions,
  ): Pages<RunnerWire>;
  deleteSelfHostedRunnerFromOrg(org: string, runnerId: number): Promise<void>;
  deleteSelfHostedRunnerFromRepo(repo: RepoRef, runnerId: number): Promise<void>;
  listLabelsForSelfHostedRunnerForOrg(org: string, runnerId: number): Promise<RunnerLabelsWire>;
  listLabelsForSelfHostedRunnerForRepo(repo: RepoRef, runnerId: number): Promise<RunnerLabelsWire>;
  addCustomLabelsToSelfHostedRunnerForOrg(
    org: string,
    runnerId: number,
    labels: string[],
  ): Promise<RunnerLabelsWire>;
  addCustomLabelsToSelfHostedRunnerForRepo(
    repo: RepoRef,
    runnerId: number,
    labels: string[],
  ): Promise<RunnerLabelsWire>;
  /** Gives the labels left: the read-only ones. */
  removeAllCustomLabelsFromSelfHostedRunnerForOrg(org: string, runnerId: number): Promise<RunnerLabelsWire>;
  removeAllCustomLabelsFromSelfHostedRunnerForRepo(
    repo: RepoRef,
    runnerId: number,
  ): Promise<RunnerLabelsWire>;
  createRegistrationTokenForOrg(org: string): Promise<AuthenticationTokenWire>;
  createRegistrationTokenForRepo(repo: RepoRef): Promise<AuthenticationTokenWire>;
  createRemoveTokenForOrg(org: string): Promise<AuthenticationTokenWire>;
  createRemoveTokenForRepo(repo: RepoRef): Promise<AuthenticationTokenWire>;
  /** Runner applications to download: a plain array, not a page. */
  listRunnerApplicationsForOrg(org: string): Promise<RunnerApplicationWire[]>;
  listRunnerApplicationsForRepo(repo: RepoRef): Promise<RunnerApplicationWire[]>;
  /** Answers 202 with the runner, now being deleted. */
  deleteHostedRunnerForOrg(org: string, hostedRunnerId: number): Promise<HostedRunnerWire>;
  addRepoAccessToSelfHostedRunnerGroupInOrg(
    org: string,
    groupId: number,
    repositoryId: number,
  ): Promise<void>;
  listSelectedRepositoriesEnabledPlatformActionsOrganization(
    org: string,
    o?: ListOptions,
  ): Pages<RepositoryWire>;
  enableSelectedRepositoryPlatformActionsOrganization(org: string, repositoryId: number): Promise<void>;
  disableSelectedRepositoryPlatformActionsOrganization(org: string, repositoryId: number): Promise<void>;
}

export function runnersApi(http: HttpClient): RunnersApi {
  const call = async <T>(method: string, path: string, body?: unknown, idempotent?: boolean) =>
    (
      await http.request<T>({
        method,
        path,
        ...(body === undefined ? {} : { body }),
        ...(idempotent === undefined ? {} : { idempotent }),
      })
    ).data;
  const or = (org: string) => `${orgPath(org)}/actions/runners`;
  const rr = (r: RepoRef) => `${repoPath(r)}/actions/runners`;
  const one = (base: string, id: number) => `${base}${route`/${id}`}`;
  const labels = (base: string, id: number) => `${one(base, id)}/labels`;
  const perms = (org: string, id: number) =>
    `${orgPath(org)}${route`/actions/permissions/repositories/${id}`}`;
  // Adding labels a runner has already is a no-op, and a new token only replaces the last: both may be sent again.
  const addLabels = (path: string, l: string[]) => call<RunnerLabelsWire>('POST', path, { labels: l }, true);
  const token = (path: string) => call<AuthenticationTokenWire>('POST', path, undefined, true);

  return {
    listSelfHostedRunnersForOrg: (org, q, o) => listPages(http, or(org), 'runners', q, o),
    listSelfHostedRunnersForRepo: (r, q, o) => listPages(http, rr(r), 'runners', q, o),
    deleteSelfHostedRunnerFromOrg: (org, id) => call('DELETE', one(or(org), id)),
    deleteSelfHostedRunnerFromRepo: (r, id) => call('DELETE', one(rr(r), id)),
    listLabelsForSelfHostedRunnerForOrg: (org, id) => call('GET', labels(or(org), id)),
    listLabelsForSelfHostedRunnerForRepo: (r, id) => call('GET', labels(rr(r), id)),
    addCustomLabelsToSelfHostedRunnerForOrg: (org, id, l) => addLabels(labels(or(org), id), l),
    addCustomLabelsToSelfHostedRunnerForRepo: (r, id, l) => addLabels(labels(rr(r), id), l),
    removeAllCustomLabelsFromSelfHostedRunnerForOrg: (org, id) => call('DELETE', labels(or(org), id)),
    removeAllCustomLabelsFromSelfHostedRunnerForRepo: (r, id) => call('DELETE', labels(rr(r), id)),
    createRegistrationTokenForOrg: (org) => token(`${or(org)}/registration-token`),
    createRegistrationTokenForRepo: (r) => token(`${rr(r)}/registration-token`),
    createRemoveTokenForOrg: (org) => token(`${or(org)}/remove-token`),
    createRemoveTokenForRepo: (r) => token(`${rr(r)}/remove-token`),
    listRunnerApplicationsForOrg: (org) => call('GET', `${or(org)}/downloads`),
    listRunnerApplicationsForRepo: (r) => call('GET', `${rr(r)}/downloads`),
    deleteHostedRunnerForOrg: (org, id) => call('DELETE', one(`${orgPath(org)}/actions/hosted-runners`, id)),
    addRepoAccessToSelfHostedRunnerGroupInOrg: (org, group, repoId) =>
      call('PUT', `${orgPath(org)}${route`/actions/runner-groups/${group}/repositories/${repoId}`}`),
    listSelectedRepositoriesEnabledPlatformActionsOrganization: (org, o) =>
      listPages(http, `${orgPath(org)}/actions/permissions/repositories`, 'repositories', {}, o),
    enableSelectedRepositoryPlatformActionsOrganization: (org, id) => call('PUT', perms(org, id)),
    disableSelectedRepositoryPlatformActionsOrganization: (org, id) => call('DELETE', perms(org, id)),
  };
}
