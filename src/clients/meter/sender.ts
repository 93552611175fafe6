import { InterruptedError } from '../../errors.js';
import { type MeterClient, isSessionExpired } from './client.js';
import type { MeterEventWire } from './types.js';

export interface MeterEventSenderOptions {
  /** Renew this long before the session's end, so no batch is sent on a token about to expire. */
  renewBeforeMs?: number;
  /** New sessions tried for one batch after `billing_meter_event_session_expired`. */
  maxSessionResends?: number;
  now?: () => number;
  signal?: AbortSignal;
  /** Once aborted, no new request starts (a batch waiting for its session is not sent); those under way finish. */
  stop?: AbortSignal;
}

/**
 * Sends batches on the stream with a session that it creates when needed and renews before
 * `expires_at`. A batch refused with 401 `billing_meter_event_session_expired` is sent again, with the
 * same identifiers, under a new session: the core cannot do this, it does not know sessions.
 */
export class MeterEventSender {
  /** Sessions created. */
  sessions = 0;
  /** Extra attempts: the core's retries plus resends under a new session. */
  retried = 0;
  private current: { token: string; renewAt: number } | undefined;
  private creating: Promise<string> | undefined;
  private readonly renewBeforeMs: number;
  private readonly maxResends: number;
  private readonly now: () => number;

  constructor(
    private readonly client: MeterClient,
    private readonly o: MeterEventSenderOptions = {},
  ) {
    this.renewBeforeMs = o.renewBeforeMs ?? 60_000;
    this.maxResends = o.maxSessionResends ?? 5;
    this.now = o.now ?? Date.now;
  }

  /**
   * Sends one batch (1 to 100 events, or a body made by StreamBodyBuilder); throws what the service
   * or the network finally answered.
   */
  async send(events: readonly MeterEventWire[] | Buffer): Promise<void> {
    for (let resend = 0; ; resend++) {
      // The session in hand is used without a wait: a bulk send makes ten thousand requests a second.
      const current = this.current;
      const token =
        current && !this.o.stop?.aborted && this.now() < current.renewAt ? current.token : await this.token();
      if (this.o.stop?.aborted) throw new InterruptedError('meter: stopped before the batch was sent');
      try {
        const { attempts } = await this.client.createMeterEventStream(token, events, {
          signal: this.o.signal,
        });
        this.retried += attempts - 1;
        return;
      } catch (err) {
        if (!isSessionExpired(err) || resend >= this.maxResends) throw err;
        // Only the first batch to see the expiry drops the session; the others find the new one.
        if (this.current?.token === token) this.current = undefined;
        this.retried++;
      }
    }
  }

  private async token(): Promise<string> {
    if (this.o.stop?.aborted) throw new InterruptedError('meter: stopped before the batch was sent');
    if (this.current && this.now() < this.current.renewAt) return this.current.token;
    // One session request at a time, however many batches are waiting for it.
    this.creating ??= this.createSession().finally(() => {
      this.creating = undefined;
    });
    return this.creating;
  }

  private async createSession(): Promise<string> {
    const started = this.now();
    const s = await this.client.createMeterEventSession({ signal: this.o.signal });
    this.sessions++;
    // The service's own life span, measured on our clock: immune to skew between the two clocks.
    const life = Date.parse(s.expires_at) - Date.parse(s.created);
    const lead =
      Number.isFinite(life) && life > 2 * this.renewBeforeMs ? this.renewBeforeMs : Math.max(0, life / 2);
    this.current = {
      token: s.authentication_token,
      renewAt: started + (Number.isFinite(life) ? life - lead : 0),
    };
    return s.authentication_token;
  }
}
