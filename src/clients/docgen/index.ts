import { oauthRevoke, oauthSettings } from '../oauth/descriptor-parts.js';
import { DOCGEN_OAUTH } from './oauth.js';
import { oauthScheme } from '../oauth/refresh.js';
import type { ServiceDescriptor } from '../descriptor.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { ParsedError } from '../http/types.js';
import { docgenJobPages } from './pages.js';
import type { ClientErrorWire } from './types.js';

/** The only version this API exists in (seed: `content-version` is required and always 2025.0). */
export const CONTENT_VERSION = '2025.0';

/** Document generation (seed 002 A): bearer token, `content-version` on every call, marker pages. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  probe: { path: '/2.0/docgen_jobs', query: { limit: '1' } },
  name: 'docgen',
  title: 'document generation',
  settings: [
    { key: 'token', description: 'access token (OAuth 2.0 bearer token)', secret: true },
    ...oauthSettings(
      DOCGEN_OAUTH,
      'the OAuth client secret of the app (authorization code and client credentials)',
    ),
    {
      key: 'subject_type',
      description: 'box_subject_type of ops docgen login --client-credentials: enterprise or user',
      default: 'enterprise',
      check: (v) => (v === 'enterprise' || v === 'user' ? undefined : 'give enterprise or user'),
    },
    {
      key: 'subject_id',
      description: 'box_subject_id of ops docgen login --client-credentials: the enterprise or user id',
    },
  ],
  auth: (s, ctx) => oauthScheme(DOCGEN_OAUTH, s, ctx),
  revoke: (s, ctx) => oauthRevoke(DOCGEN_OAUTH, s, ctx),
  defaultHeaders: () => ({ 'content-version': CONTENT_VERSION }),
  parseError: parseDocgenError,
  hintFor: docgenHint,
  pageStyle: () => docgenJobPages() as ReturnType<NonNullable<ServiceDescriptor['pageStyle']>>,
};

function isClientError(body: unknown): body is ClientErrorWire {
  const b = body as Partial<ClientErrorWire> | null;
  return Boolean(b && typeof b === 'object' && b.type === 'error' && typeof b.code === 'string');
}

/** The details a `context_info` may carry: `{message}` or `{errors: [{name, message}]}`. */
function contextDetails(info: Record<string, unknown> | null | undefined): string[] {
  if (!info || typeof info !== 'object') return [];
  const out: string[] = [];
  if (typeof info.message === 'string' && info.message !== '') out.push(info.message);
  if (Array.isArray(info.errors)) {
    for (const e of info.errors as Array<Record<string, unknown>>) {
      if (e && typeof e.message === 'string') out.push(e.message);
    }
  }
  return out;
}

/**
 * Reads the ClientError body (`{type: "error", status, code, message, context_info, request_id}`) as
 * `code: message (details)`, with its request id, which support asks for. Other bodies (a proxy's
 * page, a gateway's text) go through the shared reader.
 */
export function parseDocgenError(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ParsedError {
  const generic = parseErrorBody(status, body, headers);
  if (!isClientError(body)) return generic;
  const details = contextDetails(body.context_info).filter((d) => d !== body.message);
  const message = body.message || String(status);
  return {
    message: `${body.code}: ${message}${details.length ? ` (${details.join('; ')})` : ''}`,
    code: body.code,
    requestId: body.request_id || generic.requestId,
  };
}

/** What a person can do about a status; flags are the command layer's to name. */
export function docgenHint(status: number, parsed: ParsedError): string | undefined {
  if (parsed.code === 'invalid_api_version') {
    return `this API exists only in version ${CONTENT_VERSION}, which ops sends in the content-version header; the service refused the header it received, so check that the address is a document-generation service of version ${CONTENT_VERSION} and that no proxy in between drops or changes that header`;
  }
  if (status === 401) {
    return 'the access token is missing, wrong or expired (access tokens last about an hour): sign in with `ops docgen login`, or set a new one in OPS_DOCGEN_TOKEN or with `ops config set docgen.token -`';
  }
  if (status === 403) {
    return 'the token is valid but may not read document-generation jobs: the application behind it needs the Doc Gen scope, and the user access to the content';
  }
  if (status === 404) return "no such item, or the token's user has no access to it";
  return undefined;
}
