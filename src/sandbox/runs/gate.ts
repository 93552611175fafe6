import { createHash } from 'node:crypto';
import type { Kit } from '../core/anatomy.js';
import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { DOCS } from './wire.js';
import { READ_ONLY_TOKEN } from './seed.js';

type Counts = { forbidden: number; notModified: number };
type Handle = (req: SandboxRequest) => Reply | Promise<Reply>;

/**
 * The token (`token` or `bearer`) and a User-Agent, then the primary limit per token (announced in
 * the x-ratelimit-* headers of every answer, refused without Retry-After) and the secondary one
 * (refused with a Retry-After of at least 5 s). Behind it, the read-only token's changes are refused,
 * and a GET answers with an ETag, 304 to a match.
 */
export function runsGate(k: Kit<unknown>, counts: Counts) {
  const primary = { limit: k.settings.int('rate_limit'), windowMs: k.settings.int('rate_window') * 1000 };
  const secondary = {
    limit: k.settings.int('secondary_limit'),
    windowMs: k.settings.int('secondary_window') * 1000,
  };
  const limitStatus = Number(k.settings.choice('rate_limit_status'));
  const refusal = (message: string) =>
    json(limitStatus, { message, documentation_url: DOCS, status: String(limitStatus) });
  const gate = new Gate<string>({
    clock: k.clock,
    counts,
    authenticate: (req) => authenticate(req, k.credentials.token),
    rate: [
      {
        ...primary,
        key: (_req, token) => token,
        refuse: () => refusal('API rate limit exceeded for user ID 583231.'),
        retryAfter: false,
        headers: (hit) => ({
          'x-ratelimit-limit': String(primary.limit),
          'x-ratelimit-remaining': String(hit.remaining),
          'x-ratelimit-used': String(primary.limit - hit.remaining),
          'x-ratelimit-reset': String(Math.ceil((hit.resetAt ?? 0) / 1000)),
          'x-ratelimit-resource': 'core',
        }),
      },
      {
        ...secondary,
        key: (_req, token) => token,
        counter: 'secondaryLimited',
        refuse: (hit) => ({
          ...refusal('You have exceeded a secondary rate limit; wait before you try again.'),
          headers: { 'retry-after': String(Math.max(5, hit.resetSeconds)) },
        }),
      },
    ],
  });
  const guarded = (next: Handle) =>
    gate.guard(async (req, token, [p]) => {
      if (token === READ_ONLY_TOKEN && req.method !== 'GET') {
        counts.forbidden++;
        return json(403, {
          message: 'Resource not accessible by personal access token',
          documentation_url: DOCS,
          status: '403',
        });
      }
      const reply = await next(req);
      if (
        req.method !== 'GET' ||
        reply.status !== 200 ||
        reply.body === undefined ||
        Buffer.isBuffer(reply.body)
      )
        return reply;
      const etag = `W/"${createHash('sha1').update(JSON.stringify(reply.body)).digest('hex')}"`;
      reply.headers = { ...reply.headers, etag };
      if (!req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply;
      // A conditional request answered 304 does not count against the limit.
      gate.refund(token);
      counts.notModified++;
      return {
        status: 304,
        headers: { ...reply.headers, 'x-ratelimit-remaining': String(p!.remaining + 1) },
      };
    });
  return { guarded, reset: () => gate.reset() };
}

function authenticate(req: SandboxRequest, fixed: string | undefined): string {
  const token = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token)
    throw new ReplyError(
      json(401, { message: 'Requires authentication', documentation_url: DOCS, status: '401' }),
    );
  if (token !== fixed && token !== READ_ONLY_TOKEN)
    throw new ReplyError(json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' }));
  if (!req.headers['user-agent'])
    throw new ReplyError(
      json(403, {
        message: 'Request forbidden by administrative rules: send a User-Agent header.',
        documentation_url: DOCS,
        status: '403',
      }),
    );
  return token;
}
