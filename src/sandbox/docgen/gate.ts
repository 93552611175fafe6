import { Gate } from '../core/gate.js';
import { NO_SCOPE_TOKEN } from './seed.js';
import type { DocgenKit } from './state.js';
import { clientError, fail } from './wire.js';

/** A request id as the service gives one: twelve hex digits, different for each answer. */
export function requestIds(): { next(): string; reset(): void } {
  let n = 0;
  return {
    next() {
      n++;
      const h = Math.imul(n ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
      return `${h.toString(16).padStart(8, '0')}${n.toString(16).padStart(4, '0')}`;
    },
    reset: () => void (n = 0),
  };
}

/** Bearer token, then the rate limit per token, then the version header; every error carries a request id. */
export function tokenGate(k: DocgenKit, ids: { next(): string }, registry: { check(token: string): string }) {
  const token = k.credentials.token ?? '';
  return new Gate<{ token: string; requestId: string }>({
    clock: k.clock,
    counts: () => k.state().counts,
    authenticate(req) {
      const requestId = ids.next();
      const given = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      // The fixed tokens, or one the authorization server issued and that has not expired.
      const issued = given !== undefined && registry.check(given) === 'valid';
      if (!given || (given !== token && given !== NO_SCOPE_TOKEN && !issued))
        throw fail(401, 'unauthorized', 'Unauthorized', requestId, {
          headers: {
            'www-authenticate': given
              ? 'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."'
              : 'Bearer realm="Service"',
          },
        });
      if (given === NO_SCOPE_TOKEN)
        throw fail(
          403,
          'insufficient_scope',
          'The request requires higher privileges than provided by the access token.',
          requestId,
        );
      return { token: given, requestId };
    },
    rate: {
      limit: k.settings.int('rate_limit'),
      windowMs: k.settings.int('rate_period') * 1000,
      key: (_req, grant) => grant.token,
      refuse: (hit, _req, grant) =>
        clientError(
          429,
          'rate_limit_exceeded',
          'Request rate limit exceeded, please try again later',
          grant.requestId,
          {
            headers: { 'retry-after': String(hit.resetSeconds) },
          },
        ),
    },
    tally: (reply) =>
      reply.status === 400 && (reply.body as { code?: string }).code === 'bad_request'
        ? 'badRequest'
        : reply.status === 404
          ? 'notFound'
          : undefined,
  });
}
