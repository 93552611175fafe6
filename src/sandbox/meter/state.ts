import { randomBytes } from 'node:crypto';
import type { Kit } from '../core/anatomy.js';
import type { Clock } from '../core/framework.js';
import { type StreamEvent, contentProblem } from './validate.js';

/** The seed: a session token lives 15 minutes. */
export const SESSION_LIFE_MS = 15 * 60 * 1000;
/** The vendor enforces identifier uniqueness within a rolling 24 hours. */
const DEDUPE_WINDOW_MS = 24 * 3600 * 1000;

export interface Session {
  id: string;
  object: 'v2.billing.meter_event_session';
  authentication_token: string;
  created: string;
  expires_at: string;
  livemode: boolean;
}

interface Totals {
  events: number;
  value: number;
}

/**
 * Sessions, accepted identifiers and counters. Built for throughput: identifiers live in two Sets
 * (this 24-hour generation and the last one, which approximates the rolling window without a
 * timestamp per identifier), and totals are plain numbers in Maps.
 */
export class MeterState {
  private sessions = new Map<string, { expiresAt: number; livemode: boolean }>();
  private current = new Set<string>();
  private previous = new Set<string>();
  private generationStart: number;
  sessionsCreated = 0;
  requests = 0;
  received = 0;
  unique = 0;
  duplicates = 0;
  invalid = 0;
  rateLimited = 0;
  expiredRejections = 0;
  private invalidByReason = new Map<string, number>();
  private customers = new Map<string, Totals>();
  private eventNames = new Map<string, Totals>();

  constructor(private readonly clock: Clock) {
    this.generationStart = clock.now();
  }

  createSession(livemode: boolean): Session {
    const now = this.clock.now();
    if (this.sessions.size > 1000)
      for (const [t, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(t);
    const token = `mes_${livemode ? 'live' : 'test'}_${randomBytes(24).toString('base64url')}`;
    const expiresAt = now + SESSION_LIFE_MS;
    this.sessions.set(token, { expiresAt, livemode });
    this.sessionsCreated++;
    return {
      id: `mtrses_${randomBytes(12).toString('hex')}`,
      object: 'v2.billing.meter_event_session',
      authentication_token: token,
      created: new Date(now).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
      livemode,
    };
  }

  /** `unknown` for a token never issued, `expired` once its 15 minutes are over on the sandbox clock. */
  checkToken(token: string): 'ok' | 'unknown' | 'expired' {
    const s = this.sessions.get(token);
    if (!s) return 'unknown';
    return this.clock.now() >= s.expiresAt ? 'expired' : 'ok';
  }

  /** Takes a batch that passed the schema checks; an identifier seen before is counted once. */
  accept(events: StreamEvent[], times: number[]): void {
    const now = this.clock.now();
    if (now - this.generationStart >= DEDUPE_WINDOW_MS) {
      this.previous = this.current;
      this.current = new Set();
      this.generationStart = now;
    }
    this.received += events.length;
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      const id = e.identifier;
      if (id !== undefined) {
        // One hash operation for a new identifier: add, and see whether the set grew.
        const size = this.current.size;
        if (this.current.add(id).size === size || (this.previous.size > 0 && this.previous.has(id))) {
          this.duplicates++;
          continue;
        }
      }
      this.unique++;
      const problem = contentProblem(e, times[i]!, now);
      if (problem) {
        this.invalid++;
        this.invalidByReason.set(problem, (this.invalidByReason.get(problem) ?? 0) + 1);
        continue;
      }
      const value = Number(e.payload.value);
      add(this.customers, e.payload.billing_customer_id!, value);
      add(this.eventNames, e.event_name, value);
    }
  }

  stats(): Record<string, unknown> {
    return {
      sessions_created: this.sessionsCreated,
      requests: this.requests,
      received: this.received,
      unique: this.unique,
      duplicates: this.duplicates,
      invalid: this.invalid,
      invalid_by_reason: Object.fromEntries(this.invalidByReason),
      rate_limited: this.rateLimited,
      expired_rejections: this.expiredRejections,
      customers: Object.fromEntries(this.customers),
      events: Object.fromEntries(this.eventNames),
    };
  }
}

function add(map: Map<string, Totals>, key: string, value: number): void {
  const t = map.get(key);
  if (t) {
    t.events++;
    t.value += value;
  } else {
    map.set(key, { events: 1, value });
  }
}

export type MeterKit = Kit<MeterState>;

/** A fresh state on the sandbox clock: no session, no identifier, every counter at zero. */
export function makeMeterState(k: Omit<MeterKit, 'state'>): MeterState {
  return new MeterState(k.clock);
}
