import { OpsError } from '../../errors.js';
import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import type { PollResult } from '../http/poll.js';
import type { HttpClient, HttpResponse } from '../http/types.js';
import { route } from '../http/url.js';
import { nextLinkPages } from './pages.js';
import type {
  OperationStatusWire,
  SqlRoleAssignmentCreateUpdateWire,
  SqlRoleAssignmentPropertiesWire,
  SqlRoleAssignmentWire,
  SqlRoleDefinitionWire,
} from './types.js';
import { getResource } from '../http/resource.js';
import { badAnswer } from '../http/parse-error.js';

/** The seed's `<database_provider>` (reference C.2). */
export const PROVIDER = 'Microsoft.DocumentDB';

/** The database account every request is about, and the api-version sent with each. */
export interface DbAccount {
  subscription: string;
  resourceGroup: string;
  account: string;
  apiVersion: string;
}

/** A change the service accepted for asynchronous completion (202): where to follow it. */
export interface AcceptedOperation {
  /** The `Azure-AsyncOperation` URL, else the `Location` URL, made absolute, as the service gave it. */
  url: string;
  /** Which header named it: an operation-status body, or a Location that answers 202 until done. */
  kind: 'async-operation' | 'location';
  /** The 202's headers: its `Retry-After` sets the first wait. */
  headers: Record<string, string>;
}

/** A PUT or DELETE: done at once (200, 204) or accepted (202). */
export type Mutation<T> =
  | { done: true; status: number; result: T | undefined }
  | { done: false; operation: AcceptedOperation };

export interface DbClient {
  readonly target: DbAccount;
  /** The account's resource id, the prefix of every fully qualified scope. */
  accountId(): string;
  /** The fully qualified id of a role definition of the account, from its GUID. */
  roleDefinitionId(guid: string): string;
  /** SqlResources_CreateUpdateSqlRoleAssignment (PUT; 200 or 202). */
  createUpdateSqlRoleAssignment(
    id: string,
    properties: SqlRoleAssignmentPropertiesWire,
  ): Promise<Mutation<SqlRoleAssignmentWire>>;
  /** SqlResources_GetSqlRoleAssignment. */
  getSqlRoleAssignment(id: string): Promise<SqlRoleAssignmentWire>;
  /** SqlResources_ListSqlRoleAssignments, page by page. */
  listSqlRoleAssignments<O extends ListOptions = PageOptions>(opts?: O): ListPages<SqlRoleAssignmentWire, O>;
  /** SqlResources_DeleteSqlRoleAssignment (200 done, 202 accepted, 204 did not exist). */
  deleteSqlRoleAssignment(id: string): Promise<Mutation<undefined>>;
  /** SqlResources_GetSqlRoleDefinition. */
  getSqlRoleDefinition(id: string): Promise<SqlRoleDefinitionWire>;
  /**
   * SqlResources_ListSqlRoleDefinitions, page by page; `plan` when it is read to resolve a role name
   * before a change (`--dry-run` sends it).
   */
  listSqlRoleDefinitions<O extends ListOptions & { plan?: boolean } = PageOptions>(
    opts?: O,
  ): ListPages<SqlRoleDefinitionWire, O>;
  /**
   * One look at an accepted operation. An `Azure-AsyncOperation` URL answers its status body; a
   * `Location` URL answers 202 while it runs, 200 or 204 once it succeeded, and the error otherwise.
   * An operation on a host that is neither the configured one nor a subdomain of it is refused.
   */
  getOperationStatus(op: AcceptedOperation): Promise<PollResult<OperationStatusWire>>;
}

/** The account's resource id (`/subscriptions/…/databaseAccounts/<name>`), the prefix of its scopes. */
export function accountResourceId(t: Omit<DbAccount, 'apiVersion'>): string {
  return `/subscriptions/${t.subscription}/resourceGroups/${t.resourceGroup}/providers/${PROVIDER}/databaseAccounts/${t.account}`;
}

export function createDbClient(http: HttpClient, target: DbAccount): DbClient {
  const accountPath = route`/subscriptions/${target.subscription}/resourceGroups/${target.resourceGroup}/providers/${PROVIDER}/databaseAccounts/${target.account}`;
  const query = { 'api-version': target.apiVersion };
  const base = new URL(http.baseUrl);

  /**
   * Where to ask for an operation's state. Credentials go only to the configured host, so an operation
   * URL on another host is asked only when that host is a subdomain of it (ARM names regional hosts
   * such as `westus.management.azure.com`, whose paths the global host also serves): it is asked of
   * the configured host. Any other host is refused before anything is sent.
   */
  function pollUrl(op: AcceptedOperation): string {
    const url = new URL(op.url);
    if (url.origin === base.origin) return url.toString();
    if (url.protocol === base.protocol && url.hostname.endsWith(`.${base.hostname}`))
      return new URL(`${url.pathname}${url.search}`, base.origin).toString();
    throw new OpsError(
      `db: the service asked to follow the operation at ${url.host}, which is not ${base.host}; the token is not sent there`,
      { hint: 'check the base URL (OPS_DB_BASE_URL)', code: 'operation_host' },
    );
  }

  function accepted(res: HttpResponse<unknown>): AcceptedOperation {
    const async = res.headers['azure-asyncoperation'];
    const location = res.headers.location;
    // An acceptance that cannot be followed is an answer of the wrong shape (exit 7), not a refusal.
    if (!async && !location)
      throw badAnswer(
        http.service,
        res.status,
        'no operation to follow (no Azure-AsyncOperation or Location header)',
      );
    return {
      // Absolute (a relative or scheme-relative one is read against the request).
      url: new URL((async ?? location)!, res.url).toString(),
      kind: async ? 'async-operation' : 'location',
      headers: res.headers,
    };
  }

  function mutation<T>(res: HttpResponse<T>): Mutation<T> {
    if (res.status === 202) return { done: false, operation: accepted(res) };
    return { done: true, status: res.status, result: res.status === 204 ? undefined : res.data };
  }

  const assignmentPath = (id: string) => `${accountPath}${route`/sqlRoleAssignments/${id}`}`;
  const definitionPath = (id: string) => `${accountPath}${route`/sqlRoleDefinitions/${id}`}`;
  const resource = <T>(path: string) => getResource<T>(http, path, query);

  return {
    target,
    accountId: () => accountResourceId(target),
    roleDefinitionId: (guid) => `${accountResourceId(target)}/sqlRoleDefinitions/${guid}`,
    async createUpdateSqlRoleAssignment(id, properties) {
      const body: SqlRoleAssignmentCreateUpdateWire = { properties };
      // Same id, same body, same state: a PUT may be sent again.
      return mutation(
        await http.request<SqlRoleAssignmentWire>({ method: 'PUT', path: assignmentPath(id), query, body }),
      );
    },
    getSqlRoleAssignment: (id) => resource<SqlRoleAssignmentWire>(assignmentPath(id)),
    listSqlRoleAssignments: (opts) =>
      listPages(
        http,
        { method: 'GET', path: `${accountPath}/sqlRoleAssignments`, query },
        nextLinkPages<SqlRoleAssignmentWire>(),
        'value',
        opts,
      ),
    async deleteSqlRoleAssignment(id) {
      const res = await http.request<undefined>({ method: 'DELETE', path: assignmentPath(id), query });
      return mutation(res);
    },
    getSqlRoleDefinition: (id) => resource<SqlRoleDefinitionWire>(definitionPath(id)),
    listSqlRoleDefinitions: (opts) =>
      listPages(
        http,
        {
          method: 'GET',
          path: `${accountPath}/sqlRoleDefinitions`,
          query,
          ...(opts?.plan ? { plan: true } : {}),
        },
        nextLinkPages<SqlRoleDefinitionWire>(),
        'value',
        opts,
      ),
    async getOperationStatus(op) {
      // The URL carries its own api-version.
      const res = await http.request<OperationStatusWire | undefined>({ method: 'GET', path: pollUrl(op) });
      if (op.kind === 'location')
        return { value: { status: res.status === 202 ? 'InProgress' : 'Succeeded' }, headers: res.headers };
      const value = res.data;
      // An answer that does not say how the operation stands is unreadable (exit 7), not a refusal.
      if (!value || typeof value.status !== 'string')
        throw badAnswer(http.service, res.status, `an operation status that has no status (${op.url})`);
      return { value, headers: res.headers };
    },
  };
}
