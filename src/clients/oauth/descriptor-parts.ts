import type { AuthContext, SettingSpec, SettingsReader } from '../descriptor.js';
import type { OAuthProvider } from './providers.js';
import { endpointsOf } from './refresh.js';
import { postForm } from './token.js';

/** The settings of a service whose `ops <service> login` signs in with OAuth, besides `token`. */
export function oauthSettings(p: OAuthProvider, secretWhat: string): SettingSpec[] {
  return [
    {
      key: 'refresh_token',
      description: `refresh token (written by ops ${p.service} login)`,
      secret: true,
      signInOnly: true,
    },
    {
      key: 'token_expires_at',
      description: `when the stored token expires (written by ops ${p.service} login)`,
    },
    ...(p.clientCredentialsForm
      ? [
          {
            key: 'token_grant',
            description: `client_credentials when the stored token was got with the client secret, which renews it (written by ops ${p.service} login)`,
          },
        ]
      : []),
    {
      key: 'token_fingerprint',
      description: `SHA-256 prefix of the token that token_expires_at belongs to (written by ops ${p.service} login)`,
    },
    {
      key: 'auth_url',
      description: 'authorization server address; may be relative to the base URL',
      default: p.defaultAuthUrl,
    },
    { key: 'client_id', description: `OAuth client id for ops ${p.service} login` },
    { key: 'client_secret', description: secretWhat, secret: true, signInOnly: true },
  ];
}

/**
 * Revokes what a sign-in stored, best effort: the refresh token where there is one (the vendors
 * revoke the access tokens issued with it), else the access token.
 */
export async function oauthRevoke(p: OAuthProvider, s: SettingsReader, ctx: AuthContext): Promise<void> {
  const token = s.get('refresh_token') ?? s.get('token');
  const url = endpointsOf(p, s, ctx.baseUrl).revoke;
  if (!token || !url) return;
  await postForm(await ctx.http(), url, {
    token,
    client_id: s.get('client_id'),
    client_secret: p.sendsSecret ? s.get('client_secret') : undefined,
  });
}
