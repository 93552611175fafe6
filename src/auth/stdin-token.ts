import { UsageError } from '../errors.js';
import { jwtExpiry } from '../clients/oauth/stored-token.js';

/**
 * A token from stdin: the token itself (a JWT's `exp` gives its expiry), or the JSON another tool
 * prints (`accessToken`/`access_token` with `expires_on` epoch seconds or `expires_in`).
 */
/** What a bearer token can hold (RFC 6750 §2.1, b64token): anything else is not one. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function parseStdinToken(text: string, now: number): { token: string; expiresAt: number | undefined } {
  const t = text.trim();
  if (t.startsWith('{')) {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(t) as Record<string, unknown>;
    } catch {
      throw new UsageError(
        'stdin holds text that starts like JSON but is not',
        'pipe the token, or JSON with accessToken',
      );
    }
    const token = o.accessToken ?? o.access_token;
    if (typeof token !== 'string' || !B64TOKEN.test(token))
      throw new UsageError(
        'the JSON on stdin has no accessToken that is a bearer token',
        'pipe the token, or JSON with accessToken',
      );
    const on = Number(o.expires_on);
    const inSeconds = Number(o.expires_in);
    const expiresAt =
      o.expires_on !== undefined && Number.isFinite(on)
        ? on * 1000
        : o.expires_in !== undefined && Number.isFinite(inSeconds)
          ? now + inSeconds * 1000
          : jwtExpiry(token);
    return { token, expiresAt };
  }
  if (/\s/.test(t)) throw new UsageError('the token on stdin has white space inside', 'pipe the token alone');
  if (!B64TOKEN.test(t))
    throw new UsageError(
      'stdin holds no bearer token: a token has only letters, digits and - . _ ~ + / (then =)',
      'pipe the token alone, or JSON with accessToken',
    );
  return { token: t, expiresAt: jwtExpiry(t) };
}
