import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { BIN, mcpSession, textOf } from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops mcp --http`: Streamable HTTP behind a bearer token and a Host/Origin check, the same tools as
 * on stdio, under the SDK's own HTTP client and the official conformance suite.
 */
const sb = await useSandbox();
const CONFORMANCE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');

interface Running {
  child: ChildProcess;
  url: string;
  token: string;
  err(): string;
}

/** `ops mcp --http 0 <flags>` (any free port): its address and token, from its first lines on stderr. */
function serve(flags: string[], stdin?: string, address = '0'): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', address, ...flags], {
    env: { PATH: process.env.PATH ?? '', HOME: tempConfigDir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const url = /serving (\S+)/.exec(err)?.[1];
      const token = stdin?.trim() ?? /bearer token (\S+)/.exec(err)?.[1];
      if (url && token) resolve({ child, url, token, err: () => err });
    });
    child.on('exit', (code) => reject(new Error(`ops mcp --http ended (${code}): ${err}`)));
  });
}

async function connect(r: Running, token = r.token): Promise<Client> {
  const client = new Client({ name: 'ops-http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(r.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** A raw POST of initialize with these headers: the status the server answers. */
async function post(url: string, headers: Record<string, string>): Promise<number> {
  return (await send(url, headers)).status;
}

/** A raw POST: its status, headers and body. `body` a string, or chunks written one by one. */
function send(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer[] = INITIALIZE,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    // The server may end the connection once it has answered: what is left unsent is not an error.
    req.on('error', (err) =>
      err.message.includes('EPIPE') || err.message.includes('ECONNRESET') ? undefined : reject(err),
    );
    if (typeof body === 'string') req.end(body);
    else {
      for (const chunk of body) req.write(chunk);
      req.end();
    }
  });
}

const running: Running[] = [];
afterAll(() => {
  for (const r of running) r.child.kill('SIGTERM');
});

describe('ops mcp --http', () => {
  let r: Running;
  beforeAll(async () => {
    r = await serve(['--services', 'hosts,tasks']);
    running.push(r);
  });

  it('serves on 127.0.0.1 by default, the same tools as stdio', async () => {
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(r);
    const stdio = await mcpSession(['--services', 'hosts,tasks'], sb.env);
    expect((await client.listTools()).tools).toEqual((await stdio.client.listTools()).tools);
    await stdio.close();
    // Its own bearer token is masked like any credential it holds.
    const echo = await client.callTool({ name: 'help', arguments: { command: `hosts ${r.token}` } });
    expect(textOf(echo)).not.toContain(r.token);
    const call = await client.callTool({ name: 'hosts', arguments: { command: 'totals' } });
    expect(call.isError, textOf(call)).toBeFalsy();
    expect(JSON.parse(textOf(call))).toHaveProperty('total_active');
    await client.close();
  });

  it('refuses a request without the token (401), from another Origin or Host (403)', async () => {
    const host = new URL(r.url).host;
    expect(await post(r.url, {})).toBe(401);
    expect(await post(r.url, { authorization: 'Bearer wrong' })).toBe(401);
    const auth = { authorization: `Bearer ${r.token}` };
    expect(await post(r.url, { ...auth, origin: 'http://evil.example.com' })).toBe(403);
    expect(await post(r.url, { ...auth, host: 'evil.example.com' })).toBe(403);
    expect(await post(r.url, { ...auth, origin: `http://${host}` })).toBe(200);
    await expect(connect(r, 'not-the-token')).rejects.toThrow(/the bearer token is not this server's/);
    const none = await send(r.url, {});
    expect(none.status).toBe(401);
    expect(none.text).toMatch(/a bearer token is required: Authorization: Bearer <token>/);
    const wrong = await send(r.url, { authorization: 'Bearer wrong' });
    expect(wrong.text).toMatch(/the bearer token is not this server's/);
    expect(wrong.text).not.toContain('wrong');
    // The token alone, or under another scheme, is no bearer token.
    expect(await post(r.url, { authorization: r.token })).toBe(401);
    expect(await post(r.url, { authorization: `Token ${r.token}` })).toBe(401);
    expect(await post(r.url, { authorization: `Bearer ${r.token} x` })).toBe(401);
  });

  it('refuses a body over 4 MiB with 413 before reading it whole, by its length or as it comes', async () => {
    const auth = { authorization: `Bearer ${r.token}` };
    const big = await send(r.url, { ...auth, 'content-length': String(50 * 1024 * 1024) }, []);
    expect(big.status).toBe(413);
    expect(big.text).toMatch(/a request body is at most 4194304 bytes/);
    // Chunked, no length said: refused once past 4 MiB, long before the 50 MiB are sent.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const sent: Buffer[] = Array.from({ length: 50 }, () => chunk);
    const started = Date.now();
    const chunked = await send(r.url, { ...auth, 'transfer-encoding': 'chunked' }, sent);
    expect(chunked.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The server goes on.
    expect(await post(r.url, auth)).toBe(200);
  });

  it('takes its token from stdin with --token-stdin, and shows none', async () => {
    const mine = await serve(['--services', 'hosts', '--token-stdin'], 'a-token-of-my-own-0123456789\n');
    running.push(mine);
    const client = await connect(mine);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['hosts', 'help']);
    await client.close();
    expect(mine.err()).not.toContain('a-token-of-my-own');
  });
});

describe('ops mcp --http: addresses, sessions', () => {
  it("bound to 0.0.0.0, serves loopback and the machine's own addresses; a foreign Host or Origin is 403", async () => {
    const r = await serve(
      ['--services', 'hosts', '--allowed-host', 'ops.example.test'],
      undefined,
      '0.0.0.0:0',
    );
    running.push(r);
    const port = new URL(r.url).port;
    expect(r.url).toBe(`http://127.0.0.1:${port}/mcp`);
    const client = await connect(r);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['hosts', 'help']);
    await client.close();
    const auth = { authorization: `Bearer ${r.token}` };
    const own = Object.values(networkInterfaces())
      .flatMap((l) => l ?? [])
      .filter((a) => a.family === 'IPv4' && !a.internal)
      .map((a) => a.address);
    for (const address of own) {
      const url = `http://${address}:${port}/mcp`;
      expect(await post(url, auth), url).toBe(200);
    }
    expect(await post(r.url, { ...auth, host: `localhost:${port}` })).toBe(200);
    expect(await post(r.url, { ...auth, host: `ops.example.test:${port}` })).toBe(200);
    expect(await post(r.url, { ...auth, host: 'ops.example.test' })).toBe(200);
    expect(await post(r.url, { ...auth, host: `evil.example.com:${port}` })).toBe(403);
    expect(await post(r.url, { ...auth, origin: 'http://evil.example.com' })).toBe(403);
  });

  it('at most --max-sessions at once (503 with Retry-After); an idle session is closed after --session-idle', async () => {
    const r = await serve(['--services', 'hosts', '--max-sessions', '2', '--session-idle', '2s']);
    running.push(r);
    const auth = { authorization: `Bearer ${r.token}` };
    const first = await send(r.url, auth);
    expect(first.status).toBe(200);
    expect((await send(r.url, auth)).status).toBe(200);
    const third = await send(r.url, auth);
    expect(third.status).toBe(503);
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(third.text).toMatch(/2 sessions are open \(--max-sessions\)/);
    // Unused past its idle time, a session is gone, and a new one may start.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const id = String(first.headers['mcp-session-id']);
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const gone = await send(
      r.url,
      { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      ping,
    );
    expect(gone.status).toBe(404);
    expect((await send(r.url, auth)).status).toBe(200);
  }, 20_000);

  it.each([
    [['--session-idle', '10'], /invalid --session-idle "10"/],
    [['--max-sessions', '0'], /invalid --max-sessions "0"/],
    [['--allowed-host', 'a b'], /invalid --allowed-host "a b"/],
  ])('ops mcp --http 0 %j is a usage error', async (flags, message) => {
    const r = await runCli(['mcp', '--http', '0', ...flags], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('a bound of --http without --http is a usage error', async () => {
    const r = await runCli(['mcp', '--max-sessions', '3'], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: --max-sessions needs --http/);
  });
});

/**
 * The official conformance suite against the server. It sends no Authorization header, so a proxy in
 * front adds the token (and names the server's own address where the suite names the proxy's); it
 * passes every other header as it came, the suite's forged Host and Origin included.
 */
function tokenProxy(target: Running): Promise<{ url: string; server: Server }> {
  const to = new URL(target.url);
  const server = createServer((req, res) => {
    const self = `127.0.0.1:${(server.address() as { port: number }).port}`;
    const headers = { ...req.headers, authorization: `Bearer ${target.token}` };
    if (headers.host === self) headers.host = to.host;
    if (headers.origin === `http://${self}`) headers.origin = `http://${to.host}`;
    const out = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers },
      (back) => {
        res.writeHead(back.statusCode ?? 502, back.headers);
        back.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, server }),
    ),
  );
}

/**
 * The scenarios that apply to a server of tools only. Those left out test what ops does not serve:
 * logging-set-level (no logging capability), completion-complete (no prompts or resources to
 * complete), resources-* and prompts-* (none), and tools-call-* and elicitation-* (they call the
 * suite's own fixture tools, test_simple_text and the like, and ask the client for sampling or
 * elicitation, which no ops verb does).
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

describe('the MCP conformance suite over Streamable HTTP', () => {
  it.each(SCENARIOS)(
    '%s passes',
    async (scenario) => {
      const r = await serve(['--services', 'hosts']);
      running.push(r);
      const proxy = await tokenProxy(r);
      try {
        const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            [CONFORMANCE, 'server', '--url', proxy.url, '--scenario', scenario, '-o', tempConfigDir()],
            { cwd: tempConfigDir(), stdio: ['ignore', 'pipe', 'pipe'] },
          );
          let text = '';
          child.stdout.on('data', (d: Buffer) => (text += d.toString()));
          child.stderr.on('data', (d: Buffer) => (text += d.toString()));
          child.on('exit', (code) => resolve({ code, text }));
        });
        expect(out.text).toMatch(/Passed: (\d+)\/\1, 0 failed/);
        expect(out.code, out.text).toBe(0);
      } finally {
        proxy.server.close();
        r.child.kill('SIGTERM');
      }
    },
    60_000,
  );
});
