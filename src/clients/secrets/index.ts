import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { parseErrorBody } from '../http/parse-error.js';
import { isObject } from '../http/parse-error.js';
import type { SecretRequest } from '../http/secret-requests.js';
import type { ParsedError } from '../http/types.js';

/**
 * The server sometimes wraps several errors in one string ("2 errors occurred:\n\t* a\n\t* b\n\n");
 * they are shown as one line, "a; b".
 */
function parseSecretsError(status: number, body: unknown, headers: Record<string, string>): ParsedError {
  const parsed = parseErrorBody(status, body, headers);
  const message = parsed.message
    .replace(/\d+ errors? occurred:\s*/g, '')
    .split(/\n\t\* |\n+/)
    .map((s) => s.replace(/^\t?\*\s*/, '').trim())
    .filter(Boolean)
    .join('; ');
  return { ...parsed, message: message || parsed.message };
}

/** Said so that it holds for `ops secrets …` (which has --namespace) and `ops api secrets …` (which has not). */
const MANAGED =
  'on a managed cluster set the namespace to admin: OPS_SECRETS_NAMESPACE=admin, `ops config set secrets.namespace admin`, or --namespace admin on `ops secrets` commands';

function hintFor(status: number, parsed: ParsedError): string | undefined {
  if (status === 403) {
    return /preflight/.test(parsed.message)
      ? `no mount holds the path, or the token cannot reach it; \`ops secrets read sys/internal/ui/mounts\` shows the mounts the token can reach (${MANAGED})`
      : `check the token (\`ops secrets login\`, OPS_SECRETS_TOKEN); ${MANAGED}`;
  }
  if (status === 503 && /sealed/i.test(parsed.message))
    return 'the store is sealed; unseal it with `ops secrets operator unseal`';
  if (status === 501) return 'the store is not initialized; run `ops secrets operator init`';
  if (status === 412)
    return 'the server lacks data it will have soon (eventually consistent); retry later or raise --retries';
  if (status === 413) return "the request body is over the listener's size limit (32 MB by default)";
  return undefined;
}

/**
 * Any path of the store may hold secrets (a KV secret, a token, a login, init's keys), as
 * `ops secrets read` and `write` treat it; these carve out the requests that carry none: the store's
 * state, its mounts, KV metadata and version changes, deletes and lists. A KV v2 write's secret values
 * are under `data` (its `options`, the check-and-set, are not). The client marks each of its requests
 * itself, by what it knows of the mount; test/secrets/secret-requests.test.ts holds the two together.
 */
export const secretRequests: readonly SecretRequest[] = [
  { path: /^\/v1\/sys\/(?:health|seal-status|seal|leader|internal\/ui\/mounts(?:\/.*)?)$/, secret: false },
  { methods: ['DELETE', 'LIST'], path: /^\/v1\//, secret: false },
  {
    methods: ['POST', 'PUT', 'PATCH'],
    path: /^\/v1\/.+\/data\/./,
    fields: (_, body) => (isObject(body) && isObject(body.data) ? [{ path: 'data' }] : undefined),
  },
  // Before metadata's rule: a key may end in `metadata` (`secret/data/app/metadata`).
  { path: /^\/v1\/.+\/data\/./ },
  { path: /^\/v1\/.+\/(?:metadata|delete|undelete|destroy)(?:\/.*)?$/, secret: false },
  { path: /^\/v1\// },
];

/** Secrets store (seed 000 A): token in `X-Secrets-Token`, optional namespace header, 412 retried. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  // The token's own lookup: every token may read itself (seed A, token auth).
  probe: { path: '/v1/auth/token/lookup-self' },
  name: 'secrets',
  title: 'secrets store',
  settings: [
    { key: 'token', description: 'client token', secret: true },
    { key: 'namespace', description: 'namespace sent as X-Secrets-Namespace' },
  ],
  secretHeaders: ['X-Secrets-Token'],
  secretRequests,
  auth: (s) => {
    const token = s.get('token');
    return token ? headerAuth('X-Secrets-Token', token) : undefined;
  },
  defaultHeaders: (s) => {
    const ns = s.get('namespace');
    return { 'X-Secrets-Request': 'true', ...(ns ? { 'X-Secrets-Namespace': ns } : {}) };
  },
  retryStatuses: [412],
  parseError: parseSecretsError,
  hintFor,
};
