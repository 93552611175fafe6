import { once } from 'node:events';
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { afterEach } from 'vitest';
import { h1Transport } from '../../src/clients/http/transport/h1-transport.js';
import { nodeTransport } from '../../src/clients/http/transport/node-transport.js';
import type { Transport, TransportRequest } from '../../src/clients/http/transport/transport-types.js';

/**
 * A raw TCP server that answers each request (head and content-length body read) with the bytes
 * `answer` gives, written in the pieces it returns: the answers real servers and proxies send that a
 * Node server never would (chunks cut anywhere, interim answers, a body that ends with the connection).
 */
export async function rawServer(answer: (n: number, head: string, socket: Socket) => string[] | undefined) {
  const sockets = new Set<Socket>();
  let requests = 0;
  const heads: string[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    socket.on('data', async (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buf.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        buf = buf.subarray(end + 4 + length);
        heads.push(head);
        const pieces = answer(++requests, head, socket);
        for (const p of pieces ?? []) {
          socket.write(p, 'latin1');
          await new Promise((r) => setTimeout(r, 2));
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  let connections = 0;
  server.on('connection', () => connections++);
  return {
    url: (path = '/x') => new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`),
    heads,
    connections: () => connections,
    /** Connections the server still has open. */
    open: () => sockets.size,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A request as the client hands it to a transport: a GET with short timeouts unless told otherwise. */
export const transportRequest = (o: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'GET',
  headers: { accept: 'application/json' },
  signal: new AbortController().signal,
  headersTimeout: 2000,
  bodyTimeout: 2000,
  ...o,
});

/** An answer of 200 with this body and a length (and `extra` header lines). */
export const okAnswer = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

/**
 * A raw server and an h1 transport per test, both closed after it: `serve` starts the one, `h1` makes
 * the other.
 */
export function useRawServer() {
  const at: { server?: RawServer | undefined; transport?: Transport | undefined } = {};
  afterEach(async () => {
    await at.transport?.close();
    await at.server?.close();
    at.server = at.transport = undefined;
  });
  return {
    async serve(answer: Parameters<typeof rawServer>[0]): Promise<RawServer> {
      await at.server?.close();
      at.server = await rawServer(answer);
      return at.server;
    },
    h1(connections = 2, keepAliveMs?: number): Transport {
      at.transport = h1Transport({ connections, keepAliveMs, fallback: nodeTransport() });
      return at.transport;
    },
    async closeTransport(): Promise<void> {
      await at.transport?.close();
    },
  };
}

export type RawServer = Awaited<ReturnType<typeof rawServer>>;
