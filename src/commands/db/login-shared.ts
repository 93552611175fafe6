import type { SettingsReader } from '../../clients/descriptor.js';
import { tokenFingerprint } from '../../clients/db/index.js';
import { type SaveOptions, saveCredentials } from '../../config/credentials.js';
import type { Settings } from '../../config/settings.js';
import { ExitCode, OpsError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { requireClientId, resolveServerUrl } from '../../clients/oauth/server-url.js';
import { browserSignIn } from '../../auth/oauth/browser-sign-in.js';
import type { ImplicitGrant } from '../../auth/oauth/loopback.js';

/** The seed's authorize URL with the implicit flow's parameters (seed C, Authentication). */
export function authorizeUrl(authUrl: string, clientId: string, redirectUri: string, state: string): string {
  const q = new URLSearchParams({
    client_id: clientId,
    response_type: 'token',
    redirect_uri: redirectUri,
    scope: 'user_impersonation',
    state,
  });
  return `${authUrl}/common/oauth2/authorize?${q}`;
}

/**
 * `db.auth_url` (flag, env, profile, default the public cloud's) made absolute against the base URL
 * where it is relative; the client id must be set.
 */
export function resolveAuthUrl(
  s: SettingsReader,
  baseUrlFlag: string | undefined,
): { authUrl: string; clientId: string } {
  const authUrl = resolveServerUrl(
    'db',
    s.get('auth_url') ?? '',
    baseUrlFlag ?? s.get('base_url'),
    'https://login.microsoftonline.com',
  );
  const clientId = requireClientId(
    'db',
    s.get('client_id'),
    'an application that allows the implicit grant and http://127.0.0.1 redirects',
  );
  return { authUrl, clientId };
}

export { parseStdinToken } from '../../auth/stdin-token.js';

/** Keeps the token in the profile (mode 0600), with its expiry tied to it by fingerprint. */
export async function storeToken(
  settings: Settings,
  token: string,
  expiresAt: number | undefined,
  o: SaveOptions = {},
): Promise<string> {
  const { profile } = await saveCredentials(
    settings,
    'db',
    {
      token,
      token_expires_at: expiresAt === undefined ? undefined : new Date(expiresAt).toISOString(),
      token_fingerprint: expiresAt === undefined ? undefined : tokenFingerprint(token),
      // A refresh token or a client-credentials mark of an earlier sign-in belongs to that sign-in.
      refresh_token: undefined,
      token_grant: undefined,
    },
    ['token', 'refresh_token'],
    o,
  );
  return profile;
}

/** What a browser sign-in needs (the browser and print modes of `ops db login`). */
export interface SignInOptions {
  io: Io;
  feedback: Feedback;
  mode: import('../../auth/login-flags.js').LoginMode;
  authUrl: string;
  clientId: string;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
}

/**
 * One implicit-flow sign-in in a browser on this machine; the token comes in the redirect's fragment.
 */
export async function signInWithBrowser(o: SignInOptions): Promise<ImplicitGrant> {
  const { answer } = await browserSignIn({
    ...o,
    service: 'db',
    print: o.mode === 'print',
    authorizeUrl: (redirectUri, state) => authorizeUrl(o.authUrl, o.clientId, redirectUri, state),
  });
  if (answer.accessToken === undefined)
    throw new OpsError(
      'db: the sign-in answered a code, not the token of the implicit flow; nothing was stored',
      {
        exitCode: ExitCode.auth,
        code: 'login_failed',
        hint: 'check that --auth-url is the directory of the application',
      },
    );
  return answer;
}
