import type { SettingsReader } from '../descriptor.js';

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
  /** From the `auth_url` and the service's settings (the directory's tenant). */
  endpoints(authUrl: string, s: SettingsReader): Endpoints;
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
  /** The token names a directory (tenant): the sign-in's outcome shows it beside the user. */
  signInShowsTenant?: boolean;
}
