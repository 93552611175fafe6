import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';

export interface ForwardProxy {
  url: string;
  /** Requests it has carried: CONNECT tunnels and absolute-URI requests. */
  count(): number;
  close(): Promise<void>;
}

/**
 * A forward proxy on a free port: undici tunnels through CONNECT (for http targets too), and
 * absolute-URI requests are passed on.
 */
export async function startForwardProxy(): Promise<ForwardProxy> {
  let carried = 0;
  const proxy = createServer((req, res) => {
    carried++;
    const upstream = httpRequest(req.url!, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    carried++;
    const [host, port] = (req.url ?? '').split(':');
    const up = connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    count: () => carried,
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}
