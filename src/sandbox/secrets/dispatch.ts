import type { Reply, SandboxRequest } from '../framework.js';
import { authorize, requireToken } from './access.js';
import { handleAuth } from './auth.js';
import { type Call, isTrue, operationOf } from './call.js';
import { helpReply, routesFor } from './help.js';
import { handleKv } from './kv.js';
import { listMounts, mountPreflight } from './mounts.js';
import type { SecretsStore } from './store.js';
import { RAW_SYS, handleRawSys } from './sys.js';
import { errors } from './wire.js';

/**
 * The secrets store's routing, as the seed describes it: a request's route is found after its
 * namespace (header and path) and its mount are resolved, so the store's mount table, not a path
 * pattern, names the handler: the status routes, `sys/`, `auth/<mount>/`, and the KV mounts (v1 or v2
 * by the mount's options).
 */
export function route(store: SecretsStore, requireHeader: boolean, req: SandboxRequest): Reply {
  if (requireHeader && req.headers['x-secrets-request'] !== 'true')
    return errors(412, "missing 'X-Secrets-Request' header");
  let rest: string;
  try {
    rest = req.path.slice(4).split('/').map(decodeURIComponent).join('/');
  } catch {
    return errors(400, 'invalid percent-encoding in the request path');
  }
  const help = isTrue(req.query.get('help'));
  // The status routes are served before namespaces, so a namespace header does not change them.
  if (RAW_SYS.has(rest) && !help) return handleRawSys(store, rest, req);
  if (store.seal.sealed) return errors(503, 'the secrets store is sealed');
  const op = operationOf(req);
  if (!op) return errors(405, 'unsupported operation');
  // Seed rule 4: header `<ns1>/` + path `<ns2>/secret/foo` is the same as the full path.
  const header = (req.headers['x-secrets-namespace'] ?? '').trim().replace(/^\/+|\/+$/g, '');
  const full = (header ? `${header}/` : '') + rest;
  const { ns, rel } = store.resolve(full);
  if (rel.replace(/\/$/, '').endsWith('.')) return errors(404, 'unsupported path');
  const call: Call = { req, op, ns, rel, full: ns.path + rel };

  if (rel.startsWith('sys/')) return sys(store, call, help);
  if (rel.startsWith('auth/')) {
    if (!help) return handleAuth(store, call);
    const [, mountName = ''] = rel.split('/');
    const mount = ns.auth.get(`${mountName}/`);
    if (!mount) return errors(404, `no handler for route "${rel}". route entry not found.`);
    requireToken(store, req);
    return helpReply(mount.type, routesFor(mount.type), rel, rel.slice(`auth/${mount.path}`.length));
  }
  const mount = store.mountFor(ns, rel);
  if (!mount) return errors(404, `no handler for route "${rel}". route entry not found.`);
  if (help) {
    authorize(store, req, call.full, ['read', 'list']);
    const version = mount.kv2 ? 2 : 1;
    return helpReply(
      mount.type === 'kv' ? `kv${version}` : mount.type,
      routesFor(mount.type, version),
      rel,
      rel.slice(mount.path.length),
    );
  }
  return handleKv(store, call, mount);
}

function sys(store: SecretsStore, call: Call, help: boolean): Reply {
  const sub = call.rel.slice('sys/'.length);
  if (help) {
    requireToken(store, call.req);
    return helpReply('system', routesFor('system'), call.rel, sub);
  }
  // "Some APIs exist only in certain namespaces" (seed rule 5): the status routes are root-only.
  if (RAW_SYS.has(call.rel)) return errors(404, 'unsupported path');
  if (sub === 'internal/ui/mounts' || sub === 'internal/ui/mounts/') {
    return call.op === 'read' ? listMounts(store, call.req, call.ns) : errors(405, 'unsupported operation');
  }
  if (sub.startsWith('internal/ui/mounts/')) {
    return call.op === 'read'
      ? mountPreflight(store, call.req, call.ns, sub.slice('internal/ui/mounts/'.length))
      : errors(405, 'unsupported operation');
  }
  return errors(404, 'unsupported path');
}
