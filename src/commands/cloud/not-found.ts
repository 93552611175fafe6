import type { CloudClient } from '../../clients/cloud/client.js';
import type { Missing } from '../../errors.js';
import { namingNotFound } from '../shared/not-found.js';

const ACCOUNT = 'this account';
const thing =
  (kind: string, list: string) =>
  (id: unknown): Missing => ({
    kind,
    id: String(id),
    where: ACCOUNT,
    hint: list,
  });
const instance = thing('instance', '`ops cloud instance list` shows the instances');
const group = thing('auto scaling group', '`ops cloud asg list` shows the groups');
const balancer = thing('load balancer', 'give the id of one of this account’s load balancers');
const snapshot = (i: unknown, s: unknown): Missing => ({
  kind: 'snapshot',
  id: String(s),
  where: `instance ${String(i)}`,
  hint: `\`ops cloud instance snapshot list ${String(i)}\` shows its snapshots`,
});
const credential = (i: unknown, type: unknown, user?: unknown): Missing => ({
  kind: 'credential',
  id: user === undefined ? String(type) : `${String(type)}/${String(user)}`,
  where: `instance ${String(i)}`,
  hint: `\`ops cloud instance credentials list ${String(i)}\` shows them`,
});
const targetGroup = (g: unknown, tg: unknown): Missing => ({
  kind: 'target group',
  id: String(tg),
  where: `auto scaling group ${String(g)}`,
  hint: `check both ids: \`ops cloud asg get ${String(g)}\` shows the group and its target groups`,
});

/** What each operation on one thing looks for (docs/grammar.md, "Errors"), by its arguments. */
const MISSING: Partial<Record<keyof CloudClient, (...a: unknown[]) => Missing>> = {
  getInstance: instance,
  updateInstance: instance,
  terminateInstance: instance,
  cancelInstanceTermination: instance,
  startInstance: instance,
  stopInstance: instance,
  rebootInstance: instance,
  getConsoleAccess: instance,
  getUpdateInstanceTypeList: instance,
  getCredentialList: instance,
  storeCredential: instance,
  deleteCredentials: instance,
  getCredentialListByType: credential,
  getCredential: credential,
  updateCredential: credential,
  deleteCredential: credential,
  getCpuMetrics: instance,
  addToPrivateNetwork: instance,
  removeFromPrivateNetwork: instance,
  getSnapshotList: instance,
  createSnapshot: instance,
  getSnapshot: snapshot,
  restoreSnapshot: snapshot,
  deleteSnapshot: snapshot,
  startLoadBalancer: balancer,
  stopLoadBalancer: balancer,
  rebootLoadBalancer: balancer,
  getRequestsMetrics: balancer,
  getRequestsPerSecondMetrics: balancer,
  getDataTransferredMetrics: balancer,
  getDataTransferredPerSecondMetrics: balancer,
  getConnectionsMetrics: balancer,
  getConnectionsPerSecondMetrics: balancer,
  getResponseCodesMetrics: balancer,
  getResponseCodesPerSecondMetrics: balancer,
  getAutoScalingGroup: group,
  updateAutoScalingGroup: group,
  deleteAutoScalingGroup: group,
  getAutoScalingGroupInstanceList: group,
  registerAutoScalingGroupTargetGroup: targetGroup,
  deregisterAutoScalingGroupTargetGroup: targetGroup,
};

/** The client (and its planning twin), each 404 naming what it looked for and where. */
export function namingCloudNotFound(client: CloudClient): CloudClient {
  const named = namingNotFound(client, (op, args) => MISSING[op as keyof CloudClient]?.(...args));
  let planner: CloudClient | undefined;
  return Object.assign(Object.create(named) as CloudClient, {
    planning: () => (planner ??= namingCloudNotFound(client.planning())),
  });
}
