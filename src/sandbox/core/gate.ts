import { type Clock, RateWindow, type Reply, ReplyError, type SandboxRequest } from './framework.js';

/**
 * What every emulator does before its routes, once: count the request, check the credential by the
 * service's scheme, spend one request of each rate limit (429 with Retry-After past one), put the rate
 * headers on every answer, and count the answers by kind. The service keeps its own words: its
 * credential check, its refusal bodies and its header names are options; the order is the gate's.
 */

/** One request spent from a rate limit. */
export interface RateHit {
  limited: boolean;
  remaining: number;
  /** Seconds until the window ends: the Retry-After of a refusal. */
  resetSeconds: number;
  /** When the window ends (sandbox milliseconds), where the limiter knows it. */
  resetAt?: number;
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

export interface RateRule<G, A> {
  /** Requests per window, in fixed windows per key (or `limiter`, the service's own). */
  limit?: number;
  windowMs?: number;
  limiter?: Limiter;
  /** Which window a request spends from (a token, a user, an operation); default one for all. */
  key?(req: SandboxRequest, grant: G, route: A): string;
  /** The service's answer past the limit. */
  refuse(hit: RateHit, req: SandboxRequest, grant: G): Reply;
  /** The counter a refusal adds to (default `rateLimited`). */
  counter?: string;
  /** Set false where the service tells the limit otherwise (in its body, or its own headers). */
  retryAfter?: boolean;
  /** Headers on every answer past the credential check, the refusals included. */
  headers?(hit: RateHit, req: SandboxRequest, grant: G): Record<string, string>;
}

export interface GateOptions<G, A> {
  clock: Clock;
  /** The counters, or how to find them where the emulator makes new ones on reset. */
  counts: Counts | (() => Counts);
  /**
   * The credential check: the caller's grant, or a ReplyError with the service's 401 (counted as
   * `unauthorized`) or 403 (`forbidden`). `route` is what the route was guarded with.
   */
  authenticate(req: SandboxRequest, route: A): G;
  /** The rate limits, spent in order; a request refused by one does not spend the next. */
  rate?: RateRule<G, A> | readonly RateRule<G, A>[];
  /** The counter an answer past the credential check adds to (`invalid` for a 400, say). */
  tally?(reply: Reply, req: SandboxRequest, route: A): string | undefined;
}

/** A guarded handler gets the grant and what it spent of each limit. */
type Handler<G> = (req: SandboxRequest, grant: G, hits: RateHit[]) => Reply | Promise<Reply>;
type SyncHandler<G> = (req: SandboxRequest, grant: G, hits: RateHit[]) => Reply;

export class Gate<G = void, A = void> {
  private readonly windows = new Map<string, RateWindow>();
  private readonly rules: readonly RateRule<G, A>[];

  constructor(private readonly o: GateOptions<G, A>) {
    this.rules = o.rate === undefined ? [] : Array.isArray(o.rate) ? o.rate : [o.rate as RateRule<G, A>];
  }

  /** Adds one to a counter, where the emulator keeps one of that name. */
  count(name: string | undefined): void {
    const c = this.counts();
    if (name !== undefined && typeof c[name] === 'number') (c[name] as number)++;
  }

  /** A route handler behind the gate; `route` is handed to the credential check and the rate keys. */
  guard(handler: SyncHandler<G>, route?: A): (req: SandboxRequest) => Reply;
  guard(handler: Handler<G>, route?: A): (req: SandboxRequest) => Reply | Promise<Reply>;
  guard(handler: Handler<G>, route?: A): (req: SandboxRequest) => Reply | Promise<Reply> {
    return (req) => this.pass(req, handler, route as A);
  }

  /** Gives back one request of a fixed-window limit (the first by default), for the service's exceptions. */
  refund(key: string, rule = 0): void {
    this.windows.get(`${rule} ${key}`)?.refund();
  }

  /** Back to no requests: the rate windows, and every numeric counter. */
  reset(): void {
    this.windows.clear();
    for (const r of this.rules) r.limiter?.reset();
    const c = this.counts();
    for (const [k, v] of Object.entries(c)) if (typeof v === 'number') c[k] = 0;
  }

  private counts(): Record<string, unknown> {
    const c = this.o.counts;
    return (typeof c === 'function' ? (c as () => Counts)() : c) as Record<string, unknown>;
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
    let headers: Record<string, string> | undefined;
    const finish = (reply: Reply): Reply => {
      this.count(this.o.tally?.(reply, req, route));
      return headers ? { ...reply, headers: { ...headers, ...reply.headers } } : reply;
    };
    const hits: RateHit[] = [];
    for (const [i, rule] of this.rules.entries()) {
      const hit = this.hit(i, rule, req, grant, route);
      hits.push(hit);
      if (rule.headers) headers = { ...headers, ...rule.headers(hit, req, grant) };
      if (!hit.limited) continue;
      this.count(rule.counter ?? 'rateLimited');
      const reply = rule.refuse(hit, req, grant);
      const retry: Record<string, string> =
        rule.retryAfter === false || reply.headers?.['retry-after'] !== undefined
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
      out = handler(req, grant, hits);
    } catch (err) {
      return caught(err);
    }
    return out instanceof Promise ? out.then(finish, caught) : finish(out);
  }

  private hit(i: number, rule: RateRule<G, A>, req: SandboxRequest, grant: G, route: A): RateHit {
    const key = rule.key?.(req, grant, route) ?? '';
    if (rule.limiter) return rule.limiter.hit(key);
    let w = this.windows.get(`${i} ${key}`);
    if (!w) {
      w = new RateWindow(this.o.clock, rule.limit ?? 0, rule.windowMs ?? 60_000);
      this.windows.set(`${i} ${key}`, w);
    }
    return w.hit();
  }
}
