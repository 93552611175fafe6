import { randomUUID } from 'node:crypto';
import { json } from '../framework.js';
import type { OAuthVendor } from './server.js';

type Client = { clientId: string; clientSecret: string };

/** Google's statuses of the token endpoint's refusals (OAuth 2.0 for installed apps and devices). */
const GOOGLE_STATUS: Record<string, number> = {
  invalid_client: 401,
  authorization_pending: 428,
  slow_down: 403,
  access_denied: 403,
};

export const TASKS_SCOPE = 'https://www.googleapis.com/auth/tasks';

/**
 * Google's authorization server for installed apps: `/o/oauth2/v2/auth`, `/token`, `/device/code`,
 * `/revoke`. A refresh token comes with `access_type=offline` (and always with a device code); the
 * device flow grants only a short list of scopes, which the tasks scopes are not in: a device code
 * for them is refused with invalid_scope, as the real server does.
 */
export function google(c: Client): OAuthVendor {
  return {
    paths: {
      authorize: '/o/oauth2/v2/auth',
      token: '/token',
      device: '/device/code',
      verify: '/device',
      revoke: '/revoke',
    },
    ...c,
    secretRequired: true,
    scopes: [TASKS_SCOPE, `${TASKS_SCOPE}.readonly`],
    deviceScopes: [
      'openid',
      'email',
      'profile',
      'https://www.googleapis.com/auth/drive.file',
      'https://www.googleapis.com/auth/youtube',
      'https://www.googleapis.com/auth/youtube.readonly',
    ],
    pkce: 'accepted',
    rotate: false,
    refreshFor: (p) => p.get('access_type') === 'offline' || (p.has('scope') && !p.has('redirect_uri')),
    deviceAnswer: (d) => ({
      device_code: d.deviceCode,
      user_code: d.userCode,
      verification_url: d.verification,
      expires_in: d.expiresIn,
      interval: d.interval,
    }),
    error: (code, description) =>
      json(GOOGLE_STATUS[code] ?? 400, { error: code, error_description: description }),
  };
}

/**
 * Box's OAuth 2.0: `/api/oauth2/authorize` (on the account host), `/oauth2/token`, `/oauth2/revoke`;
 * every refresh token is single use and the refresh answers a new one; the client-credentials grant
 * names its subject (`box_subject_type` enterprise or user, `box_subject_id`). No device flow, and no
 * PKCE in Box's documentation: a challenge is ignored.
 */
export function box(c: Client & { enterpriseId: string; userId: string; appScope: string }): OAuthVendor {
  return {
    paths: { authorize: '/api/oauth2/authorize', token: '/oauth2/token', revoke: '/oauth2/revoke' },
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    secretRequired: true,
    // Box scopes are set on the application (the API's own one too); a request may name them or none.
    scopes: ['root_readwrite', 'root_readonly', c.appScope, ''],
    pkce: 'ignored',
    rotate: true,
    refreshFor: () => true,
    deviceAnswer: () => ({}),
    error: (code, description) => json(400, { error: code, error_description: description }),
    clientCredentials(form) {
      const type = form.get('box_subject_type');
      const id = form.get('box_subject_id');
      if (type !== 'enterprise' && type !== 'user')
        return { error: ['invalid_request', 'The "box_subject_type" must be enterprise or user'] };
      if (id !== (type === 'enterprise' ? c.enterpriseId : c.userId))
        return { error: ['invalid_grant', 'Grant credentials are invalid'] };
      return { scope: 'root_readwrite' };
    },
  };
}

/** AADSTS numbers of the refusals the sandbox gives (the directory's `error_codes`). */
const AADSTS: Record<string, [number, number]> = {
  authorization_pending: [400, 70016],
  authorization_declined: [400, 70000],
  bad_verification_code: [400, 70019],
  expired_token: [400, 70020],
  invalid_client: [401, 7000215],
  invalid_grant: [400, 70000],
  invalid_scope: [400, 70011],
  invalid_request: [400, 900144],
  unsupported_grant_type: [400, 70003],
  slow_down: [400, 70016],
};

export const ARM_SCOPE = 'https://management.azure.com/user_impersonation';
export const ARM_DEFAULT_SCOPE = 'https://management.azure.com/.default';

/**
 * The Microsoft identity platform's v2.0 endpoints under `/{tenant}/oauth2/v2.0/`: `devicecode`,
 * `token` (device code, client credentials, refresh with offline_access). No revocation endpoint.
 * Refusals carry the AADSTS body: error, error_description, error_codes, timestamp, trace_id,
 * correlation_id.
 */
export function microsoft(c: Client, tenant: string): OAuthVendor {
  const base = `/${tenant}/oauth2/v2.0`;
  return {
    paths: { token: `${base}/token`, device: `${base}/devicecode`, verify: '/devicelogin' },
    ...c,
    secretRequired: false,
    scopes: [ARM_SCOPE, ARM_DEFAULT_SCOPE, 'user_impersonation'],
    pkce: 'accepted',
    rotate: false,
    refreshFor: (_p, scope) => scope.split(/\s+/).includes('offline_access'),
    deviceAnswer: (d) => ({
      user_code: d.userCode,
      device_code: d.deviceCode,
      verification_uri: d.verification,
      expires_in: d.expiresIn,
      interval: d.interval,
      message: `To sign in, use a web browser to open the page ${d.verification} and enter the code ${d.userCode} to authenticate.`,
    }),
    error(code, description) {
      const [status, n] = AADSTS[code] ?? [400, 90000];
      return json(status, {
        error: code,
        error_description: `AADSTS${n}: ${description}`,
        error_codes: [n],
        timestamp: new Date()
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, 'Z'),
        trace_id: randomUUID(),
        correlation_id: randomUUID(),
      });
    },
    clientCredentials(form) {
      const scope = form.get('scope') ?? '';
      if (scope !== ARM_DEFAULT_SCOPE)
        return {
          error: [
            'invalid_scope',
            `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.`,
          ],
        };
      return { scope };
    },
  };
}
