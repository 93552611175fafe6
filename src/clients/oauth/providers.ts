import type { SettingsReader } from '../descriptor.js';
import { UsageError } from '../../errors.js';

/** Where a vendor's authorization server answers, from its `auth_url` (and tenant). */
export interface Endpoints {
  authorize?: string;
  token: string;
  device?: string;
  revoke?: string;
}

/**
 * What `ops` knows of one vendor's OAuth: its endpoints, the scope a person's sign-in asks for,
 * the extra authorize parameters, and what the vendor takes (PKCE, a device flow, a client secret).
 */
export interface OAuthProvider {
  service: string;
  /** The `auth_url` setting's default: the vendor's token host. */
  defaultAuthUrl: string;
  endpoints(authUrl: string, tenant?: string): Endpoints;
  /** The scope of a person's sign-in (browser and device). */
  scope: string;
  authorizeParams?: Record<string, string>;
  /** The vendor takes PKCE (S256): sent with every browser sign-in. */
  pkce: boolean;
  /** The client secret is sent with code, device and refresh requests (installed-app clients that have one). */
  sendsSecret: boolean;
  /** The one line a refused device scope needs (Google limits the device flow's scopes). */
  deviceScopeHint?: string;
  /** What the client id must be, for the error that says none is set. */
  clientIdWhat: string;
  /**
   * The vendor's own fields of the client-credentials grant (a subject, a scope), from the settings,
   * checked before any request; absent where the vendor has no such grant for `ops`. The login and
   * the renewal of its token send the same.
   */
  clientCredentialsForm?(s: SettingsReader): Record<string, string>;
}

/** The scope of the directory's client-credentials grant: the resource's `.default`. */
export const DB_CLIENT_CREDENTIALS_SCOPE = 'https://management.azure.com/.default';

const GOOGLE_TOKEN_HOST = 'https://oauth2.googleapis.com';
const BOX_API_HOST = 'https://api.box.com';

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

/**
 * Box OAuth 2.0: the authorize page on account.box.com, token and revoke on api.box.com. Box
 * documents no device flow and no PKCE parameter, so neither is used.
 */
export const DOCGEN_OAUTH: OAuthProvider = {
  service: 'docgen',
  defaultAuthUrl: BOX_API_HOST,
  endpoints: (a) => ({
    authorize:
      a === BOX_API_HOST ? 'https://account.box.com/api/oauth2/authorize' : `${a}/api/oauth2/authorize`,
    token: `${a}/oauth2/token`,
    revoke: `${a}/oauth2/revoke`,
  }),
  scope: '',
  pkce: false,
  sendsSecret: true,
  clientIdWhat: 'a Box Platform app with a redirect URI on http://127.0.0.1',
  clientCredentialsForm(s) {
    const id = s.get('subject_id');
    if (!id)
      throw new UsageError(
        'docgen: --client-credentials needs the subject to sign in as, and docgen.subject_id is not set',
        'set OPS_DOCGEN_SUBJECT_ID or run `ops config set docgen.subject_id ID` (the enterprise id, or a user id with subject_type user)',
      );
    return { box_subject_type: s.get('subject_type') ?? 'enterprise', box_subject_id: id };
  },
};

/** The Microsoft identity platform's v2.0 endpoints of a tenant; there is no revocation endpoint. */
export const DB_OAUTH: OAuthProvider = {
  service: 'db',
  defaultAuthUrl: 'https://login.microsoftonline.com',
  endpoints: (a, tenant = 'organizations') => ({
    token: `${a}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
    device: `${a}/${encodeURIComponent(tenant)}/oauth2/v2.0/devicecode`,
  }),
  scope: 'https://management.azure.com/user_impersonation offline_access',
  pkce: true,
  sendsSecret: false,
  clientIdWhat: 'an application that allows public client flows',
  clientCredentialsForm(s) {
    const tenant = s.get('tenant') ?? 'organizations';
    if (['organizations', 'common', 'consumers'].includes(tenant))
      throw new UsageError(
        `db: --client-credentials needs the directory (tenant) id, not "${tenant}"`,
        'set OPS_DB_TENANT or run `ops config set db.tenant TENANT_ID`',
      );
    return { scope: DB_CLIENT_CREDENTIALS_SCOPE };
  },
};
