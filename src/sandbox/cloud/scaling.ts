import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { empty, json } from '../core/framework.js';
import { REGION_NAMES, TARGET_GROUPS, targetGroupWire } from './catalog.js';
import { Problems, isUuid } from './errors.js';
import { type Env, type Wrap, bodyOf, filter, isInt, paged, pathId } from './http.js';
import type { Group } from './world.js';
import { groupSize, groupState, groupWire, scaledInstanceWire } from './wire.js';

const TYPES = ['MANUAL', 'SCHEDULED', 'CPU_BASED'];
const STATES = ['ACTIVE', 'CREATING', 'CREATED', 'DESTROYED', 'DESTROYING', 'SCALING', 'UPDATING'];
/** Fields of each group type; the others are refused for it. */
const FIELDS_OF: Record<string, string[]> = {
  MANUAL: ['desiredAmount'],
  SCHEDULED: ['desiredAmount', 'startsAt', 'endsAt'],
  CPU_BASED: ['minimumAmount', 'maximumAmount', 'cpuThreshold', 'warmupTime', 'cooldownTime'],
};
const TYPED_FIELDS = [...new Set(Object.values(FIELDS_OF).flat())];
/** Ranges of the seed's Limits table. */
const RANGES: Record<string, [number, number]> = {
  desiredAmount: [1, Number.MAX_SAFE_INTEGER],
  minimumAmount: [1, Number.MAX_SAFE_INTEGER],
  maximumAmount: [1, Number.MAX_SAFE_INTEGER],
  cpuThreshold: [1, 100],
  warmupTime: [60, 900],
  cooldownTime: [300, 900],
};
/** What a CPU_BASED group uses when the optional fields are left out. */
const CPU_DEFAULTS = { cpuThreshold: 80, warmupTime: 300, cooldownTime: 300 };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function groupOf(env: Env, req: SandboxRequest): Group {
  const id = pathId(env, req, 'autoScalingGroupId');
  const g = env.world.groups.get(id);
  if (!g) throw env.errors.fail(404, `Auto scaling group ${id} not found`);
  return g;
}

function details(env: Env, g: Group) {
  return {
    ...groupWire(env.world, g, env.now()),
    targetGroups: g.targetGroupIds.map((id) => targetGroupWire(TARGET_GROUPS.find((t) => t.id === id)!)),
  };
}

/**
 * Checks the typed fields of a create or update body against the seed's rules: each type's required
 * fields, the ranges, minimum <= maximum, and a schedule whose start comes before its end.
 */
function checkFields(
  env: Env,
  p: Problems,
  type: string,
  b: Record<string, unknown>,
  current: Partial<Group>,
  creating: boolean,
): void {
  const own = FIELDS_OF[type] ?? [];
  for (const f of TYPED_FIELDS)
    if (b[f] !== undefined && !own.includes(f)) p.add(f, `does not apply to a ${type} group`);
  for (const [f, [min, max]] of Object.entries(RANGES)) {
    const v = b[f];
    if (v === undefined || !own.includes(f)) continue;
    if (!isInt(v) || v < min || v > max)
      p.add(
        f,
        max === Number.MAX_SAFE_INTEGER
          ? `must be a whole number >= ${min}`
          : `must be a whole number from ${min} to ${max}`,
      );
  }
  if (creating) {
    if ((type === 'MANUAL' || type === 'SCHEDULED') && b.desiredAmount === undefined)
      p.add('desiredAmount', `is required for a ${type} group`);
    if (type === 'CPU_BASED')
      for (const f of ['minimumAmount', 'maximumAmount'])
        if (b[f] === undefined) p.add(f, 'is required for a CPU_BASED group');
    if (type === 'SCHEDULED')
      for (const f of ['startsAt', 'endsAt'])
        if (b[f] === undefined) p.add(f, 'is required for a SCHEDULED group');
  } else if (type === 'SCHEDULED' && (b.startsAt === undefined) !== (b.endsAt === undefined)) {
    p.add(b.startsAt === undefined ? 'startsAt' : 'endsAt', 'startsAt and endsAt change together');
  }
  const min = (b.minimumAmount ?? current.minimumAmount) as number | undefined;
  const max = (b.maximumAmount ?? current.maximumAmount) as number | undefined;
  if (type === 'CPU_BASED' && isInt(min) && isInt(max) && min > max)
    p.add('maximumAmount', 'must be at least minimumAmount');
  if (type === 'SCHEDULED' && (b.startsAt !== undefined || b.endsAt !== undefined)) {
    const t = (f: string) => {
      const v = b[f];
      if (typeof v !== 'string' || !DATE_TIME.test(v) || Number.isNaN(Date.parse(v))) {
        if (v !== undefined) p.add(f, 'must be an ISO 8601 date-time in UTC');
        return undefined;
      }
      return Date.parse(v);
    };
    const s = t('startsAt');
    const e = t('endsAt');
    if (s !== undefined && e !== undefined && s >= e) p.add('endsAt', 'must be later than startsAt');
    if (e !== undefined && e <= env.now()) p.add('endsAt', 'must be in the future');
  }
}

function create(env: Env, req: SandboxRequest) {
  const b = bodyOf(env, req);
  const p = new Problems();
  for (const k of Object.keys(b))
    if (!['type', 'reference', 'instanceId', ...TYPED_FIELDS].includes(k)) p.add(k, 'unknown field');
  const type = b.type as string;
  if (!TYPES.includes(type)) p.add('type', `is required: ${TYPES.join(', ')}`);
  if (typeof b.reference !== 'string' || b.reference === '') p.add('reference', 'is required');
  else if (b.reference.length > 255) p.add('reference', 'must be at most 255 characters');
  const now = env.now();
  const inst = isUuid(b.instanceId) ? env.world.instances.get(b.instanceId) : undefined;
  if (!isUuid(b.instanceId)) p.add('instanceId', 'is required: the UUID of an instance');
  else if (!inst) p.add('instanceId', `no instance ${b.instanceId}`);
  else if (!['RUNNING', 'STOPPED'].includes(inst.state))
    p.add('instanceId', `the instance is ${inst.state}; it must be RUNNING or STOPPED`);
  if (TYPES.includes(type)) checkFields(env, p, type, b, {}, true);
  if (p.any) throw env.errors.invalid(p.details);
  const id = env.world.nextId('group');
  const n = (f: string) => (b[f] === undefined ? null : (b[f] as number));
  const g: Group = {
    id,
    type: type as Group['type'],
    reference: b.reference as string,
    region: inst!.region,
    instanceId: inst!.id,
    desiredAmount: n('desiredAmount'),
    minimumAmount: n('minimumAmount'),
    maximumAmount: n('maximumAmount'),
    cpuThreshold: type === 'CPU_BASED' ? (n('cpuThreshold') ?? CPU_DEFAULTS.cpuThreshold) : null,
    warmupTime: type === 'CPU_BASED' ? (n('warmupTime') ?? CPU_DEFAULTS.warmupTime) : null,
    cooldownTime: type === 'CPU_BASED' ? (n('cooldownTime') ?? CPU_DEFAULTS.cooldownTime) : null,
    startsAt: typeof b.startsAt === 'string' ? Date.parse(b.startsAt) : null,
    endsAt: typeof b.endsAt === 'string' ? Date.parse(b.endsAt) : null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    targetGroupIds: [],
  };
  env.world.groups.set(id, g);
  return json(201, details(env, g));
}

function busy(env: Env, g: Group, action: string): void {
  const state = groupState(g, env.now());
  if (['CREATING', 'UPDATING', 'DESTROYING', 'DESTROYED'].includes(state))
    throw env.errors.fail(400, `Cannot ${action} auto scaling group ${g.id}: it is ${state}`);
}

function update(env: Env, req: SandboxRequest) {
  const g = groupOf(env, req);
  const b = bodyOf(env, req);
  const p = new Problems();
  for (const k of Object.keys(b))
    if (!['reference', ...TYPED_FIELDS].includes(k))
      p.add(k, k === 'type' || k === 'instanceId' ? 'cannot be changed' : 'unknown field');
  if (Object.keys(b).length === 0) p.add('body', 'give at least one field to change');
  if (
    b.reference !== undefined &&
    (typeof b.reference !== 'string' || b.reference === '' || b.reference.length > 255)
  )
    p.add('reference', 'must be 1 to 255 characters');
  checkFields(env, p, g.type, b, g, false);
  if (p.any) throw env.errors.invalid(p.details);
  busy(env, g, 'update');
  for (const f of ['reference', ...TYPED_FIELDS]) {
    if (b[f] === undefined) continue;
    const v = f === 'startsAt' || f === 'endsAt' ? Date.parse(b[f] as string) : b[f];
    (g as unknown as Record<string, unknown>)[f] = v;
  }
  g.updatedAt = env.now();
  return json(200, details(env, g));
}

function targetGroup(register: boolean) {
  return (env: Env, req: SandboxRequest) => {
    const g = groupOf(env, req);
    const b = bodyOf(env, req);
    if (!isUuid(b.targetGroupId)) throw env.errors.invalid({ targetGroupId: ['is required: a UUID'] });
    const tg = TARGET_GROUPS.find((t) => t.id === b.targetGroupId);
    if (!tg) throw env.errors.invalid({ targetGroupId: [`no target group ${b.targetGroupId}`] });
    busy(env, g, register ? 'register a target group of' : 'deregister a target group of');
    const has = g.targetGroupIds.includes(tg.id);
    if (register && tg.region !== g.region)
      throw env.errors.invalid({
        targetGroupId: [`target group ${tg.name} is in ${tg.region}, the group in ${g.region}`],
      });
    if (register && has)
      throw env.errors.fail(400, `Target group ${tg.id} is already registered with group ${g.id}`);
    if (!register && !has)
      throw env.errors.fail(400, `Target group ${tg.id} is not registered with group ${g.id}`);
    g.targetGroupIds = register ? [...g.targetGroupIds, tg.id] : g.targetGroupIds.filter((x) => x !== tg.id);
    return json(200, details(env, g));
  };
}

/** Auto scaling groups with every rule of the seed (create body, update body, ranges, states). */
export function scalingRoutes(router: OperationTable, on: Wrap): void {
  const base = '/publicCloud/v1/autoScalingGroups';
  router
    .op('createAutoScalingGroup', 'POST', base, on(create))
    .op(
      'getAutoScalingGroupList',
      'GET',
      base,
      on((env, req) => {
        const now = env.now();
        const p = new Problems();
        const check = (name: string, allowed: string[]) => {
          const v = filter(req, name);
          if (v !== undefined && !allowed.includes(v)) p.add(name, `unknown value "${v}"`);
          return v;
        };
        const type = check('type', TYPES);
        const region = check('region', REGION_NAMES);
        const state = check('state', STATES);
        const id = filter(req, 'id');
        const instanceId = filter(req, 'instanceId');
        if (id !== undefined && !isUuid(id)) p.add('id', 'must be a UUID');
        if (instanceId !== undefined && !isUuid(instanceId)) p.add('instanceId', 'must be a UUID');
        if (p.any) throw env.errors.invalid(p.details);
        const reference = filter(req, 'reference');
        const items = [...env.world.groups.values()].filter(
          (g) =>
            (!type || g.type === type) &&
            (!region || g.region === region) &&
            (!state || groupState(g, now) === state) &&
            (!id || g.id === id) &&
            (!instanceId || g.instanceId === instanceId) &&
            (!reference || g.reference === reference),
        );
        return json(
          200,
          paged(
            env,
            req,
            'autoScalingGroups',
            items.map((g) => groupWire(env.world, g, now)),
          ),
        );
      }),
    )
    .op(
      'getAutoScalingGroup',
      'GET',
      `${base}/:autoScalingGroupId`,
      on((env, req) => json(200, details(env, groupOf(env, req)))),
    )
    .op('updateAutoScalingGroup', 'PUT', `${base}/:autoScalingGroupId`, on(update))
    .op(
      'deleteAutoScalingGroup',
      'DELETE',
      `${base}/:autoScalingGroupId`,
      on((env, req) => {
        const g = groupOf(env, req);
        const state = groupState(g, env.now());
        if (state === 'DESTROYING' || state === 'DESTROYED')
          throw env.errors.fail(400, `Auto scaling group ${g.id} is already ${state}`);
        g.deletedAt = env.now();
        return empty(204);
      }),
    )
    .op(
      'getAutoScalingGroupInstanceList',
      'GET',
      `${base}/:autoScalingGroupId/instances`,
      on((env, req) => {
        const g = groupOf(env, req);
        const now = env.now();
        const items = Array.from({ length: groupSize(g, now) }, (_, i) =>
          scaledInstanceWire(env.world, g, i, now),
        );
        return json(200, paged(env, req, 'instances', items));
      }),
    )
    .op(
      'registerAutoScalingGroupTargetGroup',
      'POST',
      `${base}/:autoScalingGroupId/registerTargetGroup`,
      on(targetGroup(true)),
    )
    .op(
      'deregisterAutoScalingGroupTargetGroup',
      'POST',
      `${base}/:autoScalingGroupId/deregisterTargetGroup`,
      on(targetGroup(false)),
    );
}
