import type { Clock } from '../framework.js';

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
