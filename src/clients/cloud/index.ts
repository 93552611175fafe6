import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { SecretRequest } from '../http/secret-requests.js';
import type { ParsedError } from '../http/types.js';
import { FIRST_LIST } from '../http/paginate.js';
import { cloudPages } from './pages.js';
import type { ErrorResultWire } from './types.js';

/** The errorResult body as read: besides message and code, the per-field details and the user message. */
export interface CloudParsedError extends ParsedError {
  /** `errorDetails`: field → messages. */
  details?: Record<string, string[]> | undefined;
  userMessage?: string | undefined;
}

function isErrorResult(body: unknown): body is ErrorResultWire {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    ('errorMessage' in body || 'errorCode' in body)
  );
}

/**
 * Reads the errorResult body (reference §C.1): `errorCode` and `errorMessage` make the one error line
 * ("(APP00800) The instance is not running"), `correlationId` is the request id shown for support, and
 * `errorDetails` ({field: [messages]}) is kept for the hint. Anything else (a proxy's HTML page, plain
 * text) is read by the shared parser.
 */
export function parseCloudError(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): CloudParsedError {
  if (!isErrorResult(body)) return parseErrorBody(status, body, headers);
  const code = typeof body.errorCode === 'string' && body.errorCode !== '' ? body.errorCode : undefined;
  const text = body.errorMessage || body.userMessage || (code ? `error ${code}` : `HTTP ${status}`);
  const details =
    body.errorDetails && typeof body.errorDetails === 'object' && Object.keys(body.errorDetails).length
      ? body.errorDetails
      : undefined;
  return {
    message: code ? `(${code}) ${text}` : text,
    code,
    requestId: body.correlationId || parseErrorBody(status, undefined, headers).requestId,
    details,
    userMessage: body.userMessage && body.userMessage !== body.errorMessage ? body.userMessage : undefined,
  };
}

/** "rootDiskSize: at least 50 GB for a Windows image; sshKey: …", for the hint line. */
export function detailsText(details: Record<string, unknown> | undefined): string | undefined {
  if (!details) return undefined;
  const parts = Object.entries(details).map(
    ([field, msgs]) => `${field}: ${Array.isArray(msgs) ? msgs.join(', ') : String(msgs)}`,
  );
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * Hints from facts only (no flag names; commands add those): the per-field details, the user message,
 * what fixes a rejected key, and the correlation id to quote to support when the service failed.
 */
export function cloudHint(status: number, parsed: ParsedError): string | undefined {
  const p = parsed as CloudParsedError;
  const parts: string[] = [];
  const details = detailsText(p.details);
  if (details) parts.push(details);
  if (p.userMessage) parts.push(p.userMessage);
  if (status === 401 || status === 403)
    parts.push('check the API key (OPS_CLOUD_API_KEY or `ops config set cloud.api_key -`)');
  if (status >= 500 && p.requestId)
    parts.push(`if it persists, quote correlation id ${p.requestId} to support`);
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * An instance's stored credentials: a new one's password, and one read or changed whole (its
 * password, by type and user name).
 */
export const secretRequests: readonly SecretRequest[] = [
  {
    methods: ['POST'],
    path: /^\/publicCloud\/v1\/instances\/[^/]+\/credentials$/,
    fields: () => [{ path: 'password' }],
  },
  { methods: ['GET', 'PUT'], path: /^\/publicCloud\/v1\/instances\/[^/]+\/credentials\/[^/]+\/[^/]+$/ },
];

/** Cloud hosting (seed 002 C): `X-Cloud-Auth` key, `offset`/`limit` with `_metadata`, errorResult bodies. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'api_key',
  probe: { path: '/publicCloud/v1/instances', query: { limit: '1' } },
  name: 'cloud',
  title: 'cloud hosting',
  settings: [{ key: 'api_key', description: 'API key (X-Cloud-Auth)', secret: true }],
  secretHeaders: ['X-Cloud-Auth'],
  secretRequests,
  auth: (s) => headerAuth('X-Cloud-Auth', s.require('api_key')),
  parseError: parseCloudError,
  hintFor: cloudHint,
  // `ops api cloud --paginate` reads the one named array of whichever list it is given.
  pageStyle: () => cloudPages<unknown>(FIRST_LIST),
};
