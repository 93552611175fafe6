import type { Reply, SandboxRequest } from '../core/framework.js';
import { reachesMount, tokenOf } from './access.js';
import type { MountEntry, NamespaceEntry, SecretsState } from './state.js';
import { envelope, fail } from './wire.js';

function mountInfo(m: MountEntry, path?: string): Record<string, unknown> {
  return {
    accessor: m.accessor,
    config: { default_lease_ttl: 0, force_no_cache: false, max_lease_ttl: 0 },
    description: m.description,
    external_entropy_access: false,
    local: false,
    options: m.options,
    ...(path === undefined ? {} : { path }),
    plugin_version: '',
    running_plugin_version: m.type === 'kv' ? 'v0.16.1+builtin' : 'v1.15.0+builtin.vault',
    running_sha256: '',
    seal_wrap: false,
    type: m.type,
    uuid: m.uuid,
  };
}

/** `GET sys/internal/ui/mounts`: the mounts the caller's token can reach (none without a token). */
export function listMounts(store: SecretsState, req: SandboxRequest, ns: NamespaceEntry): Reply {
  const token = store.liveToken(tokenOf(req));
  const pick = (table: Map<string, MountEntry>, prefix: string) => {
    const out: Record<string, unknown> = {};
    for (const m of table.values())
      if (token && reachesMount(token, ns.path + prefix + m.path)) out[m.path] = mountInfo(m);
    return out;
  };
  return envelope({ secret: pick(ns.mounts, ''), auth: pick(ns.auth, 'auth/') });
}

/**
 * `GET sys/internal/ui/mounts/<path>`: the mount holding a path, which clients read to tell KV v1
 * from v2 (reference A.2). A path under no mount, or one the token cannot reach, is a 403 with the
 * preflight message, so that this route cannot be used to enumerate mounts.
 */
export function mountPreflight(
  store: SecretsState,
  req: SandboxRequest,
  ns: NamespaceEntry,
  path: string,
): Reply {
  const denied = `preflight capability check returned 403, please ensure client's policies grant access to path "${path.replace(/\/?$/, '/')}"`;
  const id = tokenOf(req);
  const token = store.liveToken(id);
  if (id && !token) fail(403, 'permission denied', 'invalid token');
  // A token cannot be used above its own namespace (the root namespace of a managed cluster, say).
  if (token && !ns.path.startsWith(token.namespace)) fail(403, 'permission denied');
  const target = store.resolve(ns.path + path);
  const mount = store.mountFor(target.ns, target.rel);
  if (!token || !mount || !reachesMount(token, target.ns.path + mount.path)) fail(403, denied);
  // A mount of a child namespace is named with that namespace, relative to the request's one.
  const shown = target.ns.path.slice(ns.path.length) + mount.path;
  return envelope(mountInfo(mount, shown));
}
