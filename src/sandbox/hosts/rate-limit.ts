import type { Clock } from '../core/framework.js';

export interface RateState {
  limited: boolean;
  remaining: number;
  headers: Record<string, string>;
  resetSeconds: number;
}

/**
 * The vendor's rate limits: a count per named limit in windows aligned to the calendar (a 60 s
 * period resets on the minute), announced on every answer with `X-RateLimit-Limit`, `-Period`,
 * `-Remaining`, `-Reset` (seconds until the window ends) and `-Name`. The framework's RateWindow
 * starts its window at the first request, which is not how this service counts, hence this one.
 */
export class CalendarRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    readonly limit: number,
    readonly periodSeconds: number,
  ) {}

  hit(name: string): RateState {
    const now = this.clock.now() / 1000;
    const start = Math.floor(now / this.periodSeconds) * this.periodSeconds;
    let w = this.windows.get(name);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      this.windows.set(name, w);
    }
    w.count++;
    const resetSeconds = Math.max(1, Math.ceil(start + this.periodSeconds - now));
    return {
      limited: w.count > this.limit,
      remaining: Math.max(0, this.limit - w.count),
      resetSeconds,
      headers: {
        'x-ratelimit-limit': String(this.limit),
        'x-ratelimit-period': String(this.periodSeconds),
        'x-ratelimit-remaining': String(Math.max(0, this.limit - w.count)),
        'x-ratelimit-reset': String(resetSeconds),
        'x-ratelimit-name': name,
      },
    };
  }

  reset(): void {
    this.windows.clear();
  }
}
