import type { OAuthProvider } from '../oauth/providers.js';

const GOOGLE_TOKEN_HOST = 'https://oauth2.googleapis.com';

/**
 * Google OAuth 2.0 for installed apps: the authorize page is on accounts.google.com, the token,
 * device and revoke endpoints on oauth2.googleapis.com. Another `auth_url` (the sandbox's) serves
 * all four under it, at the same paths.
 */
export const TASKS_OAUTH: OAuthProvider = {
  service: 'tasks',
  defaultAuthUrl: GOOGLE_TOKEN_HOST,
  endpoints: (a) => ({
    authorize:
      a === GOOGLE_TOKEN_HOST ? 'https://accounts.google.com/o/oauth2/v2/auth' : `${a}/o/oauth2/v2/auth`,
    token: `${a}/token`,
    device: `${a}/device/code`,
    revoke: `${a}/revoke`,
  }),
  scope: 'https://www.googleapis.com/auth/tasks',
  // A refresh token comes only with offline access.
  authorizeParams: { access_type: 'offline' },
  pkce: true,
  sendsSecret: true,
  deviceScopeHint:
    "Google's device flow does not grant the tasks scope: sign in with a browser (ops tasks login, or --no-browser to print the address)",
  clientIdWhat: 'an OAuth client of type Desktop app; its secret goes in tasks.client_secret',
};
