import { randomBytes } from 'node:crypto';
import type { Clock, Reply, SandboxRequest } from '../core/framework.js';
import { SANDBOX_TENANT, SANDBOX_USER } from './seed.js';
import { cloudError } from './errors.js';
import type { TokenRegistry } from '../core/oauth/registry.js';

/** A directory-style access token: a JWT (the signature is random bytes: the sandbox looks tokens up). */
export function mintDirectoryToken(clientId: string, scope: string, exp: number, iat: number): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return [
    part({ typ: 'JWT', alg: 'RS256', kid: 'sandbox' }),
    part({
      aud: 'https://management.azure.com/',
      iss: `https://sts.sandbox.invalid/${SANDBOX_TENANT}/`,
      iat,
      nbf: iat,
      exp,
      appid: clientId,
      oid: SANDBOX_USER.oid,
      upn: SANDBOX_USER.upn,
      name: SANDBOX_USER.name,
      scp: scope,
      tid: SANDBOX_TENANT,
      ver: '1.0',
    }),
    randomBytes(32).toString('base64url'),
  ].join('.');
}

/**
 * The sign-in side of the sandbox: the implicit flow's authorize endpoint (seed C, Authentication:
 * `{auth_url}/common/oauth2/authorize`, scope `user_impersonation`, `response_type=token`), which
 * signs in the sandbox's user at once and sends the token in the redirect's fragment, and the bearer
 * check of every API request: the sandbox's fixed token or one the registry issued (here or by the
 * v2.0 endpoints) that has not expired.
 */
export class Tokens {
  constructor(
    private readonly clock: Clock,
    private readonly registry: TokenRegistry,
    private readonly o: { fixedToken: string | undefined; clientId: string | undefined; lifetime: number },
  ) {}

  issue(clientId: string): { token: string; expiresIn: number } {
    const t = this.registry.issue(clientId, 'user_impersonation', this.o.lifetime, false);
    return { token: t.accessToken, expiresIn: t.expiresIn };
  }

  /** `GET /{tenant}/oauth2/authorize`. */
  authorize(req: SandboxRequest): Reply {
    const q = req.query;
    const tenant = req.params.tenant ?? '';
    if (tenant !== 'common' && tenant !== SANDBOX_TENANT)
      return page(400, `Tenant '${tenant}' not found. Use common or ${SANDBOX_TENANT}.`);
    const clientId = q.get('client_id') ?? '';
    if (!clientId || clientId !== this.o.clientId)
      return page(400, `invalid_client: application '${clientId}' is not registered in this directory.`);
    const redirect = loopbackRedirect(q.get('redirect_uri'));
    // A token never goes to an address that is not the registered kind (a port on this machine).
    if (!redirect)
      return page(
        400,
        'invalid_request: redirect_uri must be an http address on 127.0.0.1 or localhost (any port), without a fragment.',
      );
    const state = q.get('state');
    const back = (params: Record<string, string>) => {
      const fragment = new URLSearchParams({ ...params, ...(state !== null ? { state } : {}) });
      return { status: 302, headers: { location: `${redirect}#${fragment}`, 'cache-control': 'no-store' } };
    };
    if (q.get('response_type') !== 'token')
      return back({
        error: 'unsupported_response_type',
        error_description: `response_type '${q.get('response_type') ?? ''}' is not supported here; use token.`,
      });
    const scopes = (q.get('scope') ?? '').split(/\s+/);
    if (!scopes.includes('user_impersonation'))
      return back({
        error: 'invalid_scope',
        error_description: 'the scope must include user_impersonation.',
      });
    const { token, expiresIn } = this.issue(clientId);
    return back({
      access_token: token,
      token_type: 'Bearer',
      expires_in: String(expiresIn),
      scope: 'user_impersonation',
    });
  }

  /** The bearer check: 401 with ARM's codes for a missing, malformed, unknown or expired token. */
  authenticate(req: SandboxRequest): void {
    const header = req.headers.authorization;
    const deny = (code: string, message: string) =>
      cloudError(401, code, message, {
        'www-authenticate': `Bearer authorization_uri="https://sts.sandbox.invalid/${SANDBOX_TENANT}", error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
      });
    if (!header)
      throw deny('AuthenticationFailed', "Authentication failed. The 'Authorization' header is missing.");
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m)
      throw deny(
        'AuthenticationFailedInvalidHeader',
        "Authentication failed. The 'Authorization' header is provided in an invalid format.",
      );
    const token = m[1]!;
    if (this.o.fixedToken && token === this.o.fixedToken) return;
    const state = this.registry.check(token);
    if (state === 'unknown') throw deny('InvalidAuthenticationToken', 'The access token is invalid.');
    if (state === 'expired') {
      const utc = (s: number) => new Date(s * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
      throw deny(
        'ExpiredAuthenticationToken',
        `The access token expiry UTC time '${utc(this.registry.expiry(token)!)}' is earlier than current UTC time '${utc(this.clock.nowSeconds())}'.`,
      );
    }
  }
}

function loopbackRedirect(raw: string | null): string | undefined {
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  return u.protocol === 'http:' && loopback && u.hash === '' ? raw : undefined;
}

function page(status: number, message: string): Reply {
  const safe = message.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html><html><head><title>Sign in: error</title></head><body><h1>Sign in failed</h1><p>${safe}</p></body></html>`,
  };
}
