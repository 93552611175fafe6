import { ApiError } from '../../errors.js';
import { type AuthScheme, bearerAuth } from '../http/auth.js';
import { badAnswer } from '../http/parse-error.js';
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

/** Statuses after which a stream request is sent again, beside the core's own. */
const RESEND_STATUSES: readonly number[] = [500];

/** The most events one stream request may carry (vendor spec; the seed states no limit). */
export const MAX_EVENTS_PER_REQUEST = 100;

export function createMeterClient(http: HttpClient, o: MeterClientOptions = {}): MeterClient {
  const headers = o.apiVersion ? { 'Billing-Version': o.apiVersion } : undefined;
  // Made once: a bulk send makes ten thousand stream requests a second.
  const streamHeaders = { ...headers, 'content-type': 'application/json' };
  // One auth object a session token, so that the core sees the same credential request after request.
  let session: { token: string; auth: AuthScheme } | undefined;
  const authFor = (token: string): AuthScheme => {
    if (session?.token !== token) session = { token, auth: bearerAuth(token) };
    return session.auth;
  };
  return {
    async createMeterEventSession(opts = {}) {
      const res = await http.request<MeterEventSessionWire>({
        method: 'POST',
        path: '/v2/billing/meter_event_session',
        headers,
        // No parameters; a second session made by a retry costs nothing, so the POST may be resent.
        idempotent: true,
        signal: opts.signal,
        expect: 'object',
      });
      // Every stream request is authorised by this token: a session without one cannot be used.
      const token: unknown = res.data.authentication_token;
      if (typeof token !== 'string' || token === '')
        throw badAnswer(http.service, res.status, 'a session that has no authentication_token');
      return { ...res.data, livemode: res.data.livemode === true || res.data.livemode === 'true' };
    },

    async createMeterEventStream(token, events, opts = {}) {
      const res = await http.request({
        method: 'POST',
        path: '/v2/billing/meter_event_stream',
        headers: streamHeaders,
        rawBody: Buffer.isBuffer(events) ? events : JSON.stringify({ events }),
        auth: authFor(token),
        // Every event carries an identifier that the service deduplicates, so resending is safe, and
        // a 500 is worth resending too (the core retries only 502/503/504 by default).
        idempotent: true,
        retryStatuses: RESEND_STATUSES,
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

const OPEN = Buffer.from('{"events":[');
const CLOSE = Buffer.from(']}');

/**
 * Builds a stream request body (`{"events":[…]}`) as bytes, event by event. Bulk senders use it so
 * that a batch in flight is one off-heap Buffer rather than a hundred event objects (which keeps the
 * garbage collector's young generation small on long runs), and so that a reader that checks its
 * input line by line can write each event's JSON straight into the body (`open`/`close`).
 */
export class StreamBodyBuilder {
  count = 0;
  private end = 0;

  private buf: Buffer = Buffer.allocUnsafe(16 * 1024);

  constructor() {
    this.start();
  }

  /** Adds an event object (written as JSON.stringify writes it). */
  add(event: MeterEventWire): void {
    const json = JSON.stringify(event);
    const at = this.open(Buffer.byteLength(json));
    this.close(at + this.buf.write(json, at));
  }

  /**
   * Room for one event of at most `max` bytes: returns where its JSON starts in `bytes`, which the
   * caller fills with the exact text JSON.stringify would give, then calls close() with where it ends.
   */
  open(max: number): number {
    const need = this.end + max + 1 + CLOSE.length;
    if (need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    if (this.count > 0) this.buf[this.end++] = 44; // ,
    return this.end;
  }

  /** The buffer that open() made room in (it may change at each open), whole. */
  get bytes(): Buffer {
    return this.buf;
  }

  close(end: number): void {
    this.end = end;
    this.count++;
  }

  /**
   * The finished body, a view of `bytes`. The builder is empty afterwards, and writes the next body
   * into `room` (a buffer that a finished body no longer needs) or a new buffer of the same size.
   */
  finish(room?: Buffer): Buffer {
    this.buf.set(CLOSE, this.end);
    const body = this.buf.subarray(0, this.end + CLOSE.length);
    this.buf = room ?? Buffer.allocUnsafe(this.buf.length);
    this.start();
    return body;
  }

  private start(): void {
    this.buf.set(OPEN, 0);
    this.end = OPEN.length;
    this.count = 0;
  }
}

/** The events of a body built by StreamBodyBuilder (to report the ones the service refused). */
export function eventsOfBody(body: Buffer): MeterEventWire[] {
  return (JSON.parse(body.toString('utf8')) as { events: MeterEventWire[] }).events;
}
