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
  return p.endpoints(authUrl, s.get('tenant'));
}

/**
 * The bearer scheme of a service whose tokens expire: the stored expiry, and — when the token in
 * force is the one a login stored with a refresh token — a `refresh` hook for the core. The hook
 * asks the token endpoint once (grant_type=refresh_token), stores the new access token, its expiry
 * and the new refresh token where the server rotates it, and gives the new scheme. A refused renewal
 * is exit 4 naming the login command.
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
    refreshToken: string | undefined,
  ): AuthScheme => ({
    ...bearerAuth(access),
    secrets: refreshToken ? [access, refreshToken] : [access],
    expiresAt,
    expiredHint: `sign in again with \`ops ${p.service} login\``,
    refresh: refreshToken && ctx ? () => renew(refreshToken) : undefined,
  });

  async function renew(refreshToken: string): Promise<AuthScheme> {
    const http = await ctx!.http();
    const answer = await postForm(http, endpointsOf(p, s, ctx!.baseUrl).token, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: s.get('client_id'),
      client_secret: p.sendsSecret ? s.get('client_secret') : undefined,
    });
    if (answer.error !== undefined)
      throw new OpsError(`${p.service}: the sign-in expired and could not be renewed (${answer.error})`, {
        exitCode: ExitCode.auth,
        code: 'refresh_refused',
        hint: loginHint,
      });
    const t = readToken(p.service, answer);
    const expiresAt = t.expiresIn === undefined ? jwtExpiry(t.accessToken) : Date.now() + t.expiresIn * 1000;
    await ctx!.save(signInEntries(t.accessToken, expiresAt, t.refreshToken), SIGN_IN_SECRETS);
    return scheme(t.accessToken, expiresAt, t.refreshToken ?? refreshToken);
  }

  const stored = isStoredToken(s, token);
  return scheme(token, tokenExpiry(s, token), stored ? s.get('refresh_token') : undefined);
}
