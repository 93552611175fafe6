import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import type { Subscription } from './seed.js';

export function forbidden(message: string): Reply {
  return json(403, { statusCode: 403, message });
}

export function tooMany(seconds: number): Reply {
  return json(
    429,
    { statusCode: 429, message: `Rate limit is exceeded. Try again in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );
}

export function verified(sub: Subscription, domain: string): void {
  if (!sub.domains.some((d) => d.DomainName === domain.toLowerCase())) {
    throw new ReplyError(
      forbidden(
        `The domain ${domain} has not been verified for this subscription; only domains added to the domain dashboard after verification can be searched.`,
      ),
    );
  }
}

export function stealerTier(sub: Subscription): void {
  if (sub.tier < 5) {
    throw new ReplyError(
      forbidden(
        `Stealer log searches require the fifth subscription tier or higher; this key is on ${sub.SubscriptionName}.`,
      ),
    );
  }
}

/** Query names are matched case-insensitively: the seed writes `Domain`, the vendor's examples `domain`. */
export function query(req: SandboxRequest, lowerName: string): string | undefined {
  for (const [k, v] of req.query) if (k.toLowerCase() === lowerName) return v;
  return undefined;
}

export function bool(req: SandboxRequest, lowerName: string, fallback: boolean): boolean {
  const v = query(req, lowerName);
  if (v === undefined || v === '') return fallback;
  if (/^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  throw new ReplyError(json(400, { statusCode: 400, message: `${lowerName} must be true or false` }));
}
