import { type Clock, RateWindow, type Reply, ReplyError, type SandboxRequest } from './framework.js';

/**
 * What every emulator does before its routes, once: count the request, check the credential by the
 * service's scheme, spend one request of a rate limit (429 with Retry-After past it), put the rate
 * headers on every answer, and count the answers by kind. The service keeps its own words: its
 * credential check, its refusal body and its header names are options; the order is the gate's.
 */

/** One request spent from a rate limit. */
export interface RateHit {
  limited: boolean;
  remaining: number;
  /** Seconds until the window ends: the Retry-After of a refusal. */
  resetSeconds: number;
  /** Headers the limiter itself announces (calendar-aligned limits). */
  headers?: Record<string, string>;
}

/** A limiter of the service's own kind, when fixed windows per key are not it. */
export interface Limiter {
  hit(key: string): RateHit;
  reset(): void;
}

/** Counters shown under /__sandbox/counters; the gate adds to those of these names the object has. */
export type Counts = object;

export interface GateOptions<G, A> {
  clock: Clock;
  counts: Counts;
  /**
   * The credential check: the caller's grant, or a ReplyError with the service's 401 (counted as
   * `unauthorized`) or 403 (`forbidden`). `route` is what the route was guarded with.
   */
  authenticate(req: SandboxRequest, route: A): G;
  rate?: {
    /** Requests per window, in fixed windows per key (or `limiter`, the service's own). */
    limit?: number;
    windowMs?: number;
    limiter?: Limiter;
    /** Which window a request spends from (a token, a user, an operation); default one for all. */
    key?(req: SandboxRequest, grant: G, route: A): string;
    /** The service's answer past the limit; counted as `rateLimited`. */
    refuse(hit: RateHit, req: SandboxRequest, grant: G): Reply;
    /** Set false where the service announces the limit in its body only (no Retry-After). */
    retryAfter?: boolean;
    /** Headers on every answer past the credential check, the refusal included. */
    headers?(hit: RateHit, req: SandboxRequest, grant: G): Record<string, string>;
  };
  /** The counters an answer past the credential check adds to (`invalid` for a 400, say). */
  tally?(reply: Reply, req: SandboxRequest, route: A): string | undefined;
}

type Handler<G> = (req: SandboxRequest, grant: G) => Reply | Promise<Reply>;

export class Gate<G = void, A = void> {
  private readonly windows = new Map<string, RateWindow>();

  constructor(private readonly o: GateOptions<G, A>) {}

  /** Adds one to a counter, where the emulator keeps one of that name. */
  count(name: string | undefined): void {
    const c = this.o.counts as Record<string, unknown>;
    if (name !== undefined && typeof c[name] === 'number') (c[name] as number)++;
  }

  /** A route handler behind the gate; `route` is handed to the credential check and the rate key. */
  guard(handler: (req: SandboxRequest, grant: G) => Reply, route?: A): (req: SandboxRequest) => Reply;
  guard(handler: Handler<G>, route?: A): (req: SandboxRequest) => Reply | Promise<Reply>;
  guard(handler: Handler<G>, route?: A): (req: SandboxRequest) => Reply | Promise<Reply> {
    return (req) => this.pass(req, handler, route as A);
  }

  /** Back to no requests: the rate windows, and every numeric counter. */
  reset(): void {
    this.windows.clear();
    this.o.rate?.limiter?.reset();
    const c = this.o.counts as Record<string, unknown>;
    for (const [k, v] of Object.entries(c)) if (typeof v === 'number') c[k] = 0;
  }

  private pass(req: SandboxRequest, handler: Handler<G>, route: A): Reply | Promise<Reply> {
    this.count('requests');
    let grant: G;
    try {
      grant = this.o.authenticate(req, route);
    } catch (err) {
      if (!(err instanceof ReplyError)) throw err;
      this.count(err.reply.status === 403 ? 'forbidden' : 'unauthorized');
      return err.reply;
    }
    const rate = this.o.rate;
    const hit = rate ? this.hit(req, grant, route) : undefined;
    const headers = rate && hit && rate.headers ? rate.headers(hit, req, grant) : undefined;
    const finish = (reply: Reply): Reply => {
      this.count(this.o.tally?.(reply, req, route));
      return headers ? { ...reply, headers: { ...headers, ...reply.headers } } : reply;
    };
    if (rate && hit?.limited) {
      this.count('rateLimited');
      const reply = rate.refuse(hit, req, grant);
      const retry: Record<string, string> =
        rate.retryAfter === false || reply.headers?.['retry-after'] !== undefined
          ? {}
          : { 'retry-after': String(hit.resetSeconds) };
      return finish({ ...reply, headers: { ...hit.headers, ...reply.headers, ...retry } });
    }
    const caught = (err: unknown): Reply => {
      if (err instanceof ReplyError) return finish(err.reply);
      throw err;
    };
    let out: Reply | Promise<Reply>;
    try {
      out = handler(req, grant);
    } catch (err) {
      return caught(err);
    }
    return out instanceof Promise ? out.then(finish, caught) : finish(out);
  }

  private hit(req: SandboxRequest, grant: G, route: A): RateHit {
    const rate = this.o.rate!;
    const key = rate.key?.(req, grant, route) ?? '';
    if (rate.limiter) return rate.limiter.hit(key);
    let w = this.windows.get(key);
    if (!w)
      this.windows.set(key, (w = new RateWindow(this.o.clock, rate.limit ?? 0, rate.windowMs ?? 60_000)));
    return w.hit();
  }
}
