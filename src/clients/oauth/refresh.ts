import type { AuthContext, SettingsReader } from '../descriptor.js';
import { type AuthScheme, bearerAuth } from '../http/auth.js';
import { ExitCode, OpsError } from '../../errors.js';
import { SIGN_IN_SECRETS, isStoredToken, jwtExpiry, signInEntries, tokenExpiry } from './stored-token.js';
import type { OAuthProvider } from './providers.js';
import { resolveServerUrl } from './server-url.js';
import { postForm, readToken } from './token.js';

/** The token endpoint of the provider, from the settings. */
export function endpointsOf(p: OAuthProvider, s: SettingsReader, baseUrl: string | undefined) {
  const authUrl = resolveServerUrl(
    p.service,
    s.get('auth_url') ?? p.defaultAuthUrl,
    baseUrl ?? s.get('base_url'),
    p.defaultAuthUrl,
  );
  return p.endpoints(authUrl, s);
}

/**
 * The bearer scheme of a service whose tokens expire: the stored expiry, and — when the token in
 * force is the one a login stored — a `refresh` hook for the core. With a refresh token the hook asks
 * the token endpoint once (grant_type=refresh_token) and stores the new access token, its expiry and
 * the new refresh token where the server rotates it; a client-credentials sign-in (no refresh token)
 * asks for the same grant again with the client secret (the environment's, the profile's, or the one
 * piped to the login, which kept it). It gives the new scheme. A refused renewal is exit 4 naming the
 * login command.
 */
export function oauthScheme(
  p: OAuthProvider,
  s: SettingsReader,
  ctx: AuthContext | undefined,
): AuthScheme | undefined {
  const token = s.get('token');
  if (!token) return undefined;
  const loginHint = `run \`ops ${p.service} login\``;
  const scheme = (
    access: string,
    expiresAt: number | undefined,
    renewal: (() => Promise<AuthScheme>) | undefined,
    secrets: string[] = [],
  ): AuthScheme => ({
    ...bearerAuth(access),
    secrets: [access, ...secrets],
    expiresAt,
    expiredHint: `sign in again with \`ops ${p.service} login\``,
    refresh: ctx ? renewal : undefined,
  });

  /** Asks the token endpoint once; a refusal is exit 4 naming the login. */
  async function ask(form: Record<string, string | undefined>, hint: string) {
    const http = await ctx!.http();
    const answer = await postForm(http, endpointsOf(p, s, ctx!.baseUrl).token, form);
    if (answer.error !== undefined)
      throw new OpsError(`${p.service}: the sign-in expired and could not be renewed (${answer.error})`, {
        exitCode: ExitCode.auth,
        code: 'refresh_refused',
        hint,
      });
    const t = readToken(p.service, answer);
    const expiresAt = t.expiresIn === undefined ? jwtExpiry(t.accessToken) : Date.now() + t.expiresIn * 1000;
    return { t, expiresAt };
  }

  /** grant_type=refresh_token: stores the new tokens (the refresh token where the server rotates it). */
  async function renew(refreshToken: string): Promise<AuthScheme> {
    const { t, expiresAt } = await ask(
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: s.get('client_id'),
        client_secret: p.sendsSecret ? s.get('client_secret') : undefined,
      },
      loginHint,
    );
    await ctx!.save(signInEntries(t.accessToken, expiresAt, t.refreshToken), SIGN_IN_SECRETS);
    const next = t.refreshToken ?? refreshToken;
    return scheme(t.accessToken, expiresAt, () => renew(next), [next]);
  }

  /** A client-credentials sign-in has no refresh token: the same grant again, with the client secret. */
  async function again(secret: string): Promise<AuthScheme> {
    const { t, expiresAt } = await ask(
      {
        grant_type: 'client_credentials',
        client_id: s.get('client_id'),
        client_secret: secret,
        ...p.clientCredentialsForm!(s),
      },
      `run \`ops ${p.service} login --client-credentials\``,
    );
    await ctx!.save(signInEntries(t.accessToken, expiresAt, undefined), SIGN_IN_SECRETS);
    return scheme(t.accessToken, expiresAt, () => again(secret), [secret]);
  }

  const stored = isStoredToken(s, token);
  const refreshToken = stored ? s.get('refresh_token') : undefined;
  if (refreshToken) return scheme(token, tokenExpiry(s, token), () => renew(refreshToken), [refreshToken]);
  const secret = s.get('client_secret');
  if (stored && s.get('token_grant') === 'client_credentials' && secret && p.clientCredentialsForm)
    return scheme(token, tokenExpiry(s, token), () => again(secret), [secret]);
  return scheme(token, tokenExpiry(s, token), undefined);
}
