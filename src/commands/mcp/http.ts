import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { McpOptions } from './server-options.js';

type Sdk = typeof import('./sdk-http.js');
type McpServer = InstanceType<typeof import('./sdk.js')['Server']>;
type Session = InstanceType<Sdk['StreamableHTTPServerTransport']>;

/** The path the server answers on, as MCP hosts expect. */
export const MCP_PATH = '/mcp';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The `Host` values a request may carry: the address served, and the loopback names when it is a
 * loopback one. Anything else is a page of another site that resolved its name to this machine (DNS
 * rebinding): refused, as is an `Origin` that is not one of these.
 */
export function allowedHosts(host: string, port: number): Set<string> {
  const name = host.includes(':') ? `[${host}]` : host;
  const names = LOOPBACK.includes(name) || name === '[::1]' ? LOOPBACK : [name];
  return new Set(names.map((n) => `${n}:${port}`));
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
  const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer /i, ''));
  const want = Buffer.from(token);
  if (given.length !== want.length || !timingSafeEqual(given, want))
    return { status: 401, message: 'a bearer token is required: Authorization: Bearer <token>' };
  return undefined;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  res
    .writeHead(status, headers)
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * Serves the tools over Streamable HTTP until Ctrl-C: a session per `initialize`, each with its own
 * MCP server over the same tools, behind a bearer token and a Host/Origin check.
 */
export async function serveHttp(o: McpOptions, newServer: () => McpServer): Promise<void> {
  const sdk: Sdk = await import('./sdk-http.js');
  const http = o.http!;
  // Known once listening: port 0 is any free port.
  let hosts = new Set<string>();
  const sessions = new Map<string, { transport: Session; server: McpServer }>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const why = refusal(req, hosts, http.token);
    if (why) return refuse(res, why.status, why.message);
    const id = req.headers['mcp-session-id'];
    const parsed = req.method === 'POST' ? await body(req) : undefined;
    if (typeof id === 'string') {
      const s = sessions.get(id);
      if (!s) return refuse(res, 404, 'no such session: initialize a new one');
      return s.transport.handleRequest(req, res, parsed);
    }
    if (req.method !== 'POST' || !sdk.isInitializeRequest(parsed))
      return refuse(res, 400, 'no session: the first request is initialize');
    const server = newServer();
    const transport: Session = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sid) => void sessions.set(sid, { transport, server }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(req, res, parsed);
  };
  const listener = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        refuse(res, 400, err instanceof SyntaxError ? 'the body is not JSON' : 'bad request');
    });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(http.port, http.host, resolve);
  });
  const port = (listener.address() as { port: number }).port;
  hosts = allowedHosts(http.host, port);
  o.io.stderr.write(`ops mcp: serving http://${[...hosts][0]}${MCP_PATH}\n`);
  if (http.generated) o.io.stderr.write(`ops mcp: bearer token ${http.token}\n`);
  await new Promise<void>((resolve) => {
    if (o.io.signal.aborted) resolve();
    o.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  for (const s of sessions.values()) await s.server.close();
  listener.closeAllConnections();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
}
