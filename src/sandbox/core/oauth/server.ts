import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Clock, type Reply, type SandboxRequest, json } from '../framework.js';
import type { TokenRegistry } from './registry.js';

/**
 * One vendor's authorization server, as the sandbox plays it: where its endpoints are (below the
 * emulator's prefix), which client it knows, the scopes it grants, and the words and statuses of
 * its refusals. Everything else (codes, device codes, PKCE, refresh, revocation, expiry by the
 * sandbox clock) is the same for every vendor and lives in `AuthServer`.
 */
export interface OAuthVendor {
  paths: { authorize?: string; token: string; device?: string; verify?: string; revoke?: string };
  clientId: string;
  clientSecret: string;
  /** The code and refresh grants need the client secret (Google's and Box's clients); not the directory's public client. */
  secretRequired: boolean;
  /** A request must ask for at least one of these (a scope outside them is refused). */
  scopes: readonly string[];
  /** The scopes the device flow may ask for, where the vendor limits them (Google). */
  deviceScopes?: readonly string[];
  /** PKCE: `required` refuses a code request without S256; `accepted` checks it when sent; `ignored`: the vendor documents none. */
  pkce: 'required' | 'accepted' | 'ignored';
  /** Refresh tokens are single use and a new one comes with each refresh (Box). */
  rotate: boolean;
  /** Whether a sign-in gets a refresh token (Google: access_type=offline; the directory: offline_access). */
  refreshFor(params: URLSearchParams, scope: string): boolean;
  /** The device-code answer in the vendor's own field names. */
  deviceAnswer(d: {
    deviceCode: string;
    userCode: string;
    verification: string;
    expiresIn: number;
    interval: number;
  }): object;
  /** A refusal with the vendor's status and body. */
  error(code: string, description: string): Reply;
  /** The client-credentials grant: its scope, or a refusal [code, description]. */
  clientCredentials?(form: URLSearchParams): { scope: string } | { error: [string, string] };
}

export interface AuthServerOptions {
  clock: Clock;
  registry: TokenRegistry;
  /** The emulator's prefix (`/tasks`), for the verification address it answers with. */
  prefix: string;
  lifetime: number;
  /** `visit`: a device code is approved when its verification page is visited with it; `immediate`: at once. */
  deviceApproval: 'visit' | 'immediate';
  /** Seconds a device client waits between polls (slow_down past it). */
  interval: number;
  /** Seconds a device code and an authorization code live. */
  deviceLifetime?: number;
}

interface Code {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | undefined;
  refresh: boolean;
  exp: number;
}

interface Device {
  clientId: string;
  scope: string;
  userCode: string;
  exp: number;
  approved: boolean;
  interval: number;
  lastPoll: number | undefined;
  refresh: boolean;
}

const loopback = (raw: string | null): boolean => {
  if (!raw) return false;
  try {
    const u = new URL(raw);
    return (
      u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && u.hash === ''
    );
  } catch {
    return false;
  }
};

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Counters of the authorization server, shown with the emulator's. */
export interface AuthCounts {
  tokenRequests: number;
  refreshes: number;
  revocations: number;
}

export class AuthServer {
  private readonly codes = new Map<string, Code>();
  private readonly devices = new Map<string, Device>();
  readonly counts: AuthCounts = { tokenRequests: 0, refreshes: 0, revocations: 0 };

  constructor(
    private readonly vendor: OAuthVendor,
    private readonly o: AuthServerOptions,
  ) {}

  reset(): void {
    this.codes.clear();
    this.devices.clear();
    for (const k of Object.keys(this.counts)) this.counts[k as keyof AuthCounts] = 0;
  }

  /** The answer of an authorization-server path, or undefined for any other path. */
  handle(req: SandboxRequest, scheme: string): Reply | undefined {
    const p = this.vendor.paths;
    if (req.path === p.authorize && req.method === 'GET') return this.authorize(req.query);
    if (req.path === p.verify && req.method === 'GET') return this.verify(req.query);
    if (req.method !== 'POST') return undefined;
    const form = new URLSearchParams(req.body.toString('utf8'));
    if (req.path === p.token) return this.token(form);
    if (req.path === p.device) return this.device(form, `${scheme}://${req.headers.host ?? ''}`);
    if (req.path === p.revoke) return this.revoke(form, req.query);
    return undefined;
  }

  private refuse(code: string, description: string): Reply {
    return this.vendor.error(code, description);
  }

  private scopeProblem(scope: string, allowed: readonly string[]): string | undefined {
    const asked = scope.split(/\s+/).filter(Boolean);
    // A vendor whose scopes are set on the application takes a request that names none (Box).
    if (asked.length === 0 && this.vendor.scopes.includes('')) return undefined;
    if (!asked.some((s) => this.vendor.scopes.includes(s)))
      return `the scope must include ${this.vendor.scopes.join(' or ')}`;
    const outside = asked.find((s) => !allowed.includes(s));
    return outside === undefined ? undefined : outside;
  }

  /** Signs the sandbox's user in at once and sends the browser back to the loopback with a code. */
  private authorize(q: URLSearchParams): Reply {
    if (q.get('client_id') !== this.vendor.clientId)
      return page(400, `invalid_client: the OAuth client '${q.get('client_id') ?? ''}' was not found.`);
    const redirect = q.get('redirect_uri');
    if (!loopback(redirect))
      return page(
        400,
        'invalid_request: redirect_uri must be an http address on 127.0.0.1 or localhost (any port).',
      );
    const state = q.get('state');
    const back = (params: Record<string, string>) => {
      const u = new URL(redirect!);
      for (const [k, v] of Object.entries({ ...params, ...(state !== null ? { state } : {}) }))
        u.searchParams.set(k, v);
      return { status: 302, headers: { location: u.toString(), 'cache-control': 'no-store' } };
    };
    if (q.get('response_type') !== 'code')
      return back({ error: 'unsupported_response_type', error_description: 'response_type must be code' });
    const scope = q.get('scope') ?? '';
    const problem = this.scopeProblem(scope, [
      ...this.vendor.scopes,
      'offline_access',
      'openid',
      'email',
      'profile',
    ]);
    if (problem) return back({ error: 'invalid_scope', error_description: `invalid scope: ${problem}` });
    const challenge = q.get('code_challenge') ?? undefined;
    if (
      this.vendor.pkce !== 'ignored' &&
      challenge !== undefined &&
      q.get('code_challenge_method') !== 'S256'
    )
      return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    if (this.vendor.pkce === 'required' && challenge === undefined)
      return back({ error: 'invalid_request', error_description: 'code_challenge is required' });
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      clientId: this.vendor.clientId,
      redirectUri: redirect!,
      scope,
      challenge: this.vendor.pkce === 'ignored' ? undefined : challenge,
      refresh: this.vendor.refreshFor(q, scope),
      exp: this.o.clock.now() + 600_000,
    });
    return back({ code });
  }

  private clientProblem(form: URLSearchParams, needSecret: boolean): Reply | undefined {
    if (form.get('client_id') !== this.vendor.clientId)
      return this.refuse('invalid_client', 'The OAuth client was not found.');
    const secret = form.get('client_secret');
    if ((needSecret || secret !== null) && !same(secret ?? '', this.vendor.clientSecret))
      return this.refuse('invalid_client', 'The client credentials are invalid.');
    return undefined;
  }

  private issued(clientId: string, scope: string, refresh: boolean): Reply {
    const t = this.o.registry.issue(clientId, scope, this.o.lifetime, refresh);
    return json(
      200,
      {
        access_token: t.accessToken,
        expires_in: t.expiresIn,
        token_type: 'Bearer',
        scope,
        ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
      },
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    );
  }

  private token(form: URLSearchParams): Reply {
    this.counts.tokenRequests++;
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return this.codeGrant(form);
    if (grant === 'refresh_token') return this.refreshGrant(form);
    if (grant === 'urn:ietf:params:oauth:grant-type:device_code' && this.vendor.paths.device)
      return this.deviceGrant(form);
    if (grant === 'client_credentials' && this.vendor.clientCredentials) {
      const bad = this.clientProblem(form, true);
      if (bad) return bad;
      const r = this.vendor.clientCredentials(form);
      if ('error' in r) return this.refuse(...r.error);
      return this.issued(this.vendor.clientId, r.scope, false);
    }
    if (!grant) return this.refuse('invalid_request', 'Missing required parameter: grant_type');
    return this.refuse('unsupported_grant_type', `Invalid grant_type: ${grant}`);
  }

  private codeGrant(form: URLSearchParams): Reply {
    const bad = this.clientProblem(form, this.vendor.secretRequired);
    if (bad) return bad;
    const code = this.codes.get(form.get('code') ?? '');
    // A code is used once, whatever the outcome.
    this.codes.delete(form.get('code') ?? '');
    if (!code || code.exp <= this.o.clock.now() || code.clientId !== form.get('client_id'))
      return this.refuse('invalid_grant', 'The authorization code is invalid or expired.');
    if (code.redirectUri !== form.get('redirect_uri'))
      return this.refuse(
        'invalid_grant',
        'redirect_uri does not match the one of the authorization request.',
      );
    if (code.challenge !== undefined) {
      const verifier = form.get('code_verifier');
      if (!verifier) return this.refuse('invalid_grant', 'Missing code verifier.');
      if (!same(createHash('sha256').update(verifier).digest('base64url'), code.challenge))
        return this.refuse('invalid_grant', 'The code verifier does not match the challenge.');
    }
    return this.issued(code.clientId, code.scope, code.refresh);
  }

  private refreshGrant(form: URLSearchParams): Reply {
    const bad = this.clientProblem(form, this.vendor.secretRequired);
    if (bad) return bad;
    const grant = this.o.registry.takeRefresh(
      form.get('refresh_token') ?? '',
      this.vendor.clientId,
      this.vendor.rotate,
    );
    if (!grant) return this.refuse('invalid_grant', 'The refresh token is invalid, revoked or expired.');
    this.counts.refreshes++;
    if (!this.vendor.rotate) {
      const t = this.o.registry.issue(grant.clientId, grant.scope, this.o.lifetime, false);
      return json(
        200,
        { access_token: t.accessToken, expires_in: t.expiresIn, token_type: 'Bearer', scope: grant.scope },
        { 'cache-control': 'no-store' },
      );
    }
    return this.issued(grant.clientId, grant.scope, true);
  }

  private device(form: URLSearchParams, origin: string): Reply {
    if (form.get('client_id') !== this.vendor.clientId)
      return this.refuse('invalid_client', 'The OAuth client was not found.');
    const scope = form.get('scope') ?? '';
    const problem = this.scopeProblem(
      scope,
      this.vendor.deviceScopes ?? [...this.vendor.scopes, 'offline_access', 'openid', 'profile', 'email'],
    );
    if (problem) return this.refuse('invalid_scope', `Invalid device flow scope: ${problem}`);
    const deviceCode = randomBytes(32).toString('base64url');
    const userCode = `${randomLetters(4)}-${randomLetters(4)}`;
    const expiresIn = this.o.deviceLifetime ?? 900;
    this.devices.set(deviceCode, {
      clientId: this.vendor.clientId,
      scope,
      userCode,
      exp: this.o.clock.now() + expiresIn * 1000,
      approved: this.o.deviceApproval === 'immediate',
      interval: this.o.interval,
      lastPoll: undefined,
      refresh: this.vendor.refreshFor(form, scope),
    });
    return json(
      200,
      this.vendor.deviceAnswer({
        deviceCode,
        userCode,
        verification: `${origin}${this.o.prefix}${this.vendor.paths.verify}`,
        expiresIn,
        interval: this.o.interval,
      }),
    );
  }

  /** The verification page: visited with the user code, it approves that device code. */
  private verify(q: URLSearchParams): Reply {
    const code = (q.get('user_code') ?? q.get('code') ?? '').toUpperCase();
    if (!code)
      return page(
        200,
        'Enter the code shown on your device: add ?user_code=XXXX-XXXX to this address.',
        'Sign in',
      );
    const device = [...this.devices.values()].find((d) => d.userCode === code && d.exp > this.o.clock.now());
    if (!device) return page(400, `The code ${code} is not valid or has expired.`);
    device.approved = true;
    return page(200, 'Signed in: the sandbox user approved the device. Return to your device.', 'Signed in');
  }

  private deviceGrant(form: URLSearchParams): Reply {
    const bad = this.clientProblem(form, false);
    if (bad) return bad;
    const key = form.get('device_code') ?? '';
    const d = this.devices.get(key);
    if (!d) return this.refuse('invalid_grant', 'The device code is not valid.');
    const now = this.o.clock.now();
    if (d.exp <= now) {
      this.devices.delete(key);
      return this.refuse('expired_token', 'The device code has expired.');
    }
    if (d.approved) {
      this.devices.delete(key);
      return this.issued(d.clientId, d.scope, d.refresh);
    }
    const early = d.lastPoll !== undefined && now - d.lastPoll < d.interval * 1000;
    d.lastPoll = now;
    if (early) {
      d.interval += 5;
      return this.refuse('slow_down', 'Polling too often: wait longer between requests.');
    }
    return this.refuse('authorization_pending', 'The user has not yet approved the device.');
  }

  private revoke(form: URLSearchParams, query: URLSearchParams): Reply {
    const token = form.get('token') ?? query.get('token');
    if (!token) return this.refuse('invalid_request', 'Missing required parameter: token');
    if (this.vendor.paths.revoke && form.has('client_id')) {
      const bad = this.clientProblem(form, this.vendor.secretRequired);
      if (bad) return bad;
    }
    if (this.o.registry.revoke(token)) this.counts.revocations++;
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: '' };
  }
}

function randomLetters(n: number): string {
  const letters = 'BCDFGHJKLMNPQRSTVWXZ';
  return [...randomBytes(n)].map((b) => letters[b % letters.length]).join('');
}

function page(status: number, message: string, title = 'Sign in failed'): Reply {
  const safe = message.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${safe}</p></body></html>`,
  };
}
