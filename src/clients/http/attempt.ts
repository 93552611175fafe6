import type { Readable } from 'node:stream';
import type { TransportRequest } from './transport/transport-types.js';

/**
 * One attempt of a request, as the client hands it to a transport. It is aborted by its timer, by the
 * client's signal (through the set of attempts under way) or by the request's own signal. Its
 * AbortSignal is made only when a transport reads `signal` (node:http and undici take one); a transport
 * that can take a callback (`onAbort`) never makes it: an AbortController and a listener added and
 * removed an attempt were a tenth of a bulk send's client CPU.
 */
export class Attempt implements TransportRequest {
  /** The attempt's own timer fired (rather than a signal). */
  timedOut = false;
  readonly headersTimeout: number;
  readonly bodyTimeout: number;
  private aborted = false;
  private reason: unknown;
  private controller: AbortController | undefined;
  private hook: ((reason: unknown) => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly onOwnAbort: (() => void) | undefined;

  constructor(
    readonly method: string,
    readonly headers: Record<string, string>,
    readonly body: string | Buffer | Readable | undefined,
    timeoutMs: number,
    private readonly live: Set<Attempt>,
    client: AbortSignal | undefined,
    private readonly own: AbortSignal | undefined,
  ) {
    this.headersTimeout = this.bodyTimeout = timeoutMs;
    this.timer = setTimeout(timeUp, timeoutMs, this);
    if (client?.aborted) this.abort(client.reason);
    else live.add(this);
    if (own) {
      this.onOwnAbort = () => this.abort(own.reason);
      if (own.aborted) this.abort(own.reason);
      else own.addEventListener('abort', this.onOwnAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  onAbort(fn: ((reason: unknown) => void) | undefined): void {
    this.hook = fn;
    if (fn && this.aborted) this.abort(this.reason, true);
  }

  abort(reason: unknown, again = false): void {
    if (this.aborted && !again) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const hook = this.hook;
    this.hook = undefined;
    hook?.(reason);
  }

  /** Ends the attempt: neither its timer nor a listener outlives it. */
  dispose(): void {
    clearTimeout(this.timer);
    this.live.delete(this);
    this.hook = undefined;
    if (this.onOwnAbort) this.own?.removeEventListener('abort', this.onOwnAbort);
  }
}

function timeUp(attempt: Attempt): void {
  attempt.timedOut = true;
  attempt.abort(new Error('request timed out'));
}

/**
 * The attempts under way, aborted together when the client's signal aborts: one listener for the
 * client rather than one an attempt. A listener added to a long-lived signal and removed, ten thousand
 * times a second, also links each dead listener to the next live one.
 */
export function liveAttempts(signal: AbortSignal | undefined): Set<Attempt> {
  const live = new Set<Attempt>();
  signal?.addEventListener(
    'abort',
    () => {
      for (const a of live) a.abort(signal.reason);
    },
    { once: true },
  );
  return live;
}
