import { type Reply, empty } from '../framework.js';
import { authorize } from './access.js';
import type { Call } from './call.js';
import type { Capability } from './seed.js';
import type { KvKey, KvV1Store, KvV2Store, KvVersion } from './kv-store.js';
import type { MountEntry, SecretsStore } from './store.js';
import {
  bodyObject,
  envelope,
  errors,
  fail,
  formatDuration,
  parseDuration,
  rfc3339,
  toBool,
  toInt,
} from './wire.js';

const KV = { mountType: 'kv' };
const V1_LEASE = 768 * 3600;
const V2_INVALID_PATH =
  "Invalid path for a versioned K/V secrets engine. See the API docs for the appropriate API endpoints to use. If using the command-line client, use 'kv get' for this operation.";

/** Requests inside a KV mount: version 1 or 2 by the mount's options (reference A.3, A.4). */
export function handleKv(store: SecretsStore, call: Call, mount: MountEntry): Reply {
  const sub = call.rel.length < mount.path.length ? '' : call.rel.slice(mount.path.length);
  const need = (caps: Capability[]) => authorize(store, call.req, call.full, caps);
  if (mount.kv1) return kvV1(call, mount.kv1, sub, need);
  return kvV2(store, call, mount.kv2!, sub, need);
}

type Need = (caps: Capability[]) => void;

function isObject(v: unknown): v is Record<string, unknown> {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v);
}

function kvV1(call: Call, kv: KvV1Store, key: string, need: Need): Reply {
  if (call.op === 'list') {
    need(['list']);
    const keys = kv.list(key);
    return keys.length ? envelope({ keys }, KV) : errors(404);
  }
  if (key === '' || key.endsWith('/')) return errors(405, 'unsupported operation');
  switch (call.op) {
    case 'read': {
      need(['read']);
      const data = kv.keys.get(key);
      if (!data) return errors(404);
      // A `ttl` key is advisory: it only sets lease_duration (reference A.4).
      const ttl = data.ttl === undefined ? undefined : parseDuration(data.ttl);
      return envelope(data, { ...KV, leaseDuration: ttl ?? V1_LEASE });
    }
    case 'write': {
      need([kv.keys.has(key) ? 'update' : 'create']);
      const body = bodyObject(call.req.body);
      if (Object.keys(body).length === 0) return errors(400, 'missing data fields');
      kv.keys.set(key, body);
      return empty(204);
    }
    case 'delete':
      need(['delete']);
      kv.keys.delete(key);
      return empty(204);
    default:
      return errors(405, 'unsupported operation');
  }
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

function kvV2(store: SecretsStore, call: Call, kv: KvV2Store, sub: string, need: Need): Reply {
  const now = store.clock.now();
  const slash = sub.indexOf('/');
  const section = slash === -1 ? sub : sub.slice(0, slash);
  const path = slash === -1 ? '' : sub.slice(slash + 1);
  const op = call.op;
  const key = kv.keys.get(path);
  switch (section) {
    case 'config':
      if (op === 'read') {
        need(['read']);
        return envelope(configOf(kv), KV);
      }
      if (op !== 'write') return errors(405, 'unsupported operation');
      need(['update', 'create']);
      applyConfig(kv.config, bodyObject(call.req.body));
      return empty(204);
    case 'data':
      if (op === 'list') return errors(405, 'unsupported operation');
      if (!path || path.endsWith('/')) return errors(404, 'unsupported path');
      if (op === 'read') {
        need(['read']);
        return readData(kv, path, call, now);
      }
      if (op === 'write') {
        need([key && key.current > 0 ? 'update' : 'create']);
        return writeData(kv, path, call, now);
      }
      if (op === 'patch') {
        need(['patch']);
        return patchData(kv, path, call, now);
      }
      need(['delete']);
      {
        // DELETE data/<path> soft-deletes the latest version only.
        const latest = key?.versions.get(key.current);
        if (latest && !latest.destroyed && (!latest.deletion || latest.deletion > now)) latest.deletion = now;
      }
      return empty(204);
    case 'delete':
    case 'undelete':
    case 'destroy': {
      if (op !== 'write') return errors(405, 'unsupported operation');
      need(['update']);
      const versions = bodyObject(call.req.body).versions;
      if (!Array.isArray(versions) || versions.length === 0) return errors(400, 'no version number provided');
      const numbers = versions.map((v) => toInt(v, 'versions')!);
      for (const n of numbers) {
        const v = key?.versions.get(n);
        if (!v || v.destroyed) continue;
        if (section === 'delete' && (!v.deletion || v.deletion > now)) v.deletion = now;
        if (section === 'undelete') v.deletion = 0;
        if (section === 'destroy') Object.assign(v, { destroyed: true, data: null });
      }
      return empty(204);
    }
    case 'metadata':
      return metadata(kv, path, call, now, need);
    case 'subkeys': {
      if (op !== 'read') return errors(405, 'unsupported operation');
      need(['read']);
      const found = current(kv, path, call);
      if (!found || found.v.destroyed || (found.v.deletion && found.v.deletion <= now)) return errors(404);
      const depth = toInt(call.req.query.get('depth') ?? undefined, 'depth') ?? 0;
      return envelope(
        {
          subkeys: subkeys(found.v.data ?? {}, depth, 1),
          metadata: versionMeta(found.key, found.n, found.v),
        },
        KV,
      );
    }
    default:
      // The vendor answers a path that skips data/ or metadata/ with a 404 that carries a warning.
      return envelope(null, { ...KV, warnings: [V2_INVALID_PATH] }, 404);
  }
}

function configOf(kv: KvV2Store): Record<string, unknown> {
  return {
    cas_required: kv.config.casRequired,
    delete_version_after: formatDuration(kv.config.deleteVersionAfter),
    max_versions: kv.config.maxVersions,
  };
}

function applyConfig(
  target: { maxVersions: number; casRequired: boolean; deleteVersionAfter: number },
  body: Record<string, unknown>,
): void {
  const max = toInt(body.max_versions, 'max_versions');
  if (max !== undefined && max < 0) fail(400, 'max_versions must be zero or more');
  const cas = toBool(body.cas_required, 'cas_required');
  let dva: number | undefined;
  if (body.delete_version_after !== undefined) {
    dva = parseDuration(body.delete_version_after);
    if (dva === undefined)
      fail(
        400,
        `invalid delete_version_after ${JSON.stringify(body.delete_version_after)}: give a duration such as 1h or 0s`,
      );
  }
  if (max !== undefined) target.maxVersions = max;
  if (cas !== undefined) target.casRequired = cas;
  if (dva !== undefined) target.deleteVersionAfter = dva < 0 ? 0 : dva;
}

function current(
  kv: KvV2Store,
  path: string,
  call: Call,
): { key: KvKey; n: number; v: KvVersion } | undefined {
  const key = kv.keys.get(path);
  if (!key || key.current === 0) return undefined;
  const asked = toInt(call.req.query.get('version') ?? undefined, 'version') ?? 0;
  if (asked < 0) fail(400, 'version must be zero or more');
  const n = asked || key.current;
  const v = key.versions.get(n);
  return v ? { key, n, v } : undefined;
}

function readData(kv: KvV2Store, path: string, call: Call, now: number): Reply {
  const found = current(kv, path, call);
  if (!found) return errors(404);
  const metadata = versionMeta(found.key, found.n, found.v);
  // A soft-deleted or destroyed version is a 404 that still carries its metadata (reference A.0).
  if (found.v.destroyed || (found.v.deletion && found.v.deletion <= now))
    return envelope({ data: null, metadata }, KV, 404);
  return envelope({ data: found.v.data, metadata }, KV);
}

function checkCas(kv: KvV2Store, key: KvKey | undefined, options: unknown): void {
  const cas = isObject(options) ? toInt(options.cas, 'cas') : undefined;
  if (cas === undefined) {
    if (kv.casRequiredFor(key)) fail(400, 'check-and-set parameter required for this call');
    return;
  }
  if (cas !== (key?.current ?? 0)) fail(400, 'check-and-set parameter did not match the current version');
}

function writeData(kv: KvV2Store, path: string, call: Call, now: number): Reply {
  const body = bodyObject(call.req.body);
  if (!isObject(body.data)) return errors(400, 'no data provided');
  checkCas(kv, kv.keys.get(path), body.options);
  const { key, version } = kv.put(path, body.data, now);
  return envelope(versionMeta(key, version, key.versions.get(version)!), KV);
}

function patchData(kv: KvV2Store, path: string, call: Call, now: number): Reply {
  if (!/^application\/merge-patch\+json\b/i.test(call.req.headers['content-type'] ?? '')) {
    return errors(415, 'PATCH needs Content-Type: application/merge-patch+json');
  }
  const body = bodyObject(call.req.body);
  if (!isObject(body.data)) return errors(400, 'no data provided');
  const key = kv.keys.get(path);
  const latest = key?.versions.get(key.current);
  if (!key || !latest || latest.destroyed || (latest.deletion && latest.deletion <= now)) return errors(404);
  checkCas(kv, key, body.options);
  const merged = mergePatch(latest.data ?? {}, body.data) as Record<string, unknown>;
  const { version } = kv.put(path, merged, now);
  return envelope(versionMeta(key, version, key.versions.get(version)!), KV);
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

function metadata(kv: KvV2Store, path: string, call: Call, now: number, need: Need): Reply {
  const key = kv.keys.get(path);
  switch (call.op) {
    case 'list': {
      need(['list']);
      const keys = kv.list(path);
      return keys.length ? envelope({ keys }, KV) : errors(404);
    }
    case 'read': {
      need(['read']);
      if (!key || path === '' || path.endsWith('/')) return errors(404);
      const versions: Record<string, unknown> = {};
      for (const [n, v] of key.versions)
        versions[String(n)] = {
          created_time: rfc3339(v.created),
          deletion_time: v.deletion ? rfc3339(v.deletion) : '',
          destroyed: v.destroyed,
        };
      return envelope(
        {
          cas_required: key.casRequired,
          created_time: rfc3339(key.created),
          current_version: key.current,
          custom_metadata: key.custom,
          delete_version_after: formatDuration(key.deleteVersionAfter),
          max_versions: key.maxVersions,
          oldest_version: key.oldest,
          updated_time: rfc3339(key.updated),
          versions,
        },
        KV,
      );
    }
    case 'write':
    case 'patch': {
      if (!path || path.endsWith('/')) return errors(404, 'unsupported path');
      if (call.op === 'patch' && !key) return errors(404);
      need(call.op === 'patch' ? ['patch'] : [key ? 'update' : 'create']);
      const body = bodyObject(call.req.body);
      const custom = body.custom_metadata;
      if (
        custom !== undefined &&
        custom !== null &&
        (!isObject(custom) ||
          Object.values(custom).some((v) => typeof v !== 'string' && !(call.op === 'patch' && v === null)))
      ) {
        return errors(400, 'custom_metadata must be a map of strings to strings');
      }
      const target = kv.meta(path, now, true)!;
      applyConfig(target, body);
      if (isObject(custom)) {
        target.custom = (
          call.op === 'patch' ? mergePatch(target.custom ?? {}, custom) : { ...custom }
        ) as Record<string, string>;
      }
      target.updated = now;
      kv.prune(target);
      return empty(204);
    }
    default:
      need(['delete']);
      kv.keys.delete(path);
      return empty(204);
  }
}
