import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { isObject, parseErrorBody } from '../http/parse-error.js';
import { type SecretRequest, segmentName } from '../http/secret-requests.js';
import type { ParsedError } from '../http/types.js';
import { tokenPages } from './pages.js';

/**
 * The service answers errors in two shapes (reference §D.5): `{message}` (contexts, insights,
 * projects) and `{error}` (policies, decisions, OIDC claims). Both are one message; neither has a code.
 */
export function parsePipelinesError(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ParsedError {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const text =
      typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
    if (text !== undefined && text.trim() !== '') {
      const generic = parseErrorBody(status, undefined, headers);
      return { message: text.trim(), requestId: generic.requestId };
    }
  }
  return parseErrorBody(status, body, headers);
}

function hintFor(status: number, parsed: ParsedError): string | undefined {
  if (status === 401)
    return 'check OPS_PIPELINES_TOKEN: API v2 takes a personal API token (project tokens are refused)';
  if (status === 403)
    return /owner|organization|org/i.test(parsed.message)
      ? "the token's user needs admin rights on that organization"
      : 'the token is valid but lacks the permission for this call';
  if (status === 413)
    return 'the policy bundle is over the service’s size limit; push fewer or smaller policies';
  return undefined;
}

/**
 * A variable's value, in a context or a project, is secret: --dry-run reads it from
 * `OPS_VALUE_<its name>` (the path's last segment, or the body's `name`).
 */
export const secretRequests: readonly SecretRequest[] = [
  {
    methods: ['PUT'],
    path: /^\/api\/v2\/context\/[^/]+\/environment-variable\/([^/]+)$/,
    fields: (m) => [{ path: 'value', name: segmentName(m[1]) }],
  },
  {
    methods: ['POST'],
    path: /^\/api\/v2\/project\/.+\/envvar$/,
    fields: (_, body) => [
      { path: 'value', name: isObject(body) && typeof body.name === 'string' ? body.name : undefined },
    ],
  },
];

/** Pipeline administration (seed 001 D): `Pipeline-Token`, `next_page_token` / `page-token` pages. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  probe: { path: '/api/v2/me/collaborations' },
  name: 'pipelines',
  title: 'pipeline administration',
  settings: [
    { key: 'token', description: 'personal API token (Pipeline-Token)', secret: true },
    {
      key: 'org',
      description:
        'organization of contexts, claims, policies and insights when --org is not given: slug (gh/acme), name or id',
    },
  ],
  secretHeaders: ['Pipeline-Token'],
  secretRequests,
  auth: (s) => headerAuth('Pipeline-Token', s.require('token')),
  parseError: parsePipelinesError,
  hintFor,
  pageStyle: () => tokenPages<unknown>(),
};
