import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../framework.js';

/** An access token the authorization server issued: sandbox milliseconds. */
interface Access {
  clientId: string;
  exp: number;
}

interface Refresh {
  clientId: string;
  scope: string;
}

/** What `check` says of a bearer token. */
export type TokenState = 'valid' | 'expired' | 'unknown';

/**
 * The tokens an authorization server of the sandbox issued, on the sandbox clock: access tokens
 * (expire, or are revoked), refresh tokens (until revoked, or used where they are single use), and
 * the SHA-256 of each access token issued, for tests that check which token a client kept.
 */
export class TokenRegistry {
  private readonly access = new Map<string, Access>();
  private readonly refresh = new Map<string, Refresh>();
  fingerprints: string[] = [];

  constructor(
    private readonly clock: Clock,
    /** Makes the token text: the vendor's shape (a JWT for the directory, an opaque string elsewhere). */
    private readonly mint: (clientId: string, scope: string, exp: number, iat: number) => string = () =>
      randomBytes(32).toString('base64url'),
  ) {}

  reset(): void {
    this.access.clear();
    this.refresh.clear();
    this.fingerprints = [];
  }

  /** A new access token living `lifetime` seconds, with a refresh token when asked. */
  issue(
    clientId: string,
    scope: string,
    lifetime: number,
    withRefresh: boolean,
  ): { accessToken: string; expiresIn: number; refreshToken?: string } {
    const exp = this.clock.now() + lifetime * 1000;
    const accessToken = this.mint(clientId, scope, Math.floor(exp / 1000), this.clock.nowSeconds());
    this.access.set(accessToken, { clientId, exp });
    this.fingerprints.push(createHash('sha256').update(accessToken).digest('hex'));
    if (!withRefresh) return { accessToken, expiresIn: lifetime };
    const refreshToken = randomBytes(32).toString('base64url');
    this.refresh.set(refreshToken, { clientId, scope });
    return { accessToken, expiresIn: lifetime, refreshToken };
  }

  /** The refresh token's grant, when it is live and the client's own; `use` forgets it (single use). */
  takeRefresh(token: string, clientId: string, use: boolean): Refresh | undefined {
    const r = this.refresh.get(token);
    if (!r || r.clientId !== clientId) return undefined;
    if (use) this.refresh.delete(token);
    return r;
  }

  check(token: string): TokenState {
    const a = this.access.get(token);
    if (!a) return 'unknown';
    return a.exp <= this.clock.now() ? 'expired' : 'valid';
  }

  /** When the access token ends (sandbox epoch seconds). */
  expiry(token: string): number | undefined {
    const a = this.access.get(token);
    return a ? Math.floor(a.exp / 1000) : undefined;
  }

  /** Revokes an access or refresh token (and, as the vendors do, what was issued with a refresh token). */
  revoke(token: string): boolean {
    return this.access.delete(token) || this.refresh.delete(token);
  }
}
