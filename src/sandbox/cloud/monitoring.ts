import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { empty, json } from '../core/framework.js';
import { Problems, iso } from './errors.js';
import { type Env, type Wrap, filter, pathId } from './http.js';
import { instanceOf } from './instances.js';
import {
  LB_METRICS,
  MAX_POINTS,
  REQUEST_METRICS,
  STEP,
  balancerMetrics,
  buckets,
  cpuSeries,
} from './metrics.js';
import { DAY, DURATION, type Balancer } from './world.js';

/** The seed's list (it wins over the vendor's, reference §C.6), and the vendor's `60m` as well. */
const CPU_GRANULARITIES = ['5m', '10m', '30m', '1h', '1d', '1w', '60m'];
const LB_GRANULARITIES = ['5m', '10m', '30m', '1h', '1d', '1w'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function tooMany(p: Problems, count: number): void {
  if (count > MAX_POINTS)
    p.add(
      'granularity',
      `${count} points asked for, at most ${MAX_POINTS}: give a coarser granularity or a shorter range`,
    );
}

/**
 * CPU metrics take dates (reference §C.6): `from` and `to` are whole UTC days, `to` included, and
 * default to yesterday and today; data ends at the sandbox's now.
 */
function cpu(env: Env, req: SandboxRequest) {
  const inst = instanceOf(env, req);
  const now = env.now();
  const p = new Problems();
  const day = (name: string, fallback: number) => {
    const v = filter(req, name);
    if (v === undefined) return fallback;
    if (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
      p.add(name, 'must be a date, YYYY-MM-DD');
      return fallback;
    }
    return Date.parse(`${v}T00:00:00Z`);
  };
  const today = Math.floor(now / DAY) * DAY;
  const to = day('to', today);
  const from = day('from', to - DAY);
  if (from > to) p.add('to', 'must not be before from');
  const granularity = filter(req, 'granularity') ?? '5m';
  if (!CPU_GRANULARITIES.includes(granularity))
    p.add('granularity', `must be one of ${CPU_GRANULARITIES.join(', ')}`);
  const end = Math.min(to + DAY, now);
  const times = p.any ? [] : buckets(from, end, STEP[granularity]!);
  tooMany(p, times.length);
  if (p.any) throw env.errors.invalid(p.details);
  const { values, summary } = cpuSeries(inst.id, times);
  return json(200, {
    metrics: { cpuMetrics: { unit: '%', values } },
    _metadata: {
      from: iso(from),
      to: iso(to + DAY),
      unit: '%',
      granularity,
      summary: { cpuMetrics: summary },
    },
  });
}

function balancerOf(env: Env, req: SandboxRequest): Balancer {
  const id = pathId(env, req, 'loadBalancerId');
  env.now();
  const lb = env.world.balancers.get(id);
  if (!lb) throw env.errors.fail(404, `Load balancer ${id} not found`);
  return lb;
}

/** Load-balancer metrics take date-times, `to` later than `from`; by default the last 24 hours. */
function lbMetrics(env: Env, req: SandboxRequest) {
  const lb = balancerOf(env, req);
  const metric = req.params.metric ?? '';
  if (!(LB_METRICS as readonly string[]).includes(metric))
    throw env.errors.fail(404, `No metric "${metric}"; metrics: ${LB_METRICS.join(', ')}`);
  const now = env.now();
  const p = new Problems();
  const time = (name: string, fallback: number) => {
    const v = filter(req, name);
    if (v === undefined) return fallback;
    if (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v))) {
      p.add(name, 'must be an ISO 8601 date-time');
      return fallback;
    }
    return Date.parse(v);
  };
  const to = time('to', now);
  const from = time('from', to - DAY);
  if (to <= from) p.add('to', 'must be later than from');
  const granularity = filter(req, 'granularity') ?? '5m';
  if (!LB_GRANULARITIES.includes(granularity))
    p.add('granularity', `must be one of ${LB_GRANULARITIES.join(', ')}`);
  const times = p.any ? [] : buckets(from, Math.min(to, now), STEP[granularity]!);
  tooMany(p, times.length);
  if (p.any) throw env.errors.invalid(p.details);
  if (lb.listener === 'TCP' && REQUEST_METRICS.includes(metric))
    throw env.errors.fail(
      400,
      `Request metrics are not available for load balancer ${lb.id}: its listener is TCP`,
    );
  return json(200, {
    metrics: balancerMetrics(lb.id, metric, times, STEP[granularity]!),
    _metadata: { from: iso(from), to: iso(to), granularity, aggregation: 'SUM' },
  });
}

/** Start (when stopped), stop and reboot (when running) a load balancer; each takes a while on the clock. */
function lbAction(name: 'start' | 'stop' | 'reboot') {
  return (env: Env, req: SandboxRequest) => {
    const lb = balancerOf(env, req);
    const need = name === 'start' ? 'STOPPED' : 'RUNNING';
    if (lb.state !== need)
      throw env.errors.fail(
        400,
        `Cannot ${name} load balancer ${lb.id}: it is ${lb.state}; ${name} needs it ${need}`,
      );
    const at = env.now() + DURATION.balancer * 1000;
    lb.state = name === 'stop' ? 'STOPPING' : 'STARTING';
    lb.steps = [{ at, state: name === 'stop' ? 'STOPPED' : 'RUNNING' }];
    env.stats[`lb_${name}`] = (env.stats[`lb_${name}`] ?? 0) + 1;
    return empty(202);
  };
}

export function monitoringRoutes(router: OperationTable, on: Wrap): void {
  // getLoadBalancerMetrics serves the client's eight metrics: one route, the metric in the path.
  router
    .op('getCpuMetrics', 'GET', '/publicCloud/v1/instances/:instanceId/metrics/cpu', on(cpu))
    .op(
      'getLoadBalancerMetrics',
      'GET',
      '/publicCloud/v1/loadBalancers/:loadBalancerId/metrics/:metric',
      on(lbMetrics),
      [
        'getRequestsMetrics',
        'getRequestsPerSecondMetrics',
        'getDataTransferredMetrics',
        'getDataTransferredPerSecondMetrics',
        'getConnectionsMetrics',
        'getConnectionsPerSecondMetrics',
        'getResponseCodesMetrics',
        'getResponseCodesPerSecondMetrics',
      ],
    )
    .op(
      'startLoadBalancer',
      'POST',
      '/publicCloud/v1/loadBalancers/:loadBalancerId/start',
      on(lbAction('start')),
    )
    .op(
      'stopLoadBalancer',
      'POST',
      '/publicCloud/v1/loadBalancers/:loadBalancerId/stop',
      on(lbAction('stop')),
    )
    .op(
      'rebootLoadBalancer',
      'POST',
      '/publicCloud/v1/loadBalancers/:loadBalancerId/reboot',
      on(lbAction('reboot')),
    );
}
