import { oauthRevoke, oauthSettings } from '../oauth/descriptor-parts.js';
import { TASKS_OAUTH } from './oauth.js';
import { oauthScheme } from '../oauth/refresh.js';
import type { ServiceDescriptor } from '../descriptor.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { ParsedError } from '../http/types.js';
import { taskPages } from './pages.js';
import type { ErrorWire } from './types.js';

/** The service's alias for the user's default task list. */
export const DEFAULT_LIST = '@default';

/** Task lists (seed 001 B): OAuth bearer token (renewed with a stored refresh token), `nextPageToken` pages, the vendor-wide error body. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'token',
  probe: { path: '/tasks/v1/users/@me/lists', query: { maxResults: '1' } },
  name: 'tasks',
  title: 'task lists',
  settings: [
    { key: 'token', description: 'OAuth access token (Authorization: Bearer)', secret: true },
    ...oauthSettings(
      TASKS_OAUTH,
      'the OAuth client secret of the installed app (sent, though Google does not treat it as secret)',
    ),
    {
      key: 'list',
      description: 'task list used when none is named: an id, an exact title or @default',
      default: DEFAULT_LIST,
    },
  ],
  auth: (s, ctx) => oauthScheme(TASKS_OAUTH, s, ctx),
  revoke: (s, ctx) => oauthRevoke(TASKS_OAUTH, s, ctx),
  parseError: parseTasksError,
  hintFor: tasksHint,
  // A quota spent is a 403 with these reasons as well as a 429 (reference: doc2-gaps).
  rateLimitWait: (status, parsed) =>
    status === 403 && (parsed.code === 'rateLimitExceeded' || parsed.code === 'userRateLimitExceeded')
      ? 0
      : undefined,
  pageStyle: () => taskPages(),
};

/**
 * `{"error": {"code", "message", "errors": [{"message", "domain", "reason"}], "status"}}`: the code
 * shown is the first reason (`notFound`, `invalid`, `insufficientPermissions`), else the status name.
 */
export function parseTasksError(status: number, body: unknown, headers: Record<string, string>): ParsedError {
  const parsed = parseErrorBody(status, body, headers);
  const e = (body && typeof body === 'object' ? (body as ErrorWire).error : undefined) ?? undefined;
  if (!e || typeof e !== 'object') return parsed;
  const reason = e.errors?.find((x) => typeof x?.reason === 'string')?.reason;
  return { ...parsed, code: reason ?? (typeof e.status === 'string' ? e.status : parsed.code) };
}

/** What a person can do about an answer; no flag is named here (the command layer adds those). */
export function tasksHint(status: number, parsed: ParsedError): string | undefined {
  if (status === 401)
    return 'the access token is missing, expired or unknown: sign in with `ops tasks login`, or set a valid one with OPS_TASKS_TOKEN or `ops config set tasks.token -` (reads it from stdin)';
  if (status === 403 && /scope|permission/i.test(`${parsed.code} ${parsed.message}`))
    return 'the token may only read (tasks.readonly scope); changing lists and tasks needs a token with the tasks scope';
  return undefined;
}
