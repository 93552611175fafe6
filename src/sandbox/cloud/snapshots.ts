import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { empty, json } from '../core/framework.js';
import { typeSpec } from './catalog.js';
import { iso } from './errors.js';
import { type Env, type Wrap, bodyOf, paged, pathId } from './http.js';
import { instanceOf } from './instances.js';
import { type Snapshot, snapshotSeconds } from './world.js';

function snapshotWire(s: Snapshot, now: number) {
  return {
    id: s.id,
    displayName: s.displayName,
    state: now >= s.readyAt ? 'READY' : 'CREATING',
    created: iso(s.created),
  };
}

function snapshotOf(env: Env, req: SandboxRequest): Snapshot {
  const inst = instanceOf(env, req);
  const id = pathId(env, req, 'snapshotId');
  const snap = env.world.snapshots.get(id);
  if (!snap || snap.instanceId !== inst.id)
    throw env.errors.fail(404, `Snapshot ${id} of instance ${inst.id} not found`);
  return snap;
}

/**
 * Snapshots (seed: one per instance, of a RUNNING instance; CREATING until done, for a time that
 * grows with the instance's memory), restore and delete of a READY one.
 */
export function snapshotRoutes(router: OperationTable, on: Wrap): void {
  const base = '/publicCloud/v1/instances/:instanceId/snapshots';
  router
    .op(
      'getSnapshotList',
      'GET',
      base,
      on((env, req) => {
        const inst = instanceOf(env, req);
        const now = env.now();
        return json(
          200,
          paged(
            env,
            req,
            'snapshots',
            env.world.snapshotsOf(inst.id).map((s) => snapshotWire(s, now)),
          ),
        );
      }),
    )
    .op(
      'createSnapshot',
      'POST',
      base,
      on((env, req) => {
        const inst = instanceOf(env, req);
        const b = bodyOf(env, req);
        if (typeof b.name !== 'string' || b.name.trim() === '')
          throw env.errors.invalid({ name: ['is required'] });
        if (b.name.length > 255) throw env.errors.invalid({ name: ['must be at most 255 characters'] });
        if (inst.state !== 'RUNNING')
          throw env.errors.fail(
            400,
            `Cannot snapshot instance ${inst.id}: it is ${inst.state}; a snapshot needs it RUNNING`,
          );
        if (env.world.snapshotsOf(inst.id).length)
          throw env.errors.fail(
            400,
            `Instance ${inst.id} already has a snapshot: only one snapshot per instance`,
          );
        const now = env.now();
        const id = env.world.nextId('snapshot');
        const memory = typeSpec(inst.type)!.memory;
        env.world.snapshots.set(id, {
          id,
          instanceId: inst.id,
          displayName: b.name,
          created: now,
          readyAt: now + snapshotSeconds(memory) * 1000,
        });
        env.stats.snapshots!++;
        return empty(202);
      }),
    )
    .op(
      'getSnapshot',
      'GET',
      `${base}/:snapshotId`,
      on((env, req) => json(200, snapshotWire(snapshotOf(env, req), env.now()))),
    )
    .op(
      'restoreSnapshot',
      'PUT',
      `${base}/:snapshotId`,
      on((env, req) => {
        const snap = snapshotOf(env, req);
        const inst = env.world.instances.get(snap.instanceId)!;
        const now = env.now();
        if (now < snap.readyAt)
          throw env.errors.fail(400, `Snapshot ${snap.id} is still CREATING; restore it once READY`);
        if (!['RUNNING', 'STOPPED'].includes(inst.state))
          throw env.errors.fail(400, `Cannot restore a snapshot of instance ${inst.id}: it is ${inst.state}`);
        env.stats.restored!++;
        return empty(202);
      }),
    )
    .op(
      'deleteSnapshot',
      'DELETE',
      `${base}/:snapshotId`,
      on((env, req) => {
        const snap = snapshotOf(env, req);
        if (env.now() < snap.readyAt)
          throw env.errors.fail(400, `Snapshot ${snap.id} is still CREATING; delete it once READY`);
        env.world.snapshots.delete(snap.id);
        return empty(202);
      }),
    );
}
