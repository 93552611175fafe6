import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
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
function serve(flags: string[], stdin?: string): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', ...flags], {
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

/** A raw POST of initialize with these headers: the status the server answers. */
function post(url: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
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
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
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
    await expect(connect(r, 'not-the-token')).rejects.toThrow(/a bearer token is required/);
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
