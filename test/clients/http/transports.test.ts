import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, type Socket, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearerAuth } from '../../../src/clients/http/auth.js';
import { type HttpClientOptions, createHttpClient } from '../../../src/clients/http/client.js';
import { h1Transport } from '../../../src/clients/http/transport/h1-transport.js';
import { nodeTransport } from '../../../src/clients/http/transport/node-transport.js';
import { undiciTransport } from '../../../src/clients/http/transport/undici-transport.js';
import { Redactor } from '../../../src/clients/http/redact.js';
import { closeTransport, getTransport } from '../../../src/clients/http/transport/transport.js';
import type { Transport } from '../../../src/clients/http/transport/transport-types.js';
import { ApiError, NetworkError, TimeoutError } from '../../../src/errors.js';
import { makeSandboxTls } from '../../../src/sandbox/core/tls.js';
import { encodedForms } from '../../helpers/http.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A real server on loopback: the node transport is Node's own http, so it is tested on a socket. */
async function serve(handler: Handler, server: Server = createServer()) {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    handler(req, Buffer.concat(chunks).toString('utf8'), res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * The transports meet one contract: HTTP/1.1 on bare sockets (every request but behind a proxy, with
 * as many connections as requests in flight, or the number a bulk send asks for; its stream bodies and
 * streamed answers go to its fallback), Node's own `node:http` (that fallback) and undici (proxies),
 * each on a real socket.
 */
const transports: Array<[string, Transport, number]> = [
  // The last column: the connections that five requests one after the other open (undici's pool
  // opens a second one for the second request, before the first is back in the pool).
  ['HTTP/1.1', h1Transport({ connections: Number.POSITIVE_INFINITY, fallback: nodeTransport() }), 1],
  ['HTTP/1.1 (bulk)', h1Transport({ connections: 4, fallback: nodeTransport() }), 1],
  ['node:http (streams)', nodeTransport(), 1],
  ['undici (proxies)', undiciTransport(new Agent({ keepAliveTimeout: 10_000 })), 2],
];
afterAll(async () => {
  for (const [, t] of transports) await t.close();
});
let server: Awaited<ReturnType<typeof serve>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientOn(transport: Transport, port: number, o: Partial<HttpClientOptions> = {}, scheme = 'http') {
  return createHttpClient({
    service: 'svc',
    baseUrl: `${scheme}://127.0.0.1:${port}/base`,
    auth: bearerAuth('tok-secret-1'),
    retries: 2,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    transport,
    redactor: new Redactor([]),
    sleep: async () => undefined,
    ...o,
  });
}

describe.each(transports)('the %s transport', (_name, transport, sequentialConnections) => {
  const client = (port: number, o: Partial<HttpClientOptions> = {}) => clientOn(transport, port, o);

  it('sends method, path, query, headers and a JSON body, and reads the JSON answer', async () => {
    const seen: Array<{ method?: string; url?: string; auth?: string; type?: string; body: string }> = [];
    server = await serve((req, body, res) => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      });
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true,"n":1}');
    });
    const res = await client(server.port).request<{ ok: boolean }>({
      method: 'post',
      path: '/items',
      query: { a: 'x y' },
      body: { name: 'ü' },
      idempotent: true,
    });
    expect(res).toMatchObject({ status: 200, data: { ok: true, n: 1 }, attempts: 1 });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/base/items?a=x+y',
        auth: 'Bearer tok-secret-1',
        type: 'application/json',
        body: '{"name":"ü"}',
      },
    ]);
  });

  it('sends content-length 0 for a POST without a body, none for a GET, and custom methods as they are', async () => {
    const lengths: Array<[string | undefined, string | undefined, string | undefined]> = [];
    server = await serve((req, _body, res) => {
      lengths.push([req.method, req.headers['content-length'], req.headers['transfer-encoding']]);
      res.end('{}');
    });
    const c = client(server.port);
    await c.request({ method: 'POST', path: '/a', idempotent: true });
    await c.request({ method: 'GET', path: '/a' });
    await c.request({ method: 'DELETE', path: '/a' });
    expect(lengths).toEqual([
      ['POST', '0', undefined],
      ['GET', undefined, undefined],
      ['DELETE', undefined, undefined],
    ]);
  });

  it('writes a method that Node servers do not parse (LIST) as it is', async () => {
    const raw = createNetServer((socket) =>
      socket.once('data', (d) => {
        const body = JSON.stringify({ line: String(d).split('\r\n')[0] });
        socket.end(`HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      }),
    );
    raw.listen(0, '127.0.0.1');
    await once(raw, 'listening');
    try {
      const res = await client((raw.address() as AddressInfo).port).request<{ line: string }>({
        method: 'LIST',
        path: '/secret/metadata',
      });
      expect(res.data.line).toBe('LIST /base/secret/metadata HTTP/1.1');
    } finally {
      raw.close();
    }
  });

  it('streams a body given as a stream', async () => {
    let got = '';
    server = await serve((_req, body, res) => {
      got = body;
      res.end('{}');
    });
    await client(server.port).request({
      method: 'PUT',
      path: '/up',
      rawBody: Readable.from(['line 1\n', 'line 2\n']),
      headers: { 'content-type': 'text/plain' },
    });
    expect(got).toBe('line 1\nline 2\n');
  });

  it('keeps its connections for requests one after the other', async () => {
    server = await serve((_req, _body, res) => res.end('{}'));
    const c = client(server.port);
    for (let i = 0; i < 5; i++) await c.request({ method: 'GET', path: `/p${i}` });
    expect(server.connections()).toBe(sequentialConnections);
  });

  it('reports an error status with the parsed body', async () => {
    server = await serve((_req, _body, res) => {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end('{"errors":["no such item"]}');
    });
    const err = await client(server.port)
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
  });

  it('retries a 503 and then succeeds', async () => {
    let n = 0;
    server = await serve((_req, _body, res) => {
      n++;
      res.statusCode = n === 1 ? 503 : 200;
      res.end('{}');
    });
    const res = await client(server.port).request({ method: 'GET', path: '/x' });
    expect(res.attempts).toBe(2);
  });

  /**
   * A server that answers each request in turn as `steps` says: a 503 with Retry-After 0 (`busy`), a
   * dropped connection (`drop`), a 302 to another path (`moved`), and 200 once they are spent. A
   * request that is retried and redirected both, counted apart.
   */
  type Step = 'busy' | 'drop' | 'moved';
  function hops(steps: Step[]) {
    const seen: string[] = [];
    const handler: Handler = (req, _body, res) => {
      seen.push(req.url ?? '');
      const step = steps[seen.length - 1];
      if (step === 'drop') req.socket.destroy();
      else if (step === 'moved') {
        res.writeHead(302, { location: `/base/hop${seen.length}` });
        res.end();
      } else if (step === 'busy') {
        res.writeHead(503, { 'retry-after': '0', 'content-type': 'application/json' });
        res.end('{"errors":["busy"]}');
      } else res.end('{"ok":true}');
    };
    return { seen, handler };
  }
  const times = (n: number, step: Step): Step[] => Array(n).fill(step);

  it.each([
    ['retries, then a redirect', [...times(3, 'busy'), 'drop', 'busy', 'moved']],
    ['a redirect, then retries', ['moved', 'busy', 'drop', ...times(3, 'busy')]],
    [
      'five redirects between retries',
      ['moved', 'busy', 'moved', 'drop', 'moved', 'busy', 'moved', 'busy', 'moved'],
    ],
  ] as Array<[string, Step[]]>)('counts retries and redirects apart: %s', async (_what, steps) => {
    const h = hops(steps);
    server = await serve(h.handler);
    const res = await client(server.port, { retries: 5 }).request({ method: 'GET', path: '/start' });
    // Attempts are the sends of the request: its retries and the first, never a hop.
    const retries = steps.filter((s) => s !== 'moved').length;
    expect(res).toMatchObject({ status: 200, data: { ok: true }, attempts: retries + 1 });
    expect(h.seen).toHaveLength(steps.length + 1);
  });

  it('still refuses a sixth redirect, and a fifth retry past --retries 4, whatever came between', async () => {
    const redirects = hops(['moved', 'busy', 'moved', 'moved', 'drop', ...times(3, 'moved')]);
    server = await serve(redirects.handler);
    const err = await client(server.port, { retries: 4 })
      .request({ method: 'GET', path: '/start' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/^svc: too many redirects from 127\.0\.0\.1:\d+$/);
    expect(redirects.seen).toHaveLength(8);
    await server.close();

    const retries = hops(['moved', 'busy', 'moved', 'drop', ...times(3, 'busy')]);
    server = await serve(retries.handler);
    const spent = await client(server.port, { retries: 4 })
      .request({ method: 'GET', path: '/start' })
      .catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(ApiError);
    expect((spent as ApiError).message).toBe('busy');
    expect((spent as ApiError).status).toBe(503);
    expect(retries.seen).toHaveLength(7);
  });

  describe('a streamed answer (a download)', () => {
    const zlib = process.getBuiltinModule('node:zlib');
    // Bytes of every value, over several chunks of the socket.
    const file = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256));
    const sending = (body: Buffer, headers: Record<string, string>) => {
      let requests = 0;
      const s = serve((_req, _body, res) => {
        requests++;
        res.writeHead(200, { 'content-type': 'application/octet-stream', ...headers });
        res.end(body);
      });
      return { server: s, requests: () => requests };
    };
    const download = (port: number) =>
      client(port).request<Readable>({ method: 'GET', path: '/file', responseType: 'stream' });
    const read = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    it.each(encodedForms(file))(
      'with content-encoding %s is decoded as it is read',
      async (encoding, body) => {
        server = await sending(body, { 'content-encoding': encoding }).server;
        expect((await read((await download(server.port)).data)).equals(file)).toBe(true);
      },
    );

    it('a .gz file sent with no content-encoding (or identity) stays byte for byte as sent', async () => {
      const gz = zlib.gzipSync(file);
      const plain: Array<Record<string, string>> = [
        { 'content-type': 'application/gzip' },
        { 'content-encoding': 'identity' },
      ];
      for (const headers of plain) {
        server = await sending(gz, headers).server;
        expect((await read((await download(server.port)).data)).equals(gz)).toBe(true);
        await server.close();
        server = undefined;
      }
    });

    it('a coding ops cannot read is refused before a byte is read: exit 7, not retried', async () => {
      const s = sending(file, { 'content-encoding': 'zstd' });
      server = await s.server;
      const err = await download(server.port).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).message).toBe(
        'svc answered with content-encoding zstd, which ops cannot read',
      );
      expect((err as NetworkError).exitCode).toBe(7);
      expect(s.requests()).toBe(1);
    });

    it('a body that does not decode ends the stream with a bad answer, exit 7', async () => {
      server = await sending(file, { 'content-encoding': 'gzip' }).server;
      const res = await download(server.port);
      const err = await read(res.data).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).message).toMatch(
        /^svc answered 200 with a gzip body that does not decode \(/,
      );
      expect((err as NetworkError).exitCode).toBe(7);
    });
  });

  it('names a body that is not JSON', async () => {
    server = await serve((_req, _body, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<html>proxy error</html>');
    });
    await expect(client(server.port).request({ method: 'GET', path: '/x' })).rejects.toThrow(
      /answered 200 with an HTML page \(text\/html, 24 bytes\)/,
    );
  });

  it('times out when no status line comes, retrying idempotent requests first', async () => {
    let n = 0;
    server = await serve(() => {
      n++; // never answers
    });
    const err = await client(server.port, { timeoutMs: 150 })
      .request({ method: 'GET', path: '/slow' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(n).toBe(3);
  });

  it('times out a body that stalls half-way', async () => {
    server = await serve((_req, _body, res) => {
      res.setHeader('content-length', '100');
      res.write('{"partial":');
    });
    const err = await client(server.port, { timeoutMs: 150, retries: 0 })
      .request({ method: 'GET', path: '/stall' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
  });

  it('reports a connection dropped mid-body as dropped, and retries it when idempotent', async () => {
    let n = 0;
    server = await serve((req, _body, res) => {
      n++;
      if (n === 1) {
        res.setHeader('content-length', '100');
        res.write('{"partial":');
        setTimeout(() => req.socket.destroy(), 10);
      } else res.end('{"whole":true}');
    });
    const res = await client(server.port).request({ method: 'GET', path: '/drop' });
    expect(res).toMatchObject({ data: { whole: true }, attempts: 2 });

    n = 0;
    const err = await client(server.port)
      .request({ method: 'POST', path: '/drop', body: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(String((err as Error).message)).toMatch(/dropped before a complete answer/);
    expect(n).toBe(1);
  });

  it('says the connection was refused when nothing listens', async () => {
    const s = await serve(() => undefined);
    const port = s.port;
    await s.close();
    await expect(client(port, { retries: 0 }).request({ method: 'GET', path: '/' })).rejects.toThrow(
      /connection refused by 127\.0\.0\.1:\d+; is the service running/,
    );
  });

  it('stops at once when the caller aborts', async () => {
    server = await serve(() => undefined);
    const controller = new AbortController();
    const pending = client(server.port, { signal: controller.signal }).request({ method: 'GET', path: '/' });
    setTimeout(() => controller.abort(new Error('SIGINT')), 30);
    await expect(pending).rejects.toThrow(/interrupted/);
  });

  it('refuses a header value with a line break before sending anything', async () => {
    let n = 0;
    server = await serve((_req, _body, res) => {
      n++;
      res.end('{}');
    });
    await expect(
      client(server.port, { retries: 0 }).request({
        method: 'GET',
        path: '/',
        headers: { 'x-a': 'one\r\nx-b: two' },
      }),
    ).rejects.toThrow(NetworkError);
    expect(n).toBe(0);
  });
});

describe('TLS on the HTTP/1.1 transport and its node:http fallback', () => {
  let tls: { port: number; close(): Promise<void> };
  let caFile: string;
  beforeAll(async () => {
    const { key, cert } = await makeSandboxTls();
    caFile = join(tmpdir(), `ops-node-transport-ca-${process.pid}.pem`);
    writeFileSync(caFile, cert);
    tls = await serve((_req, _body, res) => res.end('{"tls":true}'), createHttpsServer({ key, cert }));
  });
  afterAll(async () => {
    await tls.close();
    await closeTransport();
  });
  const tlsClient = (t: Transport) => clientOn(t, tls.port, { retries: 0 }, 'https');

  // The process's transport, with and without a number of connections: HTTP/1.1 on bare sockets.
  describe.each([
    ['HTTP/1.1', undefined],
    ['HTTP/1.1 (bulk)', 4],
  ])('%s', (_name, connections) => {
    it('trusts a CA file given with --ca-cert', async () => {
      const res = await tlsClient(getTransport({ caCert: caFile, connections, env: {} })).request({
        method: 'GET',
        path: '/',
      });
      expect(res.data).toEqual({ tls: true });
    });

    it('refuses an unknown certificate with the hint, and accepts it with --insecure', async () => {
      await expect(
        tlsClient(getTransport({ connections, env: {} })).request({ method: 'GET', path: '/' }),
      ).rejects.toThrow(/TLS certificate of 127\.0\.0\.1:\d+ not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      const res = await tlsClient(getTransport({ insecure: true, connections, env: {} })).request({
        method: 'GET',
        path: '/',
      });
      expect(res.data).toEqual({ tls: true });
    });

    it('streams an answer through node:http with the same trust', async () => {
      const t = getTransport({ caCert: caFile, connections, env: {} });
      const res = await tlsClient(t).request<Readable>({ method: 'GET', path: '/', responseType: 'stream' });
      let text = '';
      for await (const chunk of res.data) text += String(chunk);
      expect(JSON.parse(text)).toEqual({ tls: true });
      await expect(
        tlsClient(getTransport({ connections, env: {} })).request({
          method: 'GET',
          path: '/',
          responseType: 'stream',
        }),
      ).rejects.toThrow(/TLS certificate of 127\.0\.0\.1:\d+ not trusted/);
    });
  });
});
