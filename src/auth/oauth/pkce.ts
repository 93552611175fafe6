import { createHash, randomBytes } from 'node:crypto';

/** The S256 challenge of a verifier (RFC 7636 §4.2): base64url of its SHA-256, no padding. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * A fresh PKCE pair: a verifier of 43 characters from the unreserved set (32 random bytes in
 * base64url), and its S256 challenge. The verifier never leaves this process but for the token request.
 */
export function createPkce(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: challengeOf(verifier), method: 'S256' };
}
