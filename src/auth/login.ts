import type { HttpClient } from '../clients/http/types.js';
import { ExitCode, OpsError } from '../errors.js';
import type { Io } from '../io.js';
import type { Feedback } from '../output/feedback.js';
import type { Printer } from '../output/printer.js';
import type { LoginMode } from './login-flags.js';
import { browserSignIn } from './oauth/browser-sign-in.js';
import { deviceSignIn } from './oauth/device.js';
import { createPkce } from './oauth/pkce.js';
import type { Endpoints, OAuthProvider } from '../clients/oauth/providers.js';
import { type TokenAnswer, tokenRequest } from '../clients/oauth/token.js';
import { parseStdinToken } from './stdin-token.js';
import { jwtClaims, jwtExpiry } from '../clients/oauth/stored-token.js';

export interface LoginOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  provider: OAuthProvider;
  mode: LoginMode;
  /** `--wait-timeout`: the browser flows default to 300 s; the device flow to the code's own expiry. */
  timeoutSeconds: number | undefined;
  /** Resolved when a mode needs them (not for --token-stdin). */
  endpoints: () => Endpoints;
  clientId: () => string;
  /** The client secret: sent where the vendor's client has one; required by client credentials. */
  clientSecret: () => Promise<string | undefined>;
  /** The vendor's own fields of the client-credentials grant (Box's subject, the directory's scope). */
  clientCredentialsForm?: () => Record<string, string>;
  /** The browser flow where it is not the authorization code with PKCE (the directory's implicit flow). */
  browserFlow?: (print: boolean) => Promise<TokenAnswer>;
  http: () => Promise<HttpClient>;
  openBrowser: (url: string) => Promise<boolean>;
  readToken: () => Promise<string>;
  /** Keeps what the sign-in gave; gives the profile's name. */
  store: (token: string, expiresAt: number | undefined, refreshToken: string | null) => Promise<string>;
  now?: () => number;
}

/** The authorization-code flow in a browser on this machine, with PKCE where the vendor takes it. */
async function codeFlow(o: LoginOptions, print: boolean): Promise<TokenAnswer> {
  const p = o.provider;
  const urls = o.endpoints();
  if (!urls.authorize) throw new Error(`${p.service} has no authorize endpoint`);
  const clientId = o.clientId();
  const pkce = p.pkce ? createPkce() : undefined;
  const { answer, redirectUri } = await browserSignIn({
    io: o.io,
    feedback: o.feedback,
    service: p.service,
    print,
    timeoutSeconds: o.timeoutSeconds ?? 300,
    openBrowser: o.openBrowser,
    authorizeUrl(redirect, state) {
      const q = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirect });
      if (p.scope) q.set('scope', p.scope);
      q.set('state', state);
      if (pkce) {
        q.set('code_challenge', pkce.challenge);
        q.set('code_challenge_method', pkce.method);
      }
      for (const [k, v] of Object.entries(p.authorizeParams ?? {})) q.set(k, v);
      return `${urls.authorize}?${q}`;
    },
  });
  if (answer.code === undefined)
    throw new OpsError(`${p.service}: the sign-in answered a token, not a code; nothing was stored`, {
      exitCode: ExitCode.auth,
      code: 'login_failed',
      hint: 'check --auth-url',
    });
  return tokenRequest(await o.http(), p.service, urls.token, {
    grant_type: 'authorization_code',
    code: answer.code,
    redirect_uri: redirectUri,
    client_id: clientId,
    client_secret: p.sendsSecret ? await o.clientSecret() : undefined,
    code_verifier: pkce?.verifier,
  });
}

async function signIn(o: LoginOptions): Promise<TokenAnswer> {
  const p = o.provider;
  switch (o.mode) {
    case 'browser':
    case 'print':
      return o.browserFlow ? o.browserFlow(o.mode === 'print') : codeFlow(o, o.mode === 'print');
    case 'device': {
      const urls = o.endpoints();
      return deviceSignIn({
        http: await o.http(),
        io: o.io,
        service: p.service,
        deviceUrl: urls.device!,
        tokenUrl: urls.token,
        clientId: o.clientId(),
        clientSecret: p.sendsSecret ? await o.clientSecret() : undefined,
        scope: p.scope,
        timeoutSeconds: o.timeoutSeconds,
        scopeHint: p.deviceScopeHint,
      });
    }
    case 'client-credentials': {
      const urls = o.endpoints();
      const clientId = o.clientId();
      const secret = await o.clientSecret();
      if (!secret)
        throw new OpsError(`${p.service}: --client-credentials needs the client secret and none is set`, {
          exitCode: ExitCode.usage,
          code: 'config',
          hint: `set OPS_${p.service.toUpperCase()}_CLIENT_SECRET, run: ops config set ${p.service}.client_secret -, or pipe it to --client-secret-stdin`,
        });
      return tokenRequest(await o.http(), p.service, urls.token, {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
        ...o.clientCredentialsForm?.(),
      });
    }
    case 'stdin': {
      const { token, expiresAt } = parseStdinToken(await o.readToken(), (o.now ?? Date.now)());
      return {
        accessToken: token,
        expiresIn: undefined,
        refreshToken: undefined,
        expiresAt,
      } as TokenAnswer & {
        expiresAt?: number;
      };
    }
  }
}

/**
 * `ops <service> login`: signs in the way the mode says, stores the access token with its expiry
 * and the refresh token (a sign-in without one forgets an older one), and prints the profile, the
 * user where the token names one, and when it expires.
 */
export async function runLogin(o: LoginOptions): Promise<void> {
  const now = o.now ?? Date.now;
  const service = o.provider.service;
  const got = (await signIn(o)) as TokenAnswer & { expiresAt?: number };
  const expiresAt =
    got.expiresAt ??
    (got.expiresIn === undefined ? jwtExpiry(got.accessToken) : now() + got.expiresIn * 1000);
  if (expiresAt !== undefined && expiresAt <= now())
    throw new OpsError(
      `${service}: the token expired at ${new Date(expiresAt).toISOString()}; nothing was stored`,
      {
        exitCode: ExitCode.auth,
        code: 'auth_expired',
        hint: `get a new token, or sign in with \`ops ${service} login\``,
      },
    );
  const profile = await o.store(got.accessToken, expiresAt, got.refreshToken ?? null);
  await printSignIn(o.printer, profile, got.accessToken, expiresAt, o.provider.signInShowsTenant === true);
}

/** The outcome of a login: the profile, the user and tenant where the token names them, its expiry. */
export async function printSignIn(
  printer: Printer,
  profile: string,
  token: string,
  expiresAt: number | undefined,
  withTenant: boolean,
): Promise<void> {
  const claims = jwtClaims(token) ?? {};
  const user = claims.upn ?? claims.unique_name ?? claims.preferred_username ?? claims.email ?? claims.name;
  const row = {
    profile,
    user: typeof user === 'string' ? user : undefined,
    ...(withTenant ? { tenant: typeof claims.tid === 'string' ? claims.tid : undefined } : {}),
    expires_at: expiresAt === undefined ? undefined : new Date(expiresAt).toISOString(),
  };
  await printer.print(row, {
    columns: [
      { header: 'profile', get: (r: typeof row) => r.profile },
      { header: 'user', get: (r: typeof row) => r.user },
      ...(withTenant ? [{ header: 'tenant', get: (r: typeof row) => r.tenant }] : []),
      { header: 'expires at', get: (r: typeof row) => r.expires_at, format: 'relative' as const },
    ],
  });
}
