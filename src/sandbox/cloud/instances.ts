import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { empty, json } from '../core/framework.js';
import {
  ALL_IMAGES,
  MARKET_APP_IDS,
  REGION_NAMES,
  TYPE_NAMES,
  instanceTypeWire,
  marketAppsFor,
  offered,
  typeSpec,
  typesIn,
} from './catalog.js';
import { Problems, isUuid } from './errors.js';
import { type Env, type Wrap, bodyOf, filter, isInt, paged, pathId } from './http.js';
import { DURATION, type Instance, addMonths, makeInstance, privateNetworkOf } from './world.js';
import { instanceWire } from './wire.js';

export const CONTRACT_TERMS = [0, 1, 3, 6, 12, 24, 36];
export const BILLING_FREQUENCIES = [1, 3, 6, 12, 24];
const STATES = [
  'CREATING',
  'DESTROYED',
  'DESTROYING',
  'FAILED',
  'RUNNING',
  'STARTING',
  'STOPPED',
  'STOPPING',
  'UNKNOWN',
];
const CONTRACT_STATES = ['ACTIVE', 'DELETE_SCHEDULED', 'PENDING', 'INACTIVE', 'CANCELLED'];
/** Terminate reason codes the sandbox knows (the vendor keeps the list in another service: reference §C.4). */
export const REASON_CODES = ['CANCEL_TRIAL_PERIOD', 'CANCEL_OTHER', 'CANCEL_PRODUCT_SWITCH'];
const SSH_KEY =
  /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]+=*( .*)?$/;
const LAUNCH_FIELDS = [
  'region',
  'type',
  'imageId',
  'marketAppId',
  'reference',
  'contractType',
  'contractTerm',
  'billingFrequency',
  'rootDiskSize',
  'rootDiskStorageType',
  'sshKey',
  'userData',
];
const UPDATE_FIELDS = [
  'type',
  'reference',
  'contractType',
  'contractTerm',
  'billingFrequency',
  'rootDiskSize',
];

/** The instance of the path, with due transitions applied; 404 when there is none. */
export function instanceOf(env: Env, req: SandboxRequest): Instance {
  const id = pathId(env, req, 'instanceId');
  env.now();
  const inst = env.world.instances.get(id);
  if (!inst) throw env.errors.fail(404, `Instance ${id} not found`);
  return inst;
}

/** 400 unless the instance is in one of these states (the seed's conditions of each trigger). */
function requireState(env: Env, inst: Instance, action: string, states: string[]): void {
  if (!states.includes(inst.state))
    throw env.errors.fail(
      400,
      `Cannot ${action} instance ${inst.id}: it is ${inst.state}; ${action} needs it ${states.join(' or ')}`,
    );
}

function unknownFields(p: Problems, body: Record<string, unknown>, known: string[]): void {
  for (const k of Object.keys(body)) if (!known.includes(k)) p.add(k, 'unknown field');
}

/** Types an instance can change to: offered in its region, for its storage, at least as big. */
export function upgradesOf(inst: Instance): string[] {
  const cur = typeSpec(inst.type)!;
  return typesIn(inst.region).filter((t) => {
    const s = typeSpec(t)!;
    return (
      t !== inst.type && s.storageTypes.includes(inst.storage) && s.vcpu >= cur.vcpu && s.memory >= cur.memory
    );
  });
}

function checkMonthly(p: Problems, body: Record<string, unknown>, monthly: boolean): void {
  if (body.contractTerm !== undefined) {
    if (!CONTRACT_TERMS.includes(body.contractTerm as number))
      p.add('contractTerm', `must be one of ${CONTRACT_TERMS.join(', ')}`);
    else if (!monthly) p.add('contractTerm', 'only for a MONTHLY contract');
  }
  if (body.billingFrequency !== undefined) {
    if (!BILLING_FREQUENCIES.includes(body.billingFrequency as number))
      p.add('billingFrequency', `must be one of ${BILLING_FREQUENCIES.join(', ')}`);
    else if (!monthly) p.add('billingFrequency', 'only for a MONTHLY contract');
  }
}

function launch(env: Env, req: SandboxRequest) {
  const b = bodyOf(env, req);
  const p = new Problems();
  unknownFields(p, b, LAUNCH_FIELDS);
  for (const f of ['region', 'type', 'imageId', 'contractType', 'rootDiskStorageType'])
    if (b[f] === undefined || b[f] === null || b[f] === '') p.add(f, 'is required');
  const region = b.region as string;
  if (b.region !== undefined && !REGION_NAMES.includes(region))
    p.add('region', `unknown region "${String(b.region)}"`);
  const type = b.type as string;
  if (b.type !== undefined && !TYPE_NAMES.includes(type))
    p.add('type', `unknown instance type "${String(b.type)}"`);
  else if (REGION_NAMES.includes(region) && typeSpec(type) && !offered(region, type))
    p.add('type', `${type} is not offered in ${region}`);
  const image = ALL_IMAGES.find((i) => i.id === b.imageId);
  if (b.imageId !== undefined && !image) p.add('imageId', `unknown image "${String(b.imageId)}"`);
  if (image?.region && REGION_NAMES.includes(region) && image.region !== region)
    p.add('imageId', `custom image ${image.id} is in ${image.region}, not ${region}`);
  if (b.contractType !== undefined && b.contractType !== 'HOURLY' && b.contractType !== 'MONTHLY')
    p.add('contractType', 'must be HOURLY or MONTHLY');
  checkMonthly(p, b, b.contractType === 'MONTHLY');
  const storage = b.rootDiskStorageType;
  if (storage !== undefined && storage !== 'LOCAL' && storage !== 'CENTRAL')
    p.add('rootDiskStorageType', 'must be LOCAL or CENTRAL');
  else if (typeSpec(type) && storage && !typeSpec(type)!.storageTypes.includes(storage as 'LOCAL'))
    p.add('rootDiskStorageType', `${type} has ${typeSpec(type)!.storageTypes.join(' ')} storage only`);
  if (b.rootDiskSize !== undefined) {
    if (!isInt(b.rootDiskSize) || b.rootDiskSize < 5 || b.rootDiskSize > 1000)
      p.add('rootDiskSize', 'must be a whole number of GB from 5 to 1000');
    else if (image && b.rootDiskSize < image.minDiskSize)
      p.add('rootDiskSize', `must be at least ${image.minDiskSize} GB for ${image.name}`);
  }
  if (b.reference !== undefined && typeof b.reference !== 'string') p.add('reference', 'must be a string');
  if (b.sshKey !== undefined) {
    if (typeof b.sshKey !== 'string' || !SSH_KEY.test(b.sshKey.trim()))
      p.add('sshKey', 'must be an OpenSSH public key (ssh-ed25519 AAAA…)');
    else if (image?.family === 'windows') p.add('sshKey', 'is for Linux and FreeBSD images only');
  }
  if (b.userData !== undefined) {
    if (typeof b.userData !== 'string') p.add('userData', 'must be plain text');
    else if (b.sshKey !== undefined) p.add('userData', 'cannot be combined with sshKey');
  }
  if (b.marketAppId !== undefined) {
    if (!MARKET_APP_IDS.includes(b.marketAppId as string)) p.add('marketAppId', 'unknown application');
    else if (image && !marketAppsFor(image).includes(b.marketAppId as string))
      p.add('marketAppId', `${String(b.marketAppId)} does not install on ${image.name}`);
  }
  if (p.any) throw env.errors.invalid(p.details);
  const now = env.now();
  const serial = env.world.nextSerial();
  const inst = makeInstance(
    {
      id: env.world.nextId('instance'),
      type,
      region,
      reference: (b.reference as string | undefined) ?? null,
      imageId: image!.id,
      marketAppId: (b.marketAppId as string | undefined) ?? null,
      rootDiskSize: b.rootDiskSize as number | undefined,
      storage: storage as 'LOCAL' | 'CENTRAL',
      contractType: b.contractType as 'HOURLY' | 'MONTHLY',
      term: b.contractTerm as number | undefined,
      billingFrequency: b.billingFrequency as number | undefined,
      hasUserData: typeof b.userData === 'string',
      sshKey: (b.sshKey as string | undefined) ?? null,
      serial: 20 + serial,
    },
    now,
  );
  env.world.instances.set(inst.id, inst);
  env.stats.launched!++;
  return json(201, instanceWire(env.world, inst, now));
}

function list(env: Env, req: SandboxRequest) {
  const now = env.now();
  const p = new Problems();
  const states = filter(req, 'state')?.split(',');
  for (const s of states ?? []) if (!STATES.includes(s)) p.add('state', `unknown state "${s}"`);
  const check = (name: string, allowed: readonly (string | number)[]) => {
    const v = filter(req, name);
    if (v !== undefined && !allowed.map(String).includes(v)) p.add(name, `unknown value "${v}"`);
    return v;
  };
  const region = check('region', REGION_NAMES);
  const type = check('type', TYPE_NAMES);
  const contractType = check('contractType', ['HOURLY', 'MONTHLY']);
  const contractState = check('contractState', CONTRACT_STATES);
  const id = filter(req, 'id');
  if (id !== undefined && !isUuid(id)) p.add('id', 'must be a UUID');
  if (p.any) throw env.errors.invalid(p.details);
  const ip = filter(req, 'ip');
  const reference = filter(req, 'reference');
  const imageId = filter(req, 'imageId');
  const items = [...env.world.instances.values()].filter(
    (i) =>
      (!states || states.includes(i.state)) &&
      (!region || i.region === region) &&
      (!type || i.type === type) &&
      (!contractType || i.contract.type === contractType) &&
      (!contractState || i.contract.state === contractState) &&
      (!id || i.id === id) &&
      (!ip || i.ips.some((x) => x.ip === ip)) &&
      (!reference || i.reference === reference) &&
      (!imageId || i.image.id === imageId),
  );
  return json(
    200,
    paged(
      env,
      req,
      'instances',
      items.map((i) => instanceWire(env.world, i, now)),
    ),
  );
}

function update(env: Env, req: SandboxRequest) {
  const inst = instanceOf(env, req);
  const b = bodyOf(env, req);
  const p = new Problems();
  unknownFields(p, b, UPDATE_FIELDS);
  if (Object.keys(b).length === 0) p.add('body', 'give at least one field to change');
  if (b.type !== undefined) {
    if (!TYPE_NAMES.includes(b.type as string)) p.add('type', `unknown instance type "${String(b.type)}"`);
    else if (!upgradesOf(inst).includes(b.type as string))
      p.add('type', `cannot change ${inst.type} to ${String(b.type)}; see instanceTypesUpdate`);
  }
  if (b.reference !== undefined && typeof b.reference !== 'string') p.add('reference', 'must be a string');
  if (b.contractType !== undefined) {
    if (b.contractType !== 'HOURLY' && b.contractType !== 'MONTHLY')
      p.add('contractType', 'must be HOURLY or MONTHLY');
    else if (b.contractType === 'HOURLY' && inst.contract.type === 'MONTHLY')
      p.add('contractType', 'a MONTHLY contract cannot become HOURLY');
  }
  checkMonthly(p, b, (b.contractType ?? inst.contract.type) === 'MONTHLY');
  if (b.rootDiskSize !== undefined) {
    if (!isInt(b.rootDiskSize) || b.rootDiskSize < 5 || b.rootDiskSize > 1000)
      p.add('rootDiskSize', 'must be a whole number of GB from 5 to 1000');
    else if (b.rootDiskSize < inst.rootDiskSize)
      p.add('rootDiskSize', `a disk cannot shrink (it is ${inst.rootDiskSize} GB)`);
  }
  if (p.any) throw env.errors.invalid(p.details);
  requireState(env, inst, 'update', ['RUNNING', 'STOPPED']);
  if (inst.contract.state === 'DELETE_SCHEDULED')
    throw env.errors.fail(
      400,
      `Instance ${inst.id} is scheduled for termination; cancel the termination first`,
    );
  const now = env.now();
  if (b.type !== undefined) inst.type = b.type as string;
  if (b.reference !== undefined) inst.reference = b.reference as string;
  if (b.rootDiskSize !== undefined) inst.rootDiskSize = b.rootDiskSize as number;
  const c = inst.contract;
  if (b.contractType === 'MONTHLY' && c.type === 'HOURLY')
    Object.assign(c, {
      type: 'MONTHLY',
      term: 1,
      billingFrequency: 1,
      startsAt: now,
      id: String(41_228_459_000_000 + env.world.nextSerial() * 100),
    });
  if (b.contractTerm !== undefined) c.term = b.contractTerm as number;
  if (b.billingFrequency !== undefined) c.billingFrequency = b.billingFrequency as number;
  if (c.type === 'MONTHLY') c.endsAt = addMonths(c.startsAt, Math.max(c.term, 1));
  return json(200, instanceWire(env.world, inst, now, true));
}

function terminate(env: Env, req: SandboxRequest) {
  const inst = instanceOf(env, req);
  const b = bodyOf(env, req, false);
  const p = new Problems();
  unknownFields(p, b, ['reasonCode', 'reason']);
  const monthly = inst.contract.type === 'MONTHLY';
  if (b.reasonCode === undefined) {
    if (monthly) p.add('reasonCode', 'is required to terminate a MONTHLY contract');
  } else if (!REASON_CODES.includes(b.reasonCode as string))
    p.add('reasonCode', `must be one of ${REASON_CODES.join(', ')}`);
  if (b.reasonCode === 'CANCEL_OTHER' && (typeof b.reason !== 'string' || b.reason.trim() === ''))
    p.add('reason', 'is required when reasonCode is CANCEL_OTHER');
  if (b.reason !== undefined && typeof b.reason !== 'string') p.add('reason', 'must be a string');
  if (p.any) throw env.errors.invalid(p.details);
  if (['DESTROYING', 'DESTROYED'].includes(inst.state))
    throw env.errors.fail(400, `Instance ${inst.id} is already ${inst.state}`);
  if (inst.contract.state === 'DELETE_SCHEDULED')
    throw env.errors.fail(
      400,
      `Instance ${inst.id} is already scheduled for termination at the contract's end`,
    );
  const now = env.now();
  if (monthly) {
    // MONTHLY: terminated at the contract's end; until then cancelTermination undoes it.
    const end = inst.contract.endsAt!;
    inst.contract.state = 'DELETE_SCHEDULED';
    inst.steps = [
      ...inst.steps.filter((s) => s.at < end),
      { at: end, state: 'DESTROYING' },
      { at: end + DURATION.destroy * 1000, state: 'DESTROYED' },
    ];
  } else {
    inst.state = 'DESTROYING';
    inst.steps = [{ at: now + DURATION.destroy * 1000, state: 'DESTROYED' }];
  }
  env.stats.terminated!++;
  return { status: 200, headers: {} };
}

function cancelTermination(env: Env, req: SandboxRequest) {
  const inst = instanceOf(env, req);
  if (inst.contract.type !== 'MONTHLY')
    throw env.errors.fail(
      400,
      `Instance ${inst.id} has an HOURLY contract: its termination cannot be cancelled`,
    );
  if (inst.contract.state !== 'DELETE_SCHEDULED')
    throw env.errors.fail(400, `Instance ${inst.id} is not scheduled for termination`);
  const end = inst.contract.endsAt!;
  inst.contract.state = 'ACTIVE';
  inst.steps = inst.steps.filter((s) => s.at < end);
  return empty(204);
}

function action(name: 'start' | 'stop' | 'reboot') {
  return (env: Env, req: SandboxRequest) => {
    const inst = instanceOf(env, req);
    const now = env.now();
    const at = (s: number) => now + s * 1000;
    if (name === 'start') {
      requireState(env, inst, 'start', ['STOPPED']);
      inst.state = 'STARTING';
      inst.steps = [...inst.steps, { at: at(DURATION.start), state: 'RUNNING' }];
    } else if (name === 'stop') {
      requireState(env, inst, 'stop', ['RUNNING']);
      inst.state = 'STOPPING';
      inst.steps = [...inst.steps, { at: at(DURATION.stop), state: 'STOPPED' }];
    } else {
      requireState(env, inst, 'reboot', ['RUNNING']);
      inst.state = 'STOPPING';
      inst.steps = [
        ...inst.steps,
        { at: at(DURATION.reboot / 3), state: 'STARTING' },
        { at: at(DURATION.reboot), state: 'RUNNING' },
      ];
    }
    // A MONTHLY termination still to come stays last.
    inst.steps.sort((a, b) => a.at - b.at);
    env.stats[name]!++;
    return empty(202);
  };
}

function privateNetwork(add: boolean) {
  return (env: Env, req: SandboxRequest) => {
    const inst = instanceOf(env, req);
    const verb = add ? 'add to the private network' : 'remove from the private network';
    if (['CREATING', 'DESTROYING', 'DESTROYED', 'FAILED'].includes(inst.state))
      throw env.errors.fail(400, `Cannot ${verb} instance ${inst.id}: it is ${inst.state}`);
    // The seed's rule: membership changes only for an instance without snapshots.
    const snaps = env.world.snapshotsOf(inst.id);
    if (snaps.length)
      throw env.errors.fail(
        400,
        `Cannot ${verb} instance ${inst.id}: it has ${snaps.length} snapshot(s); delete them first`,
      );
    if (add && inst.privateNetwork)
      throw env.errors.fail(400, `Instance ${inst.id} is already in the private network`);
    if (!add && !inst.privateNetwork)
      throw env.errors.fail(400, `Instance ${inst.id} is not in the private network`);
    inst.privateNetwork = add ? privateNetworkOf(inst.region) : null;
    return empty(202);
  };
}

export function instanceRoutes(router: OperationTable, on: Wrap): void {
  const base = '/publicCloud/v1/instances';
  router
    .op('launchInstance', 'POST', base, on(launch))
    .op('getInstanceList', 'GET', base, on(list))
    .op(
      'getInstance',
      'GET',
      `${base}/:instanceId`,
      on((env, req) => {
        env.stats.instanceReads!++;
        const inst = instanceOf(env, req);
        return json(200, instanceWire(env.world, inst, env.now(), true));
      }),
    )
    .op('updateInstance', 'PUT', `${base}/:instanceId`, on(update))
    .op('terminateInstance', 'DELETE', `${base}/:instanceId`, on(terminate))
    .op('cancelInstanceTermination', 'POST', `${base}/:instanceId/cancelTermination`, on(cancelTermination))
    .op('startInstance', 'POST', `${base}/:instanceId/start`, on(action('start')))
    .op('stopInstance', 'POST', `${base}/:instanceId/stop`, on(action('stop')))
    .op('rebootInstance', 'POST', `${base}/:instanceId/reboot`, on(action('reboot')))
    .op(
      'getConsoleAccess',
      'GET',
      `${base}/:instanceId/console`,
      on((env, req) => {
        const inst = instanceOf(env, req);
        requireState(env, inst, 'open the console of', ['RUNNING']);
        const token = env.world.nextId('console').replace(/-/g, '');
        return json(200, {
          url: `https://console.cloud.sandbox.example/vnc.html?autoconnect=true&token=${token}`,
        });
      }),
    )
    .op(
      'getUpdateInstanceTypeList',
      'GET',
      `${base}/:instanceId/instanceTypesUpdate`,
      on((env, req) => {
        const inst = instanceOf(env, req);
        return json(
          200,
          paged(
            env,
            req,
            'instanceTypes',
            upgradesOf(inst).map((t) => instanceTypeWire(inst.region, t)),
            50,
          ),
        );
      }),
    )
    .op('addToPrivateNetwork', 'PUT', `${base}/:instanceId/addToPrivateNetwork`, on(privateNetwork(true)))
    .op(
      'removeFromPrivateNetwork',
      'DELETE',
      `${base}/:instanceId/removeFromPrivateNetwork`,
      on(privateNetwork(false)),
    );
}
