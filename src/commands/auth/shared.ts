import type { Context } from '../../app/types.js';
import type { ServiceDescriptor } from '../../clients/descriptor.js';
import type { Resolved } from '../../config/settings.js';
import { UsageError } from '../../errors.js';

/** The keys a sign-in writes beside the credential itself, forgotten with it by `ops auth logout`. */
export const SIGN_IN_KEYS = [
  'token',
  'refresh_token',
  'token_expires_at',
  'token_fingerprint',
  'token_grant',
  'id_token',
];

/**
 * A credential as `ops auth status` shows it: at most its first 4 characters, then `****`; nothing of
 * a value shorter than 12 characters (4 of 8 would be half of it).
 */
export function maskCredential(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return value.length < 12 ? '****' : `${value.slice(0, 4)}****`;
}

/** Where a value came from, as `ops auth status` names it: `env OPS_HOSTS_API_KEY`, `keyring`, `file`. */
export function sourceName(r: Resolved): string {
  if (r.value === undefined || r.value === '') return 'none';
  if (r.origin === 'flag') return 'flag --token-stdin';
  if (r.origin === 'env') return `env ${r.envName}`;
  if (r.origin === 'profile') return r.stored ?? 'file';
  return 'default';
}

/** The `exp` claim of a token shaped like a JWT, in epoch ms (unverified: it is only shown). */
export function jwtExp(token: string): number | undefined {
  const part = token.split('.');
  if (part.length !== 3 || !part[1]) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(part[1], 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the credential stops working, where that is known: what a sign-in stored as `token_expires_at`
 * (for this very credential, when the profile gives both), else a JWT's `exp`.
 */
export function expiryOf(ctx: Context, service: string, cred: Resolved): string | undefined {
  const stored = ctx.settings.resolve(`${service}.token_expires_at`);
  if (cred.value && stored.value && (cred.origin === 'profile') === (stored.origin === 'profile')) {
    const at = Date.parse(stored.value);
    if (!Number.isNaN(at)) return new Date(at).toISOString();
  }
  const exp = cred.value ? jwtExp(cred.value) : undefined;
  return exp === undefined ? undefined : new Date(exp).toISOString().replace('.000Z', 'Z');
}

/** The service named, checked against the table: exit 2 naming the known ones. */
export function knownService(names: readonly string[], name: string): string {
  if (!names.includes(name))
    throw new UsageError(`unknown service "${name}"`, `give one of: ${names.join(', ')}`);
  return name;
}

/** The service's secret keys, the one `--token-stdin` fills first. */
export function secretKeys(d: ServiceDescriptor): string[] {
  const keys = d.settings.filter((s) => s.secret).map((s) => s.key);
  return [d.stdinCredential, ...keys.filter((k) => k !== d.stdinCredential)];
}
