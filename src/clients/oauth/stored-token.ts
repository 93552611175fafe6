import { createHash } from 'node:crypto';
import type { SettingsReader } from '../descriptor.js';

/** First 16 hex digits of a token's SHA-256: ties a stored expiry to the token it was stored with. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** The claims of a JWT-shaped token (unverified), or undefined for an opaque token. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `exp` claim of a token that is a JWT (directory access tokens are), in epoch ms. Read without
 * checking the signature: it only tells when to stop sending the token; the service decides.
 */
export function jwtExpiry(token: string): number | undefined {
  const claims = jwtClaims(token);
  return typeof claims?.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
}

/** True when the token in force is the one a login stored (not one from the environment or set by hand since). */
export function isStoredToken(s: SettingsReader, token: string): boolean {
  // Without a stored fingerprint nothing is hashed: a token from the environment (every command of the
  // sandbox, of CI) does not load node:crypto.
  const stored = s.get('token_fingerprint');
  return stored !== undefined && stored === tokenFingerprint(token);
}

/**
 * When the token in force stops working: the expiry a login stored with it (only when the token in
 * force is the one it was stored with: a token from the environment or set by hand later is not
 * judged by another token's expiry), else the token's own `exp` claim.
 */
export function tokenExpiry(s: SettingsReader, token: string): number | undefined {
  const stored = s.get('token_expires_at');
  if (stored && isStoredToken(s, token)) {
    const at = Date.parse(stored);
    if (!Number.isNaN(at)) return at;
  }
  return jwtExpiry(token);
}

/**
 * The settings a sign-in stores: the token, its expiry tied to it by fingerprint and, where the
 * server gave one, the refresh token. `refreshToken: null` forgets a stored one (a new sign-in
 * without one); undefined leaves it as it is (a refresh that did not rotate it). `grant` records a
 * client-credentials sign-in (`client_credentials`), whose token is renewed with the client secret;
 * null forgets it (another kind of sign-in), undefined leaves it (a renewal).
 */
export function signInEntries(
  token: string,
  expiresAt: number | undefined,
  refreshToken: string | null | undefined,
  grant?: 'client_credentials' | null,
): Record<string, string | undefined> {
  return {
    token,
    token_expires_at: expiresAt === undefined ? undefined : new Date(expiresAt).toISOString(),
    token_fingerprint: tokenFingerprint(token),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken ?? undefined }),
    ...(grant === undefined ? {} : { token_grant: grant ?? undefined }),
  };
}

/** The secret keys of a sign-in, for saveCredentials. */
export const SIGN_IN_SECRETS = ['token', 'refresh_token', 'client_secret'] as const;
