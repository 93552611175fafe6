import { ApiError } from '../../errors.js';
import { bearerAuth } from '../http/auth.js';
import type { HttpClient } from '../http/types.js';
import type { MeterEventSessionWire, MeterEventWire } from './types.js';

/** A session as commands print it: the wire object with `livemode` always a boolean. */
export type MeterEventSession = Omit<MeterEventSessionWire, 'livemode'> & { livemode: boolean };

export interface MeterClient {
  /** POST /v2/billing/meter_event_session (API key as bearer): a token for the stream, valid 15 minutes. */
  createMeterEventSession(o?: { signal?: AbortSignal }): Promise<MeterEventSession>;
  /**
   * POST /v2/billing/meter_event_stream with the session token: 1 to 100 events, as objects or as a
   * body made by StreamBodyBuilder. Resolves with the number of attempts the core made (retries are
   * counted by the caller).
   */
  createMeterEventStream(
    token: string,
    events: readonly MeterEventWire[] | Buffer,
    o?: { signal?: AbortSignal },
  ): Promise<{ attempts: number }>;
}

export interface MeterClientOptions {
  /** `Billing-Version` for this run (`--api-version`); the descriptor's header otherwise. */
  apiVersion?: string | undefined;
}

/** The most events one stream request may carry (vendor spec; the seed states no limit). */
export const MAX_EVENTS_PER_REQUEST = 100;

export function createMeterClient(http: HttpClient, o: MeterClientOptions = {}): MeterClient {
  const headers = o.apiVersion ? { 'Billing-Version': o.apiVersion } : undefined;
  return {
    async createMeterEventSession(opts = {}) {
      const res = await http.request<MeterEventSessionWire>({
        method: 'POST',
        path: '/v2/billing/meter_event_session',
        headers,
        // No parameters; a second session made by a retry costs nothing, so the POST may be resent.
        idempotent: true,
        signal: opts.signal,
      });
      return { ...res.data, livemode: res.data.livemode === true || res.data.livemode === 'true' };
    },

    async createMeterEventStream(token, events, opts = {}) {
      const res = await http.request({
        method: 'POST',
        path: '/v2/billing/meter_event_stream',
        headers: { ...headers, 'content-type': 'application/json' },
        rawBody: Buffer.isBuffer(events) ? events : JSON.stringify({ events }),
        auth: bearerAuth(token),
        // Every event carries an identifier that the service deduplicates, so resending is safe, and
        // a 500 is worth resending too (the core retries only 502/503/504 by default).
        idempotent: true,
        retryStatuses: [500],
        signal: opts.signal,
      });
      return { attempts: res.attempts };
    },
  };
}

/** The 401 that asks for a new session (seed: `billing_meter_event_session_expired`). */
export function isSessionExpired(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  const body = err.body as { error?: { code?: unknown; type?: unknown } } | undefined;
  return (
    err.code === 'billing_meter_event_session_expired' ||
    body?.error?.code === 'billing_meter_event_session_expired' ||
    body?.error?.type === 'temporary_session_expired'
  );
}

/**
 * Builds a stream request body (`{"events":[…]}`) as bytes. Bulk senders use it so that a batch in
 * flight is one off-heap Buffer rather than a hundred event objects: the objects live only while the
 * batch fills (well under a millisecond), which keeps the garbage collector's young generation small
 * on long runs; one JSON.stringify of the batch is also the cheapest way to serialize it.
 */
export class StreamBodyBuilder {
  private events: MeterEventWire[] = [];

  get count(): number {
    return this.events.length;
  }

  add(event: MeterEventWire): void {
    this.events.push(event);
  }

  /** The finished body; the builder is empty afterwards. */
  finish(): Buffer {
    const body = Buffer.from(JSON.stringify({ events: this.events }));
    this.events = [];
    return body;
  }
}

/** The events of a body built by StreamBodyBuilder (to report the ones the service refused). */
export function eventsOfBody(body: Buffer): MeterEventWire[] {
  return (JSON.parse(body.toString('utf8')) as { events: MeterEventWire[] }).events;
}
