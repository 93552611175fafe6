import { randomUUID } from 'node:crypto';
import { type Emulator, ReplyError, type SandboxContext, type SandboxRequest } from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { routes } from './routes.js';
import { type Outcome, RoleState } from './state.js';
import { Tokens, mintDirectoryToken } from './tokens.js';
import { mountAuthServer } from '../oauth/mount.js';
import { TokenRegistry } from '../oauth/registry.js';
import { microsoft } from '../oauth/vendors.js';
import { SANDBOX_TENANT } from './data.js';
import { cloudError } from './errors.js';

export { SANDBOX_TENANT, SANDBOX_USER, READER_ID, CONTRIBUTOR_ID } from './data.js';

/**
 * Database role assignment (seed 001 C, reference C.2–C.5) under ARM-shaped paths: role assignments
 * (PUT answering 202 with `Azure-AsyncOperation`, `Location` and `Retry-After`, the operation moving
 * from InProgress to its outcome on the sandbox clock; GET, list, DELETE), the two built-in role
 * definitions, the bearer check (missing, malformed, unknown or expired token: 401), CloudError bodies,
 * 404 for an unknown subscription, resource group or account, 409 for a duplicate assignment, 429
 * past the rate limit, and the implicit flow's authorize endpoint that signs in the sandbox's user.
 *
 * Settings (`ops sandbox start --set`): `db.async` (false: PUT and DELETE answer 200 at once),
 * `db.operation_seconds` (default 2), `db.retry_after` (the most an answer asks to wait, default 1),
 * `db.operation_outcome` (Succeeded, Failed or Canceled), `db.token_lifetime` (seconds, default 3599),
 * `db.rate_limit` (reads, and writes, per subscription and minute, default 1200).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const s = declaredSettings(ctx, 'db');
  const creds = ctx.options.credentials.db ?? {};
  const target = {
    subscription: creds.subscription ?? '',
    resourceGroup: creds.resource_group ?? '',
    account: creds.account ?? '',
  };
  const cfg = {
    async: s.flag('async'),
    retryAfter: s.number('retry_after'),
  };
  const state = new RoleState(ctx.clock, {
    seconds: s.number('operation_seconds'),
    outcome: s.choice<Outcome>('operation_outcome'),
  });
  const registry = new TokenRegistry(ctx.clock, mintDirectoryToken);
  const vendor = microsoft(
    { clientId: creds.client_id ?? '', clientSecret: creds.client_secret ?? '' },
    'tenant',
  );
  const auth = mountAuthServer(ctx, 'db', vendor, undefined, registry);
  const tokens = new Tokens(ctx.clock, registry, {
    fixedToken: creds.token,
    clientId: creds.client_id,
    lifetime: s.number('token_lifetime'),
  });
  const limit = s.int('rate_limit');
  const stats = {
    requests: 0,
    unauthorized: 0,
    rateLimited: 0,
    invalid: 0,
    conflicts: 0,
    operationsStarted: 0,
    statusPolls: 0,
  };

  const handlers = routes({ ctx, target, state, tokens, cfg, stats });

  /** The bearer token, then the limit of reads or of writes; every answer after it names the request. */
  const kind = (req: SandboxRequest) => (req.method === 'GET' ? 'reads' : 'writes');
  const gate = new Gate<{ requestId: string }>({
    clock: ctx.clock,
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
      limit,
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
  const guarded = gate.guard((req) => handlers.api(req));

  /**
   * The v2.0 endpoints of a tenant: `organizations`, `common` or the sandbox's tenant id; the
   * client-credentials grant needs the tenant id, as the directory does (AADSTS700016 otherwise).
   */
  function v2(req: SandboxRequest) {
    const m = /^\/([^/]+)\/oauth2\/v2\.0\/(devicecode|token)$/.exec(req.path);
    if (!m) return auth.handle(req);
    const [, tenant, endpoint] = m;
    if (tenant !== 'organizations' && tenant !== 'common' && tenant !== SANDBOX_TENANT)
      return vendor.error(
        'invalid_request',
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
      );
    if (
      endpoint === 'token' &&
      tenant !== SANDBOX_TENANT &&
      new URLSearchParams(req.body.toString('utf8')).get('grant_type') === 'client_credentials'
    )
      return vendor.error(
        'invalid_request',
        `Use a tenant-specific endpoint for the client credentials flow, not /${tenant}.`,
      );
    return auth.handle({ ...req, path: `/tenant/oauth2/v2.0/${endpoint}` });
  }

  return {
    name: 'db',
    handle(req) {
      try {
        return handlers.signIn(req) ?? v2(req) ?? guarded(req);
      } catch (err) {
        if (err instanceof ReplyError) return err.reply;
        throw err;
      }
    },
    reset() {
      state.reset();
      auth.reset();
      gate.reset();
    },
    stats: () => ({
      ...stats,
      assignments: state.assignments.size,
      operations: state.operations.size,
      /** With tokensIssued and the SHA-256 of each token issued (never the tokens themselves). */
      ...auth.stats(),
    }),
  };
}
