import { json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { errorBody, fail } from './errors.js';
import type { Grant } from './routes.js';
import { OTHER_USER_TOKEN, READONLY_TOKEN } from './seed.js';
import type { TasksKit } from './state.js';

const REALM = 'Bearer realm="tasks"';

/**
 * The bearer token (or the `access_token` / `oauth_token` query parameter the service also reads),
 * the scope of a change, then the limit per user.
 */
export function bearerGate(
  k: TasksKit,
  counts: Record<string, number>,
  registry: { check(token: string): string },
): Gate<Grant, boolean> {
  const limit = k.settings.int('rate_limit');
  const period = k.settings.int('rate_period');
  const token = k.credentials.token ?? 'sandbox-tasks-token';
  const grants = new Map<string, Grant>([
    [token, { user: 'sandbox', write: true }],
    [READONLY_TOKEN, { user: 'sandbox', write: false }],
    [OTHER_USER_TOKEN, { user: 'other', write: true }],
  ]);
  return new Gate<Grant, boolean>({
    clock: k.clock,
    counts,
    authenticate(req, change) {
      const header = req.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      const given = bearer ?? req.query.get('access_token') ?? req.query.get('oauth_token') ?? undefined;
      if (!given)
        throw fail(
          401,
          'required',
          'Request is missing required authentication credential. Expected OAuth 2 access token or other valid authentication credential.',
          { 'www-authenticate': REALM },
        );
      // The fixed tokens, or one the authorization server issued and that has not expired.
      const grant = grants.get(given) ?? (registry.check(given) === 'valid' ? grants.get(token) : undefined);
      if (!grant)
        throw fail(
          401,
          'authError',
          'Request had invalid authentication credentials. Expected OAuth 2 access token or other valid authentication credential.',
          { 'www-authenticate': `${REALM}, error="invalid_token"` },
        );
      if (change && !grant.write)
        throw fail(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', {
          'www-authenticate': `${REALM}, error="insufficient_scope", scope="tasks"`,
        });
      return grant;
    },
    rate: {
      limit,
      windowMs: period * 1000,
      key: (_req, grant) => grant.user,
      refuse: () =>
        json(
          429,
          errorBody(
            429,
            'rateLimitExceeded',
            `Rate limit exceeded: more than ${limit} requests in ${period} s for this user.`,
          ),
        ),
    },
    tally: (reply, _req, change) =>
      reply.status === 400 ? 'invalid' : change && reply.status < 300 ? 'changes' : undefined,
  });
}
