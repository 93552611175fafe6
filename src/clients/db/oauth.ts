import { UsageError } from '../../errors.js';
import type { OAuthProvider } from '../oauth/providers.js';

/** The scope of the directory's client-credentials grant: the resource's `.default`. */
export const DB_CLIENT_CREDENTIALS_SCOPE = 'https://management.azure.com/.default';

/** The Microsoft identity platform's v2.0 endpoints of a tenant; there is no revocation endpoint. */
export const DB_OAUTH: OAuthProvider = {
  service: 'db',
  defaultAuthUrl: 'https://login.microsoftonline.com',
  endpoints: (a, s) => {
    const tenant = s.get('tenant') ?? 'organizations';
    return {
      token: `${a}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
      device: `${a}/${encodeURIComponent(tenant)}/oauth2/v2.0/devicecode`,
    };
  },
  scope: 'https://management.azure.com/user_impersonation offline_access',
  pkce: true,
  sendsSecret: false,
  clientIdWhat: 'an application that allows public client flows',
  signInShowsTenant: true,
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
