import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { McpOptions } from './server-options.js';

type Sdk = typeof import('./sdk-http.js');
type McpServer = InstanceType<typeof import('./sdk.js')['Server']>;
type Session = InstanceType<Sdk['StreamableHTTPServerTransport']>;

/** The path the server answers on, as MCP hosts expect. */
export const MCP_PATH = '/mcp';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
/** The addresses that mean every address of this machine. */
const EVERY = new Set(['0.0.0.0', '::', '[::]']);

/** At most this much JSON in one request: more is refused (413) before it is read whole. */
export const MAX_BODY = 4 * 1024 * 1024;

/** This machine's own addresses, as a Host header names them (`[fe80::1]` for IPv6). */
function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((a) => (a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address)),
  );
}

/**
 * The `Host` values a request may carry: the address served, the loopback names when it is a
 * loopback one, and every address of this machine (loopback included) when it is 0.0.0.0 or ::; then
 * the names given with --allowed-host, with this port or as given. Anything else is a page of another
 * site that resolved its name to this machine (DNS rebinding): refused, as is an `Origin` that is not
 * one of these.
 */
export function allowedHosts(host: string, port: number, extra: readonly string[] = []): Set<string> {
  const name = host.includes(':') ? `[${host}]` : host;
  const names = EVERY.has(host)
    ? [...LOOPBACK, ...machineAddresses()]
    : LOOPBACK.includes(name)
      ? LOOPBACK
      : [name];
  return new Set([
    ...names.map((n) => `${n}:${port}`),
    ...extra.flatMap((n) => (/:\d+$/.test(n) ? [n] : [n, `${n}:${port}`])).map((n) => n.toLowerCase()),
  ]);
}

/** Why a request is refused before it reaches MCP, with its status; undefined when it may go on. */
export function refusal(
  req: Pick<IncomingMessage, 'headers' | 'url'>,
  hosts: Set<string>,
  token: string,
): { status: number; message: string } | undefined {
  if (!hosts.has(String(req.headers.host ?? '').toLowerCase()))
    return { status: 403, message: 'this Host is not served (DNS rebinding protection)' };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.has(origin.toLowerCase().replace(/^https?:\/\//, '')))
    return { status: 403, message: 'this Origin may not call the server' };
  if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH)
    return { status: 404, message: `the MCP endpoint is ${MCP_PATH}` };
  // The scheme is said: a bare token is no bearer token.
  const bearer = /^Bearer ([^\s]+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  if (bearer === undefined)
    return { status: 401, message: 'a bearer token is required: Authorization: Bearer <token>' };
  const given = Buffer.from(bearer);
  const want = Buffer.from(token);
  if (given.length !== want.length || !timingSafeEqual(given, want))
    return {
      status: 401,
      message:
        "the bearer token is not this server's: the one it printed at start, or the one given by --token-stdin",
    };
  return undefined;
}

function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  more: Record<string, string> = {},
): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...more };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  res
    .writeHead(status, headers)
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

class TooLarge extends Error {}

/** The request's JSON, read only while it stays under MAX_BODY: its declared length is checked first. */
async function body(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new TooLarge();
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

interface Live {
  transport: Session;
  server: McpServer;
  /** Requests of the session still being answered (an open stream among them). */
  busy: number;
  /** When it was last used: it is closed `idle` ms after, with nothing in flight. */
  last: number;
}

/**
 * Serves the tools over Streamable HTTP until Ctrl-C: a session per `initialize`, each with its own
 * MCP server over the same tools, behind a bearer token and a Host/Origin check; at most
 * `maxSessions` at once, each closed when idle for `sessionIdle` seconds.
 */
export async function serveHttp(o: McpOptions, newServer: () => McpServer): Promise<void> {
  const sdk: Sdk = await import('./sdk-http.js');
  const http = o.http!;
  const idle = http.sessionIdle * 1000;
  // Known once listening: port 0 is any free port.
  let hosts = new Set<string>();
  const sessions = new Map<string, Live>();
  const close = (id: string, s: Live) => {
    sessions.delete(id);
    void s.server.close().catch(() => undefined);
  };
  // Idle sessions are looked for often enough that one outlives its idle time by a few percent.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) if (s.busy === 0 && now - s.last >= idle) close(id, s);
    },
    Math.max(100, Math.min(idle / 10, 60_000)),
  );
  sweep.unref();
  /** Seconds until the first session may be closed as idle: when a new one may be worth trying. */
  const retryAfter = () => {
    const now = Date.now();
    const soonest = Math.min(...[...sessions.values()].map((s) => s.last + idle - now));
    return String(Math.max(1, Math.ceil(soonest / 1000)));
  };
  const use = (s: Live, res: ServerResponse) => {
    s.busy++;
    s.last = Date.now();
    res.once('close', () => {
      s.busy--;
      s.last = Date.now();
    });
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const why = refusal(req, hosts, http.token);
    if (why) return refuse(res, why.status, why.message);
    const id = req.headers['mcp-session-id'];
    const parsed = req.method === 'POST' ? await body(req) : undefined;
    if (typeof id === 'string') {
      const s = sessions.get(id);
      if (!s) return refuse(res, 404, 'no such session: initialize a new one');
      use(s, res);
      return s.transport.handleRequest(req, res, parsed);
    }
    if (req.method !== 'POST' || !sdk.isInitializeRequest(parsed))
      return refuse(res, 400, 'no session: the first request is initialize');
    if (sessions.size >= http.maxSessions)
      return refuse(
        res,
        503,
        `${http.maxSessions} sessions are open (--max-sessions): try again when one has closed`,
        { 'retry-after': retryAfter() },
      );
    const server = newServer();
    const transport: Session = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sid) => {
        const s: Live = { transport, server, busy: 0, last: Date.now() };
        sessions.set(sid, s);
        use(s, res);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(req, res, parsed);
  };
  const listener = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof TooLarge) {
        // Said at once; the rest of the body is never read: the connection ends with the answer.
        refuse(res, 413, `a request body is at most ${MAX_BODY} bytes`, { connection: 'close' });
        res.once('finish', () => req.destroy());
        return;
      }
      refuse(res, 400, err instanceof SyntaxError ? 'the body is not JSON' : 'bad request');
    });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(http.port, http.host, resolve);
  });
  const port = (listener.address() as { port: number }).port;
  hosts = allowedHosts(http.host, port, http.allowedHosts);
  o.io.stderr.write(`ops mcp: serving http://${[...hosts][0]}${MCP_PATH}\n`);
  if (http.generated) o.io.stderr.write(`ops mcp: bearer token ${http.token}\n`);
  await new Promise<void>((resolve) => {
    if (o.io.signal.aborted) resolve();
    o.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(sweep);
  for (const s of sessions.values()) await s.server.close();
  listener.closeAllConnections();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
}
