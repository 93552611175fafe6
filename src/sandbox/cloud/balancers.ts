import type { OperationTable } from '../anatomy.js';
import { type SandboxRequest, json } from '../framework.js';
import { TARGET_GROUPS, resourcesOf, targetGroupWire, typeSpec } from './catalog.js';
import { iso, isUuid } from './errors.js';
import { type Env, type Wrap, filter, paged, pathId } from './http.js';
import { DAY, type Balancer } from './state.js';

/** The type each seeded load balancer runs on (a size of the instance families). */
const LB_TYPE = 'cld.m5.large';

/**
 * A load balancer as the vendor's list and single read show it (the seed names neither: the vendor's
 * own API has `GET /loadBalancers` and `GET /loadBalancers/{id}`): the instance's fields that apply,
 * its one public IP, and the product type `LOAD_BALANCER`.
 */
export function balancerWire(env: Env, b: Balancer, n: number) {
  const running = b.state === 'RUNNING';
  return {
    id: b.id,
    type: LB_TYPE,
    resources: resourcesOf(typeSpec(LB_TYPE)!),
    region: b.region,
    reference: b.reference,
    state: b.state,
    productType: 'LOAD_BALANCER',
    startedAt: running ? iso(env.world.t0 - (20 + n) * DAY) : null,
    ips: [
      {
        ip: `203.0.113.${20 + n}`,
        prefixLength: '32',
        version: 4,
        nullRouted: false,
        mainIp: true,
        networkType: 'PUBLIC',
        reverseLookup: null,
      },
    ],
  };
}

const LB_STATES = ['RUNNING', 'STOPPED', 'STARTING', 'STOPPING', 'CREATING', 'DESTROYING', 'DESTROYED'];

function balancers(env: Env, req: SandboxRequest) {
  env.now();
  const id = filter(req, 'id');
  if (id !== undefined && !isUuid(id)) throw env.errors.invalid({ id: ['must be a UUID'] });
  const state = filter(req, 'state');
  if (state !== undefined && !LB_STATES.includes(state))
    throw env.errors.invalid({ state: [`must be one of ${LB_STATES.join(', ')}`] });
  const reference = filter(req, 'reference');
  const region = filter(req, 'region');
  const type = filter(req, 'type');
  const ip = filter(req, 'ip');
  const items = [...env.world.balancers.values()]
    .map((b, n) => balancerWire(env, b, n))
    .filter(
      (b) =>
        (id === undefined || b.id === id) &&
        (state === undefined || b.state === state) &&
        (reference === undefined || b.reference === reference) &&
        (region === undefined || b.region === region) &&
        (type === undefined || b.type === type) &&
        (ip === undefined || b.ips.some((x) => x.ip === ip)),
    );
  return json(200, paged(env, req, 'loadBalancers', items));
}

function balancer(env: Env, req: SandboxRequest) {
  const id = pathId(env, req, 'loadBalancerId');
  env.now();
  const all = [...env.world.balancers.values()];
  const n = all.findIndex((b) => b.id === id);
  if (n < 0) throw env.errors.fail(404, `Load balancer ${id} not found`);
  return json(200, balancerWire(env, all[n]!, n));
}

const PROTOCOLS = ['HTTP', 'HTTPS', 'TCP'];

function targetGroups(env: Env, req: SandboxRequest) {
  const id = filter(req, 'id');
  if (id !== undefined && !isUuid(id)) throw env.errors.invalid({ id: ['must be a UUID'] });
  const protocol = filter(req, 'protocol');
  if (protocol !== undefined && !PROTOCOLS.includes(protocol))
    throw env.errors.invalid({ protocol: [`must be one of ${PROTOCOLS.join(', ')}`] });
  const port = filter(req, 'port');
  if (port !== undefined && !/^\d+$/.test(port))
    throw env.errors.invalid({ port: ['must be a whole number'] });
  const name = filter(req, 'name');
  const region = filter(req, 'region');
  const items = TARGET_GROUPS.filter(
    (t) =>
      (id === undefined || t.id === id) &&
      (name === undefined || t.name === name) &&
      (protocol === undefined || t.protocol === protocol) &&
      (port === undefined || t.port === Number(port)) &&
      (region === undefined || t.region === region),
  ).map(targetGroupWire);
  return json(200, paged(env, req, 'targetGroups', items));
}

function targetGroup(env: Env, req: SandboxRequest) {
  const id = pathId(env, req, 'targetGroupId');
  const tg = TARGET_GROUPS.find((t) => t.id === id);
  if (!tg) throw env.errors.fail(404, `Target group ${id} not found`);
  return json(200, targetGroupWire(tg));
}

/** The reads of load balancers and target groups: lists by `offset`/`limit` with `_metadata`. */
export function balancerRoutes(router: OperationTable, on: Wrap): void {
  const base = '/publicCloud/v1';
  router
    .op('getLoadBalancerList', 'GET', `${base}/loadBalancers`, on(balancers))
    .op('getLoadBalancer', 'GET', `${base}/loadBalancers/:loadBalancerId`, on(balancer))
    .op('getTargetGroupList', 'GET', `${base}/targetGroups`, on(targetGroups))
    .op('getTargetGroup', 'GET', `${base}/targetGroups/:targetGroupId`, on(targetGroup));
}
