import type { Reply, SandboxRequest } from '../core/framework.js';
import { type Call, type SecretsRequest, isTrue, operationOf } from './call.js';
import type { MountEntry, NamespaceEntry, SecretsState } from './state.js';
import { errors } from './wire.js';

/** The unauthenticated status routes the server answers before namespaces (reference A.1). */
const STATUS_PATHS = new Set(['sys/health', 'sys/seal-status', 'sys/init', 'sys/unseal', 'sys/seal']);

/**
 * Where a request lies, as the seed describes the store's routing: a request's route is found after
 * its namespace (header and path) and its mount are resolved, so the store's mount table, not a path
 * pattern, names the kind of mount whose routes serve it: `status` (answered before namespaces),
 * `sys`, `auth/<type>`, `kv-v1` or `kv-v2` (by the mount's options), and `help` for `?help=1` anywhere.
 */
export function locate(
  store: SecretsState,
  requireHeader: boolean,
  req: SandboxRequest,
): SecretsRequest | Reply {
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
  if (STATUS_PATHS.has(rest) && !help) return { ...req, mount: 'status', path: rest };
  if (store.seal.sealed) return errors(503, 'the secrets store is sealed');
  const op = operationOf(req);
  if (!op) return errors(405, 'unsupported operation');
  // Seed rule 4: header `<ns1>/` + path `<ns2>/secret/foo` is the same as the full path.
  const header = (req.headers['x-secrets-namespace'] ?? '').trim().replace(/^\/+|\/+$/g, '');
  const { ns, rel } = store.resolve((header ? `${header}/` : '') + rest);
  if (rel.replace(/\/$/, '').endsWith('.')) return errors(404, 'unsupported path');
  const where = mountOf(store, ns, rel);
  if (!where) return errors(404, `no handler for route "${rel}". route entry not found.`);
  const call: Call = { req, op, ns, rel, full: ns.path + rel, ...where };
  // Inside a KV v2 mount the first segment is a section (`data`, `metadata`…), always routed with its `/`.
  const path = where.kind === 'kv-v2' && !where.sub.includes('/') ? `${where.sub}/` : where.sub;
  return { ...req, mount: help ? 'help' : where.kind, method: op.toUpperCase(), path, call };
}

/** The mount a path inside a namespace lies in: its kind, the path inside it, its entry. */
function mountOf(
  store: SecretsState,
  ns: NamespaceEntry,
  rel: string,
): { kind: string; sub: string; entry?: MountEntry } | undefined {
  if (rel.startsWith('sys/')) return { kind: 'sys', sub: rel.slice('sys/'.length) };
  if (rel.startsWith('auth/')) {
    const [, name = '', ...rest] = rel.split('/');
    const entry = ns.auth.get(`${name}/`);
    return entry && { kind: `auth/${entry.type}`, sub: rest.join('/'), entry };
  }
  const entry = store.mountFor(ns, rel);
  if (!entry) return undefined;
  const sub = rel.length < entry.path.length ? '' : rel.slice(entry.path.length);
  // `sys` without its slash lies in the system mount: no route of `sys/` has an empty path.
  return { kind: entry.kv1 ? 'kv-v1' : entry.kv2 ? 'kv-v2' : 'sys', sub, entry };
}
