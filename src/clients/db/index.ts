import { type ServiceDescriptor, isCalendarDate } from '../descriptor.js';
import { DB_OAUTH } from './oauth.js';
import { oauthScheme } from '../oauth/refresh.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { ParsedError } from '../http/types.js';
import { nextLinkPages } from './pages.js';

/** The api-version the reference names (C.2): the newest stable one of the role-assignment API. */
export const DEFAULT_API_VERSION = '2025-10-15';
/** The hint for an api-version that is not a real date, with `-preview` or not, else undefined. */
export function checkApiVersion(v: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(-preview)?$/.exec(v);
  return m && isCalendarDate(m[1]!) ? undefined : `give a date such as ${DEFAULT_API_VERSION}`;
}

/** The seed's `{auth_url}` of the public cloud (reference C.5). */
export const DEFAULT_AUTH_URL = 'https://login.microsoftonline.com';

export { jwtClaims, jwtExpiry, tokenExpiry, tokenFingerprint } from '../oauth/stored-token.js';

/** CloudError `{error: {code, message, target?}}`; ARM's request id headers name the request. */
function parseError(status: number, body: unknown, headers: Record<string, string>): ParsedError {
  const parsed = parseErrorBody(status, body, headers);
  const requestId = headers['x-ms-request-id'] ?? headers['x-ms-correlation-request-id'] ?? parsed.requestId;
  return { ...parsed, requestId };
}

function hintFor(
  status: number,
  parsed: ParsedError,
  o: { credentialEnv?: string | undefined } = {},
): string | undefined {
  if (status === 401) {
    // Signing in again would change nothing: the environment wins over what `ops db login` stores.
    if (o.credentialEnv)
      return `the token sent is ${o.credentialEnv} from the environment, which wins over \`ops db login\`: unset it or give a valid one`;
    return parsed.code === 'ExpiredAuthenticationToken'
      ? 'the access token expired: sign in again with `ops db login`'
      : 'the access token was not accepted: sign in with `ops db login`, or check OPS_DB_TOKEN';
  }
  if (status === 403)
    return 'the signed-in principal may not manage role assignments of this account (it needs Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments/write or read)';
  if (
    status === 404 &&
    /^(ResourceNotFound|ParentResourceNotFound|ResourceGroupNotFound|SubscriptionNotFound)$/.test(
      parsed.code ?? '',
    )
  )
    return 'check the subscription, resource group and account (OPS_DB_SUBSCRIPTION, OPS_DB_RESOURCE_GROUP, OPS_DB_ACCOUNT)';
  if (status === 409 && parsed.code === 'Conflict')
    return 'an assignment of the same role to the same principal at the same scope exists under another id; `ops db role-assignment list` shows it';
  return undefined;
}

/**
 * Database role assignment (seed 001 C): a bearer token from the implicit OAuth flow (`ops db login`),
 * the account addressed by subscription, resource group and name, `api-version` on every request.
 */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  probe: {
    path: '/subscriptions/{subscription}/resourceGroups/{resource_group}/providers/Microsoft.DocumentDB/databaseAccounts/{account}/sqlRoleDefinitions',
    query: { 'api-version': '{api_version}' },
  },
  name: 'db',
  title: 'database role assignment',
  settings: [
    { key: 'token', description: 'access token (bearer)', secret: true },
    { key: 'token_expires_at', description: 'when the stored token expires (written by ops db login)' },
    {
      key: 'token_fingerprint',
      description: 'SHA-256 prefix of the token that token_expires_at belongs to (written by ops db login)',
    },
    {
      key: 'auth_url',
      description: 'authorization server address; may be relative to the base URL',
      default: DEFAULT_AUTH_URL,
    },
    { key: 'client_id', description: 'OAuth client (application) id for ops db login' },
    {
      key: 'refresh_token',
      description: 'refresh token (written by ops db login --device)',
      secret: true,
      signInOnly: true,
    },
    {
      key: 'client_secret',
      description: 'client secret of the application, for ops db login --client-credentials',
      secret: true,
      signInOnly: true,
    },
    {
      key: 'tenant',
      description: 'directory (tenant) id or domain of the v2.0 sign-ins; client credentials need a real one',
      default: 'organizations',
    },
    { key: 'subscription', description: 'subscription id of the database account' },
    { key: 'resource_group', description: 'resource group of the database account' },
    { key: 'account', description: 'database account name' },
    {
      key: 'api_version',
      description: 'api-version query value',
      default: DEFAULT_API_VERSION,
      check: checkApiVersion,
    },
  ],
  // No revoke: the Microsoft identity platform has no revocation endpoint; logout only forgets.
  auth: (s, ctx) => oauthScheme(DB_OAUTH, s, ctx),
  parseError,
  hintFor,
  pageStyle: () => nextLinkPages<unknown>(),
};
