import type { SandboxRequest } from '../core/framework.js';
import { type Capability, POLICIES } from './seed.js';
import type { SecretsState, TokenEntry } from './state.js';
import { fail } from './wire.js';

/** The client token: `X-Secrets-Token`, else `Authorization: Bearer` (seed, Authentication A). */
export function tokenOf(req: SandboxRequest): string | undefined {
  const header = req.headers['x-secrets-token'];
  if (header) return header;
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1]?.trim() || undefined;
}

/** The caller's live token, or 403 (no token, unknown token, expired token). */
export function requireToken(store: SecretsState, req: SandboxRequest): TokenEntry {
  const id = tokenOf(req);
  if (!id) fail(403, 'permission denied');
  const token = store.liveToken(id);
  if (!token) fail(403, 'permission denied', 'invalid token');
  return token;
}

const compiled = new Map<string, RegExp>();

function globMatches(glob: string, path: string): boolean {
  let re = compiled.get(glob);
  if (!re) {
    const prefix = glob.endsWith('*');
    const body = (prefix ? glob.slice(0, -1) : glob)
      .split('/')
      .map((seg) => (seg === '+' ? '[^/]+' : seg.replace(/[.+?^${}()|[\]\\*]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${body}${prefix ? '.*' : ''}$`);
    compiled.set(glob, re);
  }
  return re.test(path);
}

/** The capabilities a token's policies grant on a full path (namespace included). */
export function capabilities(token: TokenEntry, fullPath: string): Set<Capability> {
  if (!fullPath.startsWith(token.namespace)) return new Set();
  if (token.policies.includes('root'))
    return new Set(['create', 'read', 'update', 'patch', 'delete', 'list', 'sudo']);
  const rel = fullPath.slice(token.namespace.length);
  const caps = new Set<Capability>();
  for (const name of token.policies) {
    for (const rule of POLICIES[name] ?? []) {
      if (!globMatches(rule.path, rel)) continue;
      if (rule.capabilities.includes('deny')) return new Set();
      for (const c of rule.capabilities) caps.add(c);
    }
  }
  return caps;
}

/** Checks that the token holds one of `needed` on the path; 403 `permission denied` otherwise. */
export function authorize(
  store: SecretsState,
  req: SandboxRequest,
  fullPath: string,
  needed: Capability[],
): TokenEntry {
  const token = requireToken(store, req);
  const caps = capabilities(token, fullPath);
  if (!needed.some((c) => caps.has(c))) fail(403, 'permission denied');
  return token;
}

/** Whether a token can reach anything inside a mount (the mounts preflight and listing use this). */
export function reachesMount(token: TokenEntry, mountFullPath: string): boolean {
  if (!mountFullPath.startsWith(token.namespace)) return false;
  if (token.policies.includes('root')) return true;
  const rel = mountFullPath.slice(token.namespace.length);
  return token.policies.some((name) =>
    (POLICIES[name] ?? []).some((r) => r.path.startsWith(rel) && !r.capabilities.includes('deny')),
  );
}
