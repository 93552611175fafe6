/**
 * What every emulator is built from: the request and reply shapes, a router, a clock that tests can
 * advance, and helpers for JSON and auth checks. Emulators never import a client.
 */

import type { SettingRule } from './entry.js';

export interface SandboxRequest {
  method: string;
  /** Path below the service prefix, still percent-encoded (`/v1/secret/data/a%2Fb`). */
  path: string;
  query: URLSearchParams;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: Buffer;
  /** Path parameters filled by the router (decoded). */
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
}

/** Shared by the emulators of one sandbox: time and options. */
export interface SandboxContext {
  clock: Clock;
  options: SandboxOptions;
}

export interface SandboxOptions {
  /** Credentials the emulators accept, by service: the service table's, plus overrides. */
  credentials: Record<string, Record<string, string>>;
  /** Free-form per-service options (`hosts.count`, `meter.rate_limit`…). */
  settings: Record<string, string>;
  /** The rules of those options by service, from the service table: their types, limits and defaults. */
  rules?: Record<string, Record<string, SettingRule>>;
  /** How the sandbox is reached (`https` with --tls), for the addresses emulators put in answers. */
  scheme?: 'http' | 'https' | undefined;
}

export interface Emulator {
  /** The service name; also its path prefix (`/hosts`). */
  name: string;
  handle(req: SandboxRequest): Reply | Promise<Reply>;
  /** Back to the seed data. */
  reset(): void;
  /** Counters shown under /__sandbox/counters. */
  stats?(): Record<string, unknown>;
  /** Its state as it is (the seed and every change since): digested under /__sandbox/state. */
  state?(): unknown;
  /** Lines printed (to stderr) when the sandbox starts: a root token, say. */
  banner?(): string[];
  /** The client operations its routes serve, by name (an emulator built by `defineEmulator`). */
  operations?: readonly string[];
}

export type EmulatorFactory = (ctx: SandboxContext) => Emulator;

/**
 * Sandbox time: real time, run `speed` times as fast from the sandbox's start (or its last reset), plus
 * whatever tests have advanced it by. At speed 1 it is real time; `ops sandbox start` runs it faster so
 * that a 60-second launch ends in seconds (`--set clock.speed=N`).
 */
export class Clock {
  private offsetMs = 0;
  private origin = Date.now();
  private readonly watchers: Array<() => void> = [];
  constructor(readonly speed = 1) {}
  /** Told after each advance and reset: `ops sandbox start` keeps the clock's file for the CLI. */
  onChange(fn: () => void): void {
    this.watchers.push(fn);
  }
  /** What `now()` is made of, for a reader in another process: origin + (real − origin) × speed + offset. */
  state(): { origin: number; speed: number; offsetMs: number } {
    return { origin: this.origin, speed: this.speed, offsetMs: this.offsetMs };
  }
  now(): number {
    const real = Date.now();
    return this.origin + (real - this.origin) * this.speed + this.offsetMs;
  }
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
    for (const fn of this.watchers) fn();
  }
  reset(): void {
    this.offsetMs = 0;
    this.origin = Date.now();
    for (const fn of this.watchers) fn();
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

export function empty(status = 204, headers: Record<string, string> = {}): Reply {
  return { status, headers };
}

export function text(status: number, body: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, body, headers: { 'content-type': contentType } };
}

/** Thrown by handlers to answer at once (auth failures, validation); the router turns it into the reply. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`reply ${reply.status}`);
  }
}

/** Parses the body as JSON; an invalid body is answered by `onBad` (each service has its own error shape). */
export function readJson<T = unknown>(req: SandboxRequest, onBad: (reason: string) => Reply): T | undefined {
  if (req.body.length === 0) return undefined;
  try {
    return JSON.parse(req.body.toString('utf8')) as T;
  } catch (err) {
    throw new ReplyError(onBad(`request body is not valid JSON: ${(err as Error).message}`));
  }
}

type Handler<R> = (req: R) => Reply | Promise<Reply>;

interface RouteEntry<R> {
  methods: string[];
  pattern: RegExp;
  names: string[];
  handler: Handler<R>;
}

/** How a router matches paths. */
export interface PathRules {
  /** Without regard to case (ARM's paths). */
  ignoreCase?: boolean;
  /** With or without a trailing slash (ARM's paths). */
  trailingSlash?: boolean;
  /** The paths are decoded already (by the emulator's `locate`): parameters are taken as they are. */
  decoded?: boolean;
}

/**
 * A small router: `/api/v1/host/:name/mute`, and `*rest` for the remainder of a path.
 * Unmatched paths get `notFound`; a path matched with another method gets `methodNotAllowed`.
 */
export class Router<R extends SandboxRequest = SandboxRequest> {
  private readonly routes: RouteEntry<R>[] = [];

  constructor(
    private readonly notFound: (req: R) => Reply,
    private readonly methodNotAllowed: (req: R) => Reply = notFound,
    private readonly paths: PathRules = {},
  ) {}

  on(methods: string | string[], path: string, handler: Handler<R>): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((seg) => {
        if (seg.startsWith(':')) {
          names.push(seg.slice(1));
          return '([^/]+)';
        }
        if (seg.startsWith('*')) {
          names.push(seg.slice(1));
          return '(.*)';
        }
        return seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({
      methods: ([] as string[]).concat(methods).map((m) => m.toUpperCase()),
      pattern: new RegExp(
        `^${source}${this.paths.trailingSlash ? '/?' : ''}$`,
        this.paths.ignoreCase ? 'i' : '',
      ),
      names,
      handler,
    });
    return this;
  }

  async handle(req: R): Promise<Reply> {
    let pathMatched = false;
    const decode = this.paths.decoded ? (s: string) => s : safeDecode;
    for (const r of this.routes) {
      const m = r.pattern.exec(req.path);
      if (!m) continue;
      pathMatched = true;
      if (!r.methods.includes(req.method) && !r.methods.includes('*')) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        params[n] = decode(m[i + 1] ?? '');
      });
      try {
        return await r.handler({ ...req, params });
      } catch (err) {
        if (err instanceof ReplyError) return err.reply;
        throw err;
      }
    }
    return pathMatched ? this.methodNotAllowed(req) : this.notFound(req);
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Counts requests in a fixed one-second or one-minute window, for 429 emulation. */
export class RateWindow {
  private windowStart = 0;
  private count = 0;
  constructor(
    private readonly clock: Clock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records one request: over the limit or not, what is left, and when the window ends. */
  hit(): { limited: boolean; remaining: number; resetSeconds: number; resetAt: number } {
    const now = this.clock.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count++;
    const resetAt = this.windowStart + this.windowMs;
    return {
      limited: this.count > this.limit,
      remaining: Math.max(0, this.limit - this.count),
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt,
    };
  }

  /** Gives one request back (a conditional request answered 304, which the service does not count). */
  refund(): void {
    if (this.count > 0) this.count--;
  }

  reset(): void {
    this.windowStart = 0;
    this.count = 0;
  }
}

/** An emulator's `--set` values, each read with its type and default (the service table declares the types). */
export interface SettingsReader {
  /** A whole number >= min; `fallback` when unset or empty. */
  int(key: string, fallback: number, min: number): number;
  /** A number >= min; `fallback` when unset or empty. */
  number(key: string, fallback: number, min: number): number;
  /** One of `values`, matched without regard to case; `fallback` when unset or empty. */
  choice<T extends string>(key: string, values: readonly T[], fallback: T): T;
  /** `true` or `false`, in any case; `fallback` when unset or empty. */
  flag(key: string, fallback: boolean): boolean;
  /** The value as given, or undefined when unset or empty. */
  text(key: string): string | undefined;
}

/**
 * The settings parser every emulator uses: `ops sandbox start` has checked the values against the
 * service table before the sandbox starts; a sandbox started in-process (tests, the demo) gets the
 * same refusal here, as an error naming the setting, what it must be and the value given.
 */
export function settingsOf(ctx: SandboxContext, service: string): SettingsReader {
  const raw = (key: string) => {
    const v = ctx.options.settings[`${service}.${key}`];
    return v === undefined || v === '' ? undefined : v;
  };
  const bad = (key: string, what: string, value: string) =>
    new Error(`${service}.${key} must be ${what} (--set ${service}.${key}=${value})`);
  const reader: SettingsReader = {
    int(key, fallback, min) {
      const v = raw(key);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) throw bad(key, `a whole number >= ${min}`, v);
      return n;
    },
    number(key, fallback, min) {
      const v = raw(key);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!Number.isFinite(n) || n < min) throw bad(key, `a number >= ${min}`, v);
      return n;
    },
    choice(key, values, fallback) {
      const v = raw(key);
      if (v === undefined) return fallback;
      const hit = values.find((x) => x.toLowerCase() === v.toLowerCase());
      if (hit === undefined) throw bad(key, `one of ${values.join(', ')}`, v);
      return hit;
    },
    flag: (key, fallback) => reader.choice(key, ['true', 'false'], fallback ? 'true' : 'false') === 'true',
    text: raw,
  };
  return reader;
}

/** A small seeded generator (mulberry32): seed data that is the same on every start for a given seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
