import { randomUUID } from 'node:crypto';
import type { Resettable } from '../core/anatomy.js';
import { ReplyError, type SandboxRequest } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { mountAuthServer } from '../core/oauth/mount.js';
import { TokenRegistry } from '../core/oauth/registry.js';
import { microsoft } from '../core/oauth/vendors.js';
import { cloudError } from './errors.js';
import { routes } from './routes.js';
import { SANDBOX_TENANT } from './seed.js';
import { type DbKit, DbState, type Outcome } from './state.js';
import { Tokens, mintDirectoryToken } from './tokens.js';

/** What lives across resets: the role state, the sign-in server, the routes and the gate. */
export function dbParts(k: DbKit): DbParts & { resets: Resettable[] } {
  const roles = new DbState(k.clock, {
    seconds: k.settings.number('operation_seconds'),
    outcome: k.settings.choice<Outcome>('operation_outcome'),
  });
  const registry = new TokenRegistry(k.clock, mintDirectoryToken);
  const vendor = microsoft(
    { clientId: k.credentials.client_id ?? '', clientSecret: k.credentials.client_secret ?? '' },
    'tenant',
  );
  const auth = mountAuthServer(k.ctx, 'db', vendor, undefined, registry);
  const tokens = new Tokens(k.clock, registry, {
    fixedToken: k.credentials.token,
    clientId: k.credentials.client_id,
    lifetime: k.settings.number('token_lifetime'),
  });
  const stats = {
    requests: 0,
    unauthorized: 0,
    rateLimited: 0,
    invalid: 0,
    conflicts: 0,
    operationsStarted: 0,
    statusPolls: 0,
  };
  const target = {
    subscription: k.credentials.subscription ?? '',
    resourceGroup: k.credentials.resource_group ?? '',
    account: k.credentials.account ?? '',
  };
  const cfg = { async: k.settings.flag('async'), retryAfter: k.settings.number('retry_after') };
  const api = routes({ ctx: k.ctx, target, state: roles, tokens, cfg, stats });
  const gate = bearerGate(k, tokens, stats);
  return { roles, auth, vendor, api, stats, gate, resets: [auth, gate] };
}

export interface DbParts {
  roles: DbState;
  auth: ReturnType<typeof mountAuthServer>;
  vendor: ReturnType<typeof microsoft>;
  api: ReturnType<typeof routes>;
  stats: Record<string, number>;
  gate: Gate<{ requestId: string }>;
}

/** The bearer token, then the limit of reads or of writes; every answer after it names the request. */
function bearerGate(k: DbKit, tokens: Tokens, stats: Record<string, number>) {
  const kind = (req: SandboxRequest) => (req.method === 'GET' ? 'reads' : 'writes');
  return new Gate<{ requestId: string }>({
    clock: k.clock,
    counts: stats,
    authenticate(req) {
      const requestId = randomUUID();
      try {
        tokens.authenticate(req);
      } catch (err) {
        if (!(err instanceof ReplyError)) throw err;
        throw new ReplyError({
          ...err.reply,
          headers: { ...err.reply.headers, 'x-ms-request-id': requestId },
        });
      }
      return { requestId };
    },
    rate: {
      limit: k.settings.int('rate_limit'),
      windowMs: 60_000,
      key: kind,
      refuse: () =>
        cloudError(
          429,
          'TooManyRequests',
          'The request is being throttled: too many requests for this subscription.',
        ).reply,
      headers: (hit, req, { requestId }) => ({
        [`x-ms-ratelimit-remaining-subscription-${kind(req)}`]: String(hit.remaining),
        'x-ms-request-id': requestId,
      }),
    },
    tally: (reply) => (reply.status === 400 ? 'invalid' : reply.status === 409 ? 'conflicts' : undefined),
  });
}

/**
 * The v2.0 endpoints of a tenant: `organizations`, `common` or the sandbox's tenant id; the
 * client-credentials grant needs the tenant id, as the directory does (AADSTS700016 otherwise).
 */
export function v2(p: DbParts, req: SandboxRequest) {
  const m = /^\/([^/]+)\/oauth2\/v2\.0\/(devicecode|token)$/.exec(req.path);
  if (!m) return p.auth.handle(req);
  const [, tenant, endpoint] = m;
  if (tenant !== 'organizations' && tenant !== 'common' && tenant !== SANDBOX_TENANT)
    return p.vendor.error(
      'invalid_request',
      `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
    );
  if (
    endpoint === 'token' &&
    tenant !== SANDBOX_TENANT &&
    new URLSearchParams(req.body.toString('utf8')).get('grant_type') === 'client_credentials'
  )
    return p.vendor.error(
      'invalid_request',
      `Use a tenant-specific endpoint for the client credentials flow, not /${tenant}.`,
    );
  return p.auth.handle({ ...req, path: `/tenant/oauth2/v2.0/${endpoint}` });
}
