import { planningHttp } from '../http/planning.js';
import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import type { HttpClient, QueryValue, RequestSpec } from '../http/types.js';
import { route } from '../http/url.js';
import { cloudPages } from './pages.js';
import type {
  AutoScaledInstanceWire,
  AutoScalingGroupDetailsWire,
  AutoScalingGroupListQuery,
  AutoScalingGroupWire,
  ConsoleAccessWire,
  CpuMetricsWire,
  CreateAutoScalingGroupWire,
  CredentialType,
  CredentialWire,
  ImageDetailsWire,
  ImageListQuery,
  InstanceDetailsWire,
  InstanceListQuery,
  InstanceTypeWire,
  InstanceWire,
  LaunchInstanceWire,
  LbMetric,
  LbMetricsWire,
  MetricsQuery,
  RegionWire,
  SnapshotWire,
  StoreCredentialWire,
  TerminateInstanceWire,
  UpdateAutoScalingGroupWire,
  UpdateInstanceWire,
} from './types.js';

/** Every path of the API is under this prefix (seed 002 C, Versioning). */
export const BASE_PATH = '/publicCloud/v1';

type Pages<T, O> = ListPages<T, O>;
type LbMetricsCall = (loadBalancerId: string, query?: MetricsQuery) => Promise<LbMetricsWire>;

/**
 * The cloud hosting API, one method per operation of the seed's table (named after the operation
 * ids of specs/cloud.openapi.json), plus the related ones the commands need: credentials by type and
 * name, deregistering a target group, the image list, and the vendor's reads of load balancers and
 * target groups. Lists are page streams from the shared paginator.
 */
export interface CloudClient {
  /** The same client for reads that plan a change: `--dry-run` sends them (see `planningHttp`). */
  planning(): CloudClient;
  getRegionList<O extends ListOptions = PageOptions>(opts?: O): Pages<RegionWire, O>;
  getInstanceTypeList<O extends ListOptions = PageOptions>(
    region: string,
    opts?: O,
  ): Pages<InstanceTypeWire, O>;
  getImageList<O extends ListOptions = PageOptions>(
    query?: ImageListQuery,
    opts?: O,
  ): Pages<ImageDetailsWire, O>;
  launchInstance(body: LaunchInstanceWire): Promise<InstanceWire>;
  getInstanceList<O extends ListOptions = PageOptions>(
    query?: InstanceListQuery,
    opts?: O,
  ): Pages<InstanceWire, O>;
  getInstance(instanceId: string): Promise<InstanceDetailsWire>;
  updateInstance(instanceId: string, body: UpdateInstanceWire): Promise<InstanceDetailsWire>;
  terminateInstance(instanceId: string, body?: TerminateInstanceWire): Promise<void>;
  cancelInstanceTermination(instanceId: string): Promise<void>;
  startInstance(instanceId: string): Promise<void>;
  stopInstance(instanceId: string): Promise<void>;
  rebootInstance(instanceId: string): Promise<void>;
  getConsoleAccess(instanceId: string): Promise<ConsoleAccessWire>;
  getUpdateInstanceTypeList<O extends ListOptions = PageOptions>(
    instanceId: string,
    opts?: O,
  ): Pages<InstanceTypeWire, O>;
  getCredentialList(instanceId: string): Promise<CredentialWire[]>;
  getCredentialListByType(instanceId: string, type: CredentialType): Promise<CredentialWire[]>;
  storeCredential(instanceId: string, body: StoreCredentialWire): Promise<CredentialWire>;
  getCredential(instanceId: string, type: CredentialType, username: string): Promise<CredentialWire>;
  updateCredential(
    instanceId: string,
    type: CredentialType,
    username: string,
    password: string,
  ): Promise<CredentialWire>;
  deleteCredential(instanceId: string, type: CredentialType, username: string): Promise<void>;
  deleteCredentials(instanceId: string): Promise<void>;
  getCpuMetrics(instanceId: string, query?: MetricsQuery): Promise<CpuMetricsWire>;
  getRequestsMetrics: LbMetricsCall;
  getRequestsPerSecondMetrics: LbMetricsCall;
  getDataTransferredMetrics: LbMetricsCall;
  getDataTransferredPerSecondMetrics: LbMetricsCall;
  getConnectionsMetrics: LbMetricsCall;
  getConnectionsPerSecondMetrics: LbMetricsCall;
  getResponseCodesMetrics: LbMetricsCall;
  getResponseCodesPerSecondMetrics: LbMetricsCall;
  addToPrivateNetwork(instanceId: string): Promise<void>;
  removeFromPrivateNetwork(instanceId: string): Promise<void>;
  getSnapshotList<O extends ListOptions = PageOptions>(instanceId: string, opts?: O): Pages<SnapshotWire, O>;
  createSnapshot(instanceId: string, name: string): Promise<void>;
  getSnapshot(instanceId: string, snapshotId: string): Promise<SnapshotWire>;
  restoreSnapshot(instanceId: string, snapshotId: string): Promise<void>;
  deleteSnapshot(instanceId: string, snapshotId: string): Promise<void>;
  // Seed 002 has no read of load balancers or target groups ("management: not shown"): actions only.
  startLoadBalancer(loadBalancerId: string): Promise<void>;
  stopLoadBalancer(loadBalancerId: string): Promise<void>;
  rebootLoadBalancer(loadBalancerId: string): Promise<void>;
  createAutoScalingGroup(body: CreateAutoScalingGroupWire): Promise<AutoScalingGroupDetailsWire>;
  getAutoScalingGroupList<O extends ListOptions = PageOptions>(
    query?: AutoScalingGroupListQuery,
    opts?: O,
  ): Pages<AutoScalingGroupWire, O>;
  getAutoScalingGroup(autoScalingGroupId: string): Promise<AutoScalingGroupDetailsWire>;
  updateAutoScalingGroup(
    autoScalingGroupId: string,
    body: UpdateAutoScalingGroupWire,
  ): Promise<AutoScalingGroupDetailsWire>;
  deleteAutoScalingGroup(autoScalingGroupId: string): Promise<void>;
  getAutoScalingGroupInstanceList<O extends ListOptions = PageOptions>(
    autoScalingGroupId: string,
    opts?: O,
  ): Pages<AutoScaledInstanceWire, O>;
  registerAutoScalingGroupTargetGroup(
    autoScalingGroupId: string,
    targetGroupId: string,
  ): Promise<AutoScalingGroupDetailsWire>;
  deregisterAutoScalingGroupTargetGroup(
    autoScalingGroupId: string,
    targetGroupId: string,
  ): Promise<AutoScalingGroupDetailsWire>;
}

/** The client method of each load-balancer metric. */
export const LB_METRIC_METHODS: Record<LbMetric, keyof CloudClient> = {
  requests: 'getRequestsMetrics',
  requestsPerSecond: 'getRequestsPerSecondMetrics',
  dataTransferred: 'getDataTransferredMetrics',
  dataTransferredPerSecond: 'getDataTransferredPerSecondMetrics',
  connections: 'getConnectionsMetrics',
  connectionsPerSecond: 'getConnectionsPerSecondMetrics',
  responseCodes: 'getResponseCodesMetrics',
  responseCodesPerSecond: 'getResponseCodesPerSecondMetrics',
};

/** Leaves out what was not asked for, so the API's own defaults apply. */
function defined(q: object): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v as QueryValue;
  return out;
}

export function createCloudClient(http: HttpClient): CloudClient {
  const base = BASE_PATH;
  let planner: CloudClient | undefined;
  async function data<T>(spec: RequestSpec): Promise<T> {
    return (await http.request<T>(spec)).data;
  }
  async function send(spec: RequestSpec): Promise<void> {
    await http.request(spec);
  }
  function list<T, O extends ListOptions>(
    path: string,
    key: string,
    query: Record<string, QueryValue>,
    opts?: O,
  ): ListPages<T, O> {
    const first = { method: 'GET', path, query: defined(query) };
    return listPages<T, O>(http, first, cloudPages<T>(key), key, opts);
  }
  const lbMetrics =
    (metric: LbMetric): LbMetricsCall =>
    (id, query = {}) =>
      data<LbMetricsWire>({
        method: 'GET',
        path: `${base}${route`/loadBalancers/${id}/metrics/${metric}`}`,
        query: defined(query),
      });
  const get = <T>(path: string) => data<T>({ method: 'GET', path: `${base}${path}`, expect: 'object' });
  // Actions answer 202 or 204 with no body; each changes state, so none is sent twice on a failure.
  const post = (path: string) => send({ method: 'POST', path: `${base}${path}` });

  return {
    planning: () => (planner ??= createCloudClient(planningHttp(http))),
    getRegionList: (opts) => list(`${base}/regions`, 'regions', {}, opts),
    getInstanceTypeList: (region, opts) => list(`${base}/instanceTypes`, 'instanceTypes', { region }, opts),
    getImageList: (query = {}, opts) => list(`${base}/images`, 'images', { ...query }, opts),
    launchInstance: (body) => data({ method: 'POST', path: `${base}/instances`, body }),
    getInstanceList: (query = {}, opts) =>
      list(
        `${base}/instances`,
        'instances',
        // The state filter is one comma-separated value (explode=false), not a repeated parameter.
        { ...query, state: query.state?.length ? query.state.join(',') : undefined },
        opts,
      ),
    getInstance: (id) => get(route`/instances/${id}`),
    updateInstance: (id, body) => data({ method: 'PUT', path: `${base}${route`/instances/${id}`}`, body }),
    terminateInstance: (id, body) =>
      send({
        method: 'DELETE',
        path: `${base}${route`/instances/${id}`}`,
        ...(body && Object.keys(body).length ? { body } : {}),
      }),
    cancelInstanceTermination: (id) => post(route`/instances/${id}/cancelTermination`),
    startInstance: (id) => post(route`/instances/${id}/start`),
    stopInstance: (id) => post(route`/instances/${id}/stop`),
    rebootInstance: (id) => post(route`/instances/${id}/reboot`),
    getConsoleAccess: (id) => get(route`/instances/${id}/console`),
    getUpdateInstanceTypeList: (id, opts) =>
      list(`${base}${route`/instances/${id}/instanceTypesUpdate`}`, 'instanceTypes', {}, opts),
    getCredentialList: async (id) =>
      (await get<{ credentials: CredentialWire[] }>(route`/instances/${id}/credentials`)).credentials ?? [],
    getCredentialListByType: async (id, type) =>
      (await get<{ credentials: CredentialWire[] }>(route`/instances/${id}/credentials/${type}`))
        .credentials ?? [],
    // A credential's password is secret by the descriptor's secretRequests (--debug, --dry-run).
    storeCredential: (id, body) =>
      data({
        method: 'POST',
        path: `${base}${route`/instances/${id}/credentials`}`,
        body,
      }),
    getCredential: (id, type, username) =>
      data({
        method: 'GET',
        path: `${base}${route`/instances/${id}/credentials/${type}/${username}`}`,
      }),
    updateCredential: (id, type, username, password) =>
      data({
        method: 'PUT',
        path: `${base}${route`/instances/${id}/credentials/${type}/${username}`}`,
        body: { password },
      }),
    deleteCredential: (id, type, username) =>
      send({ method: 'DELETE', path: `${base}${route`/instances/${id}/credentials/${type}/${username}`}` }),
    deleteCredentials: (id) =>
      send({ method: 'DELETE', path: `${base}${route`/instances/${id}/credentials`}` }),
    getCpuMetrics: (id, query = {}) =>
      data({ method: 'GET', path: `${base}${route`/instances/${id}/metrics/cpu`}`, query: defined(query) }),
    getRequestsMetrics: lbMetrics('requests'),
    getRequestsPerSecondMetrics: lbMetrics('requestsPerSecond'),
    getDataTransferredMetrics: lbMetrics('dataTransferred'),
    getDataTransferredPerSecondMetrics: lbMetrics('dataTransferredPerSecond'),
    getConnectionsMetrics: lbMetrics('connections'),
    getConnectionsPerSecondMetrics: lbMetrics('connectionsPerSecond'),
    getResponseCodesMetrics: lbMetrics('responseCodes'),
    getResponseCodesPerSecondMetrics: lbMetrics('responseCodesPerSecond'),
    addToPrivateNetwork: (id) =>
      send({ method: 'PUT', path: `${base}${route`/instances/${id}/addToPrivateNetwork`}` }),
    removeFromPrivateNetwork: (id) =>
      send({ method: 'DELETE', path: `${base}${route`/instances/${id}/removeFromPrivateNetwork`}` }),
    getSnapshotList: (id, opts) => list(`${base}${route`/instances/${id}/snapshots`}`, 'snapshots', {}, opts),
    createSnapshot: (id, name) =>
      send({ method: 'POST', path: `${base}${route`/instances/${id}/snapshots`}`, body: { name } }),
    getSnapshot: (id, snapshotId) => get(route`/instances/${id}/snapshots/${snapshotId}`),
    restoreSnapshot: (id, snapshotId) =>
      send({ method: 'PUT', path: `${base}${route`/instances/${id}/snapshots/${snapshotId}`}` }),
    deleteSnapshot: (id, snapshotId) =>
      send({ method: 'DELETE', path: `${base}${route`/instances/${id}/snapshots/${snapshotId}`}` }),
    startLoadBalancer: (id) => post(route`/loadBalancers/${id}/start`),
    stopLoadBalancer: (id) => post(route`/loadBalancers/${id}/stop`),
    rebootLoadBalancer: (id) => post(route`/loadBalancers/${id}/reboot`),
    createAutoScalingGroup: (body) => data({ method: 'POST', path: `${base}/autoScalingGroups`, body }),
    getAutoScalingGroupList: (query = {}, opts) =>
      list(`${base}/autoScalingGroups`, 'autoScalingGroups', { ...query }, opts),
    getAutoScalingGroup: (id) => get(route`/autoScalingGroups/${id}`),
    updateAutoScalingGroup: (id, body) =>
      data({ method: 'PUT', path: `${base}${route`/autoScalingGroups/${id}`}`, body }),
    deleteAutoScalingGroup: (id) =>
      send({ method: 'DELETE', path: `${base}${route`/autoScalingGroups/${id}`}` }),
    getAutoScalingGroupInstanceList: (id, opts) =>
      list(`${base}${route`/autoScalingGroups/${id}/instances`}`, 'instances', {}, opts),
    registerAutoScalingGroupTargetGroup: (id, targetGroupId) =>
      data({
        method: 'POST',
        path: `${base}${route`/autoScalingGroups/${id}/registerTargetGroup`}`,
        body: { targetGroupId },
      }),
    deregisterAutoScalingGroupTargetGroup: (id, targetGroupId) =>
      data({
        method: 'POST',
        path: `${base}${route`/autoScalingGroups/${id}/deregisterTargetGroup`}`,
        body: { targetGroupId },
      }),
  };
}
