import { type Reply, empty } from '../core/framework.js';
import { authorize } from './access.js';
import type { Call } from './call.js';
import type { Capability } from './seed.js';
import type { KvKey, KvV1Store, KvV2Store, KvVersion } from './kv-store.js';
import type { SecretsState } from './state.js';
import { bodyObject, envelope, errors, fail, parseDuration, rfc3339, toInt } from './wire.js';

export const KV = { mountType: 'kv' };
const V1_LEASE = 768 * 3600;
const V2_INVALID_PATH =
  "Invalid path for a versioned K/V secrets engine. See the API docs for the appropriate API endpoints to use. If using the command-line client, use 'kv get' for this operation.";

/** A request inside a KV mount: its call, its engine's data, the key, the time, the capability check. */
export interface KvCall<T> {
  call: Call;
  kv: T;
  /** The key or folder inside the mount (after the section, `data/`…, in version 2). */
  key: string;
  now: number;
  need(caps: Capability[]): void;
}

export function kvCall<T>(store: SecretsState, call: Call, kv: T, key: string): KvCall<T> {
  return {
    call,
    kv,
    key,
    now: store.clock.now(),
    need: (caps) => authorize(store, call.req, call.full, caps),
  };
}

type V1 = KvCall<KvV1Store>;
export type V2 = KvCall<KvV2Store>;

export function isObject(v: unknown): v is Record<string, unknown> {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v);
}

/** KV version 1 (reference A.4): a LIST takes a folder; the other operations a key. */
export function kvV1List(c: V1): Reply {
  c.need(['list']);
  const keys = c.kv.list(c.key);
  return keys.length ? envelope({ keys }, KV) : errors(404);
}

function fileKey(c: V1): string {
  if (c.key === '' || c.key.endsWith('/')) fail(405, 'unsupported operation');
  return c.key;
}

export function kvV1Read(c: V1): Reply {
  const key = fileKey(c);
  c.need(['read']);
  const data = c.kv.keys.get(key);
  if (!data) return errors(404);
  // A `ttl` key is advisory: it only sets lease_duration (reference A.4).
  const ttl = data.ttl === undefined ? undefined : parseDuration(data.ttl);
  return envelope(data, { ...KV, leaseDuration: ttl ?? V1_LEASE });
}

export function kvV1Write(c: V1): Reply {
  const key = fileKey(c);
  c.need([c.kv.keys.has(key) ? 'update' : 'create']);
  const body = bodyObject(c.call.req.body);
  if (Object.keys(body).length === 0) return errors(400, 'missing data fields');
  c.kv.keys.set(key, body);
  return empty(204);
}

export function kvV1Delete(c: V1): Reply {
  const key = fileKey(c);
  c.need(['delete']);
  c.kv.keys.delete(key);
  return empty(204);
}

function versionMeta(key: KvKey, n: number, v: KvVersion): Record<string, unknown> {
  return {
    created_time: rfc3339(v.created),
    custom_metadata: key.custom,
    deletion_time: v.deletion ? rfc3339(v.deletion) : '',
    destroyed: v.destroyed,
    version: n,
  };
}

/** A path that skips data/ or metadata/: the vendor answers a 404 that carries a warning. */
export function invalidV2Path(): Reply {
  return envelope(null, { ...KV, warnings: [V2_INVALID_PATH] }, 404);
}

/** `data/<key>` takes a key, not a folder. */
function dataKey(c: V2): string {
  if (!c.key || c.key.endsWith('/')) fail(404, 'unsupported path');
  return c.key;
}

export function kvV2Read(c: V2): Reply {
  dataKey(c);
  c.need(['read']);
  const found = current(c);
  if (!found) return errors(404);
  const metadata = versionMeta(found.key, found.n, found.v);
  // A soft-deleted or destroyed version is a 404 that still carries its metadata (reference A.0).
  if (found.v.destroyed || (found.v.deletion && found.v.deletion <= c.now))
    return envelope({ data: null, metadata }, KV, 404);
  return envelope({ data: found.v.data, metadata }, KV);
}

export function kvV2Write(c: V2): Reply {
  const path = dataKey(c);
  const existing = c.kv.keys.get(path);
  c.need([existing && existing.current > 0 ? 'update' : 'create']);
  const body = bodyObject(c.call.req.body);
  if (!isObject(body.data)) return errors(400, 'no data provided');
  checkCas(c.kv, existing, body.options);
  const { key, version } = c.kv.put(path, body.data, c.now);
  return envelope(versionMeta(key, version, key.versions.get(version)!), KV);
}

/** `PATCH data/<key>` as a JSON merge patch on the latest version (reference A.3). */
export function kvV2Patch(c: V2): Reply {
  const path = dataKey(c);
  c.need(['patch']);
  if (!/^application\/merge-patch\+json\b/i.test(c.call.req.headers['content-type'] ?? '')) {
    return errors(415, 'PATCH needs Content-Type: application/merge-patch+json');
  }
  const body = bodyObject(c.call.req.body);
  if (!isObject(body.data)) return errors(400, 'no data provided');
  const key = c.kv.keys.get(path);
  const latest = key?.versions.get(key.current);
  if (!key || !latest || latest.destroyed || (latest.deletion && latest.deletion <= c.now))
    return errors(404);
  checkCas(c.kv, key, body.options);
  const merged = mergePatch(latest.data ?? {}, body.data) as Record<string, unknown>;
  const { version } = c.kv.put(path, merged, c.now);
  return envelope(versionMeta(key, version, key.versions.get(version)!), KV);
}

/** `DELETE data/<key>` soft-deletes the latest version only. */
export function kvV2Delete(c: V2): Reply {
  const path = dataKey(c);
  c.need(['delete']);
  const key = c.kv.keys.get(path);
  const latest = key?.versions.get(key.current);
  if (latest && !latest.destroyed && (!latest.deletion || latest.deletion > c.now)) latest.deletion = c.now;
  return empty(204);
}

/** `delete/`, `undelete/` and `destroy/<key>`: the versions a body names. */
export function kvV2Versions(change: 'delete' | 'undelete' | 'destroy'): (c: V2) => Reply {
  return (c) => {
    c.need(['update']);
    const versions = bodyObject(c.call.req.body).versions;
    if (!Array.isArray(versions) || versions.length === 0) return errors(400, 'no version number provided');
    const numbers = versions.map((v) => toInt(v, 'versions')!);
    const key = c.kv.keys.get(c.key);
    for (const n of numbers) {
      const v = key?.versions.get(n);
      if (!v || v.destroyed) continue;
      if (change === 'delete' && (!v.deletion || v.deletion > c.now)) v.deletion = c.now;
      if (change === 'undelete') v.deletion = 0;
      if (change === 'destroy') Object.assign(v, { destroyed: true, data: null });
    }
    return empty(204);
  };
}

export function kvV2ReadSubkeys(c: V2): Reply {
  c.need(['read']);
  const found = current(c);
  if (!found || found.v.destroyed || (found.v.deletion && found.v.deletion <= c.now)) return errors(404);
  const depth = toInt(c.call.req.query.get('depth') ?? undefined, 'depth') ?? 0;
  return envelope(
    { subkeys: subkeys(found.v.data ?? {}, depth, 1), metadata: versionMeta(found.key, found.n, found.v) },
    KV,
  );
}

function current(c: V2): { key: KvKey; n: number; v: KvVersion } | undefined {
  const key = c.kv.keys.get(c.key);
  if (!key || key.current === 0) return undefined;
  const asked = toInt(c.call.req.query.get('version') ?? undefined, 'version') ?? 0;
  if (asked < 0) fail(400, 'version must be zero or more');
  const n = asked || key.current;
  const v = key.versions.get(n);
  return v ? { key, n, v } : undefined;
}

function checkCas(kv: KvV2Store, key: KvKey | undefined, options: unknown): void {
  const cas = isObject(options) ? toInt(options.cas, 'cas') : undefined;
  if (cas === undefined) {
    if (kv.casRequiredFor(key)) fail(400, 'check-and-set parameter required for this call');
    return;
  }
  if (cas !== (key?.current ?? 0)) fail(400, 'check-and-set parameter did not match the current version');
}

/** RFC 7396 JSON merge patch: null removes a key, objects merge, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function subkeys(data: Record<string, unknown>, depth: number, level: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data))
    out[k] = isObject(v) && (depth === 0 || level < depth) ? subkeys(v, depth, level + 1) : null;
  return out;
}
