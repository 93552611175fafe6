import type { ServiceDescriptor } from '../descriptor.js';
import { prefixedAuth } from '../http/auth.js';
import { FIRST_LIST, linkStyle } from '../http/paginate.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { SecretRequest } from '../http/secret-requests.js';
import type { ParsedError } from '../http/types.js';
import type { RunsErrorWire } from './types.js';

/**
 * The v3 JSON vendor media type the seed names as the default Accept, then plain JSON: a mock built
 * from the service's description answers only an Accept that includes application/json.
 */
export const RUNS_ACCEPT = 'application/vnd.github.v3+json, application/json';

/** Reads basic-error `{message, documentation_url}` and validation-error `{message, errors:[…]}`. */
export function parseRunsError(status: number, body: unknown, headers: Record<string, string>): ParsedError {
  const base = parseErrorBody(status, body, headers);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return base;
  const b = body as RunsErrorWire;
  if (typeof b.message !== 'string' || b.message === '') return base;
  const details = (b.errors ?? [])
    .map((e) =>
      typeof e === 'string'
        ? e
        : (e.message ?? [e.resource, e.field, e.code].filter(Boolean).join(' ')) || JSON.stringify(e),
    )
    .filter((s) => s !== '');
  return {
    message: details.length ? `${b.message}: ${details.join('; ')}` : b.message,
    code: base.code,
    requestId: headers['x-github-request-id'] ?? base.requestId,
    conflict: status === 409 || (status === 403 && STATE_CONFLICT.test(b.message)),
  };
}

/**
 * The service refuses an action on a run in the wrong state with a 403 (rerun or approve of a run not
 * finished or not waiting) as well as a 409: such a refusal is exit 1, never the 4 of a credential.
 */
const STATE_CONFLICT =
  /not (yet )?completed|not possible yet|waiting for approval|no failed jobs|latest attempt|cannot (re-?run|cancel|delete|approve)/i;

/** Hints for people; the command layer adds the flags that fix things. */
export function runsHint(status: number, parsed: ParsedError): string | undefined {
  if (/rate limit/i.test(parsed.message))
    return 'the service limits requests; wait until the limit resets and try again';
  if (status === 401)
    return 'the token is missing, expired or wrong: set OPS_RUNS_TOKEN, or run `ops config set runs.token -`';
  if (status === 403 && /not accessible|permission|admin|scope|forbidden/i.test(parsed.message))
    return 'the token lacks a permission: repository operations need the repo scope (admin rights for runners), organisation ones admin:org';
  if (status === 404 && /^not found$/i.test(parsed.message))
    return 'no such repository, organisation or resource, or the token cannot see it (a private repository answers 404 to a token without access)';
  return undefined;
}

/**
 * The service's rate limits (reference: doc2-gaps) come as 403 as well as 429: the primary one with
 * `x-ratelimit-remaining: 0` (waited out until `x-ratelimit-reset`), the secondary one named in the
 * message (`retry-after` when given, else at least 60 s).
 */
export function runsRateLimitWait(
  status: number,
  parsed: ParsedError,
  headers: Record<string, string>,
): number | undefined {
  if (status !== 403) return undefined;
  if (headers['x-ratelimit-remaining'] === '0') return 0;
  if (/secondary rate limit/i.test(parsed.message)) return headers['retry-after'] ? 0 : 60;
  return undefined;
}

/**
 * A secret's sealed value and key id (a repository's, an organisation's or an environment's) reveal
 * nothing: --dry-run shows them as they are, so that its line makes the same change; --debug masks them.
 */
export const secretRequests: readonly SecretRequest[] = [
  {
    methods: ['PUT'],
    path: /^\/(?:repos\/[^/]+\/[^/]+(?:\/environments\/[^/]+)?|orgs\/[^/]+\/actions|repos\/[^/]+\/[^/]+\/actions)\/secrets\/[^/]+$/,
    fields: () => [],
  },
];

/**
 * Workflow automation (seed 001 A): `Authorization: token <token>`, a user agent on every request,
 * the v3 media type, and page/per_page lists that follow `Link: rel="next"`. `repo` (OWNER/REPO) and
 * `org` say which repository and organisation the commands act on.
 */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  workContext: { setting: 'repo', webHost: 'web_host' },
  // The API's root: the one path of the seed besides issues, and it takes the token.
  probe: { path: '/' },
  name: 'runs',
  title: 'workflow automation',
  settings: [
    { key: 'token', description: 'personal access token (Authorization: token …)', secret: true },
    { key: 'repo', description: 'repository the commands act on, OWNER/REPO' },
    { key: 'org', description: 'organisation of the organisation-level commands' },
    {
      key: 'web_host',
      description: "host of the service's web pages, where git remotes point (default: from base_url)",
    },
  ],
  auth: (s) => {
    const token = s.get('token');
    return token ? prefixedAuth('token', token) : undefined;
  },
  defaultHeaders: (_s, userAgent) => ({ accept: RUNS_ACCEPT, 'user-agent': userAgent }),
  secretRequests,
  parseError: parseRunsError,
  hintFor: runsHint,
  rateLimitWait: runsRateLimitWait,
  // `ops api runs … --paginate`: every list is `{total_count, <items>: […]}` except runner downloads.
  pageStyle: () =>
    linkStyle({
      items: FIRST_LIST,
      total: 'total_count',
    }),
};
