import type { Clock } from '../core/framework.js';
import type { Limiter, RateHit } from '../core/gate.js';

/**
 * A token bucket per key: it holds a minute's worth of requests and refills at the subscription's
 * rate, so a key may spend its requests per minute in a burst and then gets one more every 60/N
 * seconds. When empty, the wait is the time to the next token, rounded up to a whole second, as
 * the service's `retry-after` is.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly clock: Clock,
    readonly perMinute: number,
  ) {
    this.tokens = perMinute;
    this.at = clock.now();
  }

  /** Spends one token; returns the seconds to wait when there is none. */
  take(): { ok: true } | { ok: false; retryAfter: number } {
    const now = this.clock.now();
    const perMs = this.perMinute / 60_000;
    this.tokens = Math.min(this.perMinute, this.tokens + Math.max(0, now - this.at) * perMs);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - this.tokens) / perMs / 1000)) };
  }
}

/** Buckets by name (a key, or a key and an endpoint family), made on first use. */
export class Buckets {
  private readonly map = new Map<string, TokenBucket>();
  constructor(private readonly clock: Clock) {}

  take(name: string, perMinute: number): { ok: true } | { ok: false; retryAfter: number } {
    let b = this.map.get(name);
    if (!b || b.perMinute !== perMinute) {
      b = new TokenBucket(this.clock, perMinute);
      this.map.set(name, b);
    }
    return b.take();
  }

  clear(): void {
    this.map.clear();
  }
}

/** The Gate's limiter of a key's subscription: its bucket, at the rate `perMinute(key)` gives. */
export class SubscriptionLimiter implements Limiter {
  private readonly buckets: Buckets;
  constructor(
    clock: Clock,
    private readonly perMinute: (key: string) => number,
  ) {
    this.buckets = new Buckets(clock);
  }

  hit(key: string): RateHit {
    const r = this.buckets.take(key, this.perMinute(key));
    return r.ok
      ? { limited: false, remaining: 0, resetSeconds: 0 }
      : { limited: true, remaining: 0, resetSeconds: r.retryAfter };
  }

  reset(): void {
    this.buckets.clear();
  }
}
