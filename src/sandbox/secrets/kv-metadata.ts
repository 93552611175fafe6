import { type Reply, empty } from '../core/framework.js';
import { KV, type V2, isObject, mergePatch } from './kv.js';
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

/** `config`: the mount's defaults (reference A.3). */
export function kvV2ReadConfiguration(c: V2): Reply {
  c.need(['read']);
  const { config } = c.kv;
  return envelope(
    {
      cas_required: config.casRequired,
      delete_version_after: formatDuration(config.deleteVersionAfter),
      max_versions: config.maxVersions,
    },
    KV,
  );
}

export function kvV2Configure(c: V2): Reply {
  c.need(['update', 'create']);
  applyConfig(c.kv.config, bodyObject(c.call.req.body));
  return empty(204);
}

/** The settings a mount's config and a key's metadata share; nothing is changed when one is invalid. */
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

/** `LIST metadata/<folder>`: the keys and folders under it. */
export function kvV2List(c: V2): Reply {
  c.need(['list']);
  const keys = c.kv.list(c.key);
  return keys.length ? envelope({ keys }, KV) : errors(404);
}

export function kvV2ReadMetadata(c: V2): Reply {
  c.need(['read']);
  const key = c.kv.keys.get(c.key);
  if (!key || c.key === '' || c.key.endsWith('/')) return errors(404);
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

/** `POST metadata/<key>` sets the key's settings and custom metadata; `PATCH` merges them (null removes). */
export function kvV2WriteMetadata(patch: boolean): (c: V2) => Reply {
  return (c) => {
    const path = c.key;
    const key = c.kv.keys.get(path);
    if (!path || path.endsWith('/')) return errors(404, 'unsupported path');
    if (patch && !key) return errors(404);
    c.need(patch ? ['patch'] : [key ? 'update' : 'create']);
    const body = bodyObject(c.call.req.body);
    const custom = body.custom_metadata;
    if (!customMetadata(custom, patch))
      return errors(400, 'custom_metadata must be a map of strings to strings');
    const target = c.kv.meta(path, c.now, true)!;
    applyConfig(target, body);
    if (isObject(custom)) {
      target.custom = (patch ? mergePatch(target.custom ?? {}, custom) : { ...custom }) as Record<
        string,
        string
      >;
    }
    target.updated = c.now;
    c.kv.prune(target);
    return empty(204);
  };
}

/** Absent, or a map of strings to strings (and nulls, in a patch). */
function customMetadata(custom: unknown, patch: boolean): boolean {
  if (custom === undefined || custom === null) return true;
  return (
    isObject(custom) && Object.values(custom).every((v) => typeof v === 'string' || (patch && v === null))
  );
}

export function kvV2DeleteMetadata(c: V2): Reply {
  c.need(['delete']);
  c.kv.keys.delete(c.key);
  return empty(204);
}
