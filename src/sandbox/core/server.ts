import {
  createServer as createHttpServer,
  type IncomingMessage,
  STATUS_CODES,
  type Server,
  type ServerResponse,
} from 'node:http';
import { rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { Duplex } from 'node:stream';
import { sandboxCredentials } from './credentials.js';
import type { SandboxService } from './entry.js';
import { FAULT_KINDS, type FaultRule, Faults } from './faults.js';
import { Clock, type Emulator, type EmulatorFactory, type Reply, type SandboxContext } from './framework.js';
import { sandboxSettings } from './settings.js';
import { stateDigests } from './state-digest.js';
import { makeSandboxTls, writeSandboxCa } from './tls.js';

export interface SandboxStartOptions {
  port?: number;
  host?: string;
  tls?: boolean;
  env?: Record<string, string | undefined>;
  /** Per-service settings (`hosts.count=100000`), and the sandbox's own (`clock.speed=1`). */
  settings?: Record<string, string>;
  /** How many times as fast as real time the clock runs when `clock.speed` is not set (default 1). */
  clockSpeed?: number;
  /**
   * The services the sandbox knows, from the service table (src/services.ts): their emulators and
   * credentials. Handed in, as the sandbox never imports the table.
   */
  catalog?: readonly SandboxService[];
  /** Only these services (default: every emulator). */
  services?: string[];
  /** Emulators to use instead of (or beside) the built-in ones: tests add stub services here. */
  emulators?: Record<string, EmulatorFactory>;
}

export interface RunningSandbox {
  url: string;
  port: number;
  caPath: string | undefined;
  emulators: Map<string, Emulator>;
  clock: Clock;
  faults: Faults;
  banner(): string[];
  close(): Promise<void>;
}

/** Largest request body the sandbox reads (the secrets store's own limit is enforced by its emulator). */
const MAX_BODY = 64 * 1024 * 1024;

/** What every request reaches: the emulators by service, the counters, the faults and the clock. */
interface Sandbox {
  emulators: Map<string, Emulator>;
  counters: Map<string, number>;
  faults: Faults;
  clock: Clock;
}

type Dispatch = (
  method: string,
  rawUrl: string,
  headers: Record<string, string>,
  body: Buffer,
) => Promise<Reply | 'drop'>;

/** What every emulator is handed: the clock (`clock.speed`, else the option) and the options. */
function contextOf(o: SandboxStartOptions): SandboxContext {
  const speed = o.settings?.['clock.speed'];
  const clock = new Clock(speed ? Number(speed) : (o.clockSpeed ?? 1));
  const catalog = o.catalog ?? [];
  return {
    clock,
    options: {
      credentials: sandboxCredentials(catalog, o.env ?? process.env),
      settings: o.settings ?? {},
      rules: sandboxSettings(catalog),
      scheme: o.tls ? 'https' : 'http',
    },
  };
}

/** The emulators of the services asked for (default: every one the catalog or the options have). */
async function loadEmulators(o: SandboxStartOptions, ctx: SandboxContext): Promise<Map<string, Emulator>> {
  const catalog = o.catalog ?? [];
  const emulators = new Map<string, Emulator>();
  const names = o.services ?? [
    ...new Set([...catalog.map((s) => s.name), ...Object.keys(o.emulators ?? {})]),
  ];
  for (const name of names) {
    const declared = catalog.find((s) => s.name === name)?.sandbox.emulator;
    const factory =
      o.emulators?.[name] ?? (declared ? ((await declared()).createEmulator as EmulatorFactory) : undefined);
    if (!factory) throw new Error(`no emulator for service "${name}"`);
    emulators.set(name, factory(ctx));
  }
  return emulators;
}

/** Counters, faults and the emulator: the same for every request, whatever parsed it. */
async function dispatch(
  s: Sandbox,
  method: string,
  rawUrl: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Reply | 'drop'> {
  const url = new URL(rawUrl, 'http://sandbox');
  const [, first = '', ...rest] = url.pathname.split('/');
  if (first === '__sandbox') return control(s, method, rest.join('/'), body);
  const emulator = s.emulators.get(first);
  if (!emulator) {
    return {
      status: 404,
      body: { errors: [`no service at /${first}; services: ${[...s.emulators.keys()].join(', ')}`] },
    };
  }
  const path = `/${rest.join('/')}`;
  const key = `${first} ${method} ${path}`;
  s.counters.set(key, (s.counters.get(key) ?? 0) + 1);
  const fault = s.faults.take(first, method, path);
  if (fault) {
    if (fault.kind === 'drop') return 'drop';
    if (fault.kind === 'delay') await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));
    else return faultReply(fault);
  }
  return emulator.handle({ method, path, query: url.searchParams, headers, body, params: {} });
}

/** The HTTP server's handler: the request read, dispatched and answered (or its socket dropped). */
function requestHandler(dispatch: Dispatch) {
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const reply = await dispatch(
      (req.method ?? 'GET').toUpperCase(),
      req.url ?? '/',
      headers,
      await readBody(req),
    );
    if (reply === 'drop') req.socket.destroy();
    else send(res, reply);
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    void serve(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        send(res, { status: 500, body: { errors: [`sandbox error: ${(err as Error).message}`] } });
      else res.destroy();
    });
  };
}

/**
 * Node's HTTP parser refuses methods it does not know, and the secrets store's LIST is one: the
 * parser's error carries the raw request, which is read here and answered on the socket directly.
 */
function clientErrorHandler(dispatch: Dispatch) {
  return (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    const raw = err.code === 'HPE_INVALID_METHOD' ? err.rawPacket?.toString('latin1') : undefined;
    const m = raw ? /^(LIST) (\S+) HTTP\/1\.[01]\r\n([\s\S]*?)\r\n\r\n/.exec(raw) : null;
    if (!m) {
      if (socket.writable)
        socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const headers: Record<string, string> = {};
    for (const line of m[3]!.split('\r\n')) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    void dispatch(m[1]!, m[2]!, headers, Buffer.alloc(0))
      .then((reply) => {
        if (reply === 'drop') return socket.destroy();
        const { payload, headers: out } = encodeReply(reply);
        const head = [
          `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`,
          ...Object.entries(out).map(([k, v]) => `${k}: ${v}`),
          'connection: close',
        ];
        socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload ?? Buffer.alloc(0)]));
      })
      .catch(() => socket.destroy());
  };
}

/** The `/__sandbox/*` controls: health, faults, the clock, the counters, the state's digests and reset. */
function control(s: Sandbox, method: string, path: string, body: Buffer): Reply {
  const { emulators, faults, clock, counters } = s;
  const input = body.length ? JSON.parse(body.toString('utf8')) : {};
  if (method === 'GET' && path === 'health')
    return { status: 200, body: { ok: true, services: [...emulators.keys()] } };
  if (method === 'POST' && path === 'faults') {
    const rules = ([] as FaultRule[]).concat(input);
    // Checked whole before any is added: a bad rule is the caller's mistake (400), and adds nothing.
    const bad = rules.find((r) => !FAULT_KINDS.includes(r?.kind));
    if (bad !== undefined)
      return {
        status: 400,
        body: {
          errors: [`unknown fault kind ${JSON.stringify(bad?.kind)}: give one of ${FAULT_KINDS.join(', ')}`],
        },
      };
    for (const rule of rules) faults.add(rule);
    return { status: 200, body: { pending: faults.pending() } };
  }
  if (method === 'DELETE' && path === 'faults') {
    faults.clear();
    return { status: 200, body: { pending: 0 } };
  }
  if (method === 'POST' && path === 'clock/advance') {
    const seconds = input.seconds ?? 0;
    // A clock moved by NaN would stay broken until a reset: refused, the clock as it was.
    if (typeof seconds !== 'number' || !Number.isFinite(seconds))
      return {
        status: 400,
        body: { errors: ['seconds must be a number (of seconds to move the clock by)'] },
      };
    clock.advance(seconds * 1000);
    return { status: 200, body: { now: new Date(clock.now()).toISOString() } };
  }
  if (method === 'GET' && path === 'counters') {
    const requests: Record<string, Record<string, number>> = {};
    for (const [k, n] of counters) {
      const [service = '', ...r] = k.split(' ');
      (requests[service] ??= {})[r.join(' ')] = n;
    }
    const stats: Record<string, unknown> = {};
    for (const [name, e] of emulators) if (e.stats) stats[name] = e.stats();
    return {
      status: 200,
      body: {
        requests,
        faultsInjected: faults.injected,
        faultsPending: faults.pending(),
        emulators: stats,
      },
    };
  }
  // A digest of each part of each emulator's state: a call that changed nothing leaves every one as it was.
  if (method === 'GET' && path === 'state') {
    const digests: Record<string, Record<string, string>> = {};
    for (const [name, e] of emulators) if (e.state) digests[name] = stateDigests(e.state());
    return { status: 200, body: digests };
  }
  if (method === 'POST' && path === 'reset') {
    counters.clear();
    faults.clear();
    clock.reset();
    for (const e of emulators.values()) e.reset();
    return { status: 200, body: { ok: true } };
  }
  return { status: 404, body: { errors: [`unknown sandbox control ${method} /__sandbox/${path}`] } };
}

/** The HTTP (or, with `tls`, HTTPS) server listening, and the sockets it has open. */
async function listen(o: SandboxStartOptions, dispatch: Dispatch) {
  const tls = o.tls ? await makeSandboxTls() : undefined;
  const handler = requestHandler(dispatch);
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createHttpServer(handler);
  server.keepAliveTimeout = 30_000;
  server.on('clientError', clientErrorHandler(dispatch));
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 4010, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const caPath = tls ? writeSandboxCa(port, tls.cert) : undefined;
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return { server, url: `${tls ? 'https' : 'http'}://${host}:${port}`, port, caPath, sockets };
}

/**
 * Serves every emulator on one loopback port, each under `/<service>`, plus `/__sandbox/*` controls:
 * `POST faults` (rule or list of rules), `POST clock/advance {seconds}`, `GET counters`, `POST reset`,
 * `GET health`.
 */
export async function startSandbox(o: SandboxStartOptions = {}): Promise<RunningSandbox> {
  const ctx = contextOf(o);
  const { clock } = ctx;
  const faults = new Faults();
  const emulators = await loadEmulators(o, ctx);
  const sandbox: Sandbox = { emulators, counters: new Map(), faults, clock };
  const { server, url, port, caPath, sockets } = await listen(o, (method, rawUrl, headers, body) =>
    dispatch(sandbox, method, rawUrl, headers, body),
  );

  return {
    url,
    port,
    caPath,
    emulators,
    clock,
    faults,
    banner: () => [
      ...(clock.speed === 1
        ? []
        : [`clock: ${clock.speed} times real time (--set clock.speed=1 for real time)`]),
      ...[...emulators.values()].flatMap((e) => e.banner?.() ?? []),
    ],
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        // The CA of a server that no longer answers trusts nothing: its folder goes with it.
        if (caPath) rmSync(dirname(caPath), { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}

function faultReply(f: FaultRule): Reply {
  if (f.kind === 'malformed')
    return {
      status: f.status ?? 200,
      headers: { 'content-type': 'application/json' },
      body: '{"truncated": [1, 2',
    };
  if (f.kind === 'html') {
    return {
      status: f.status ?? 502,
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>502 Bad Gateway</title></head><body>upstream error</body></html>',
    };
  }
  const headers: Record<string, string> = { ...f.headers };
  if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
  return { status: f.status ?? 500, headers, body: f.body ?? { errors: ['injected fault'] } };
}

function encodeReply(reply: Reply): { payload: Buffer | undefined; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: Buffer | undefined;
  if (reply.body === undefined || reply.status === 204 || reply.status === 304) payload = undefined;
  else if (Buffer.isBuffer(reply.body)) payload = reply.body;
  else if (typeof reply.body === 'string') payload = Buffer.from(reply.body);
  else {
    payload = Buffer.from(JSON.stringify(reply.body));
    headers['content-type'] ??= 'application/json';
  }
  headers['content-length'] = String(payload?.length ?? 0);
  return { payload, headers };
}

function send(res: ServerResponse, reply: Reply): void {
  const { payload, headers } = encodeReply(reply);
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
