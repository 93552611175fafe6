import { readFileSync } from 'node:fs';
import { ConfigError } from '../../../errors.js';
import { h1Transport } from './h1-transport.js';
import { nodeTransport } from './node-transport.js';
import { type Transport, lazyTransport } from './transport-types.js';

export interface TransportOptions {
  /** PEM file whose certificates are trusted in addition to the system's. */
  caCert?: string | undefined;
  /** Turns certificate verification off (the secrets store lets a listener run so). */
  insecure?: boolean | undefined;
  /** Connections kept per origin; many parallel senders (meter send) ask for more. */
  connections?: number | undefined;
  env?: Record<string, string | undefined>;
}

let shared: { key: string; transport: Transport } | undefined;

/**
 * The one transport of the process, keep-alive, with the TLS trust asked for: HTTP/1.1 on Node's
 * sockets (h1-transport.ts), the least work a request and the least to load (`node:net`, not
 * `node:http`), with as many connections as requests in flight unless a bulk send asks for a number;
 * its stream bodies and streamed answers go through `node:http`, loaded only then. Through undici,
 * loaded only then, when a proxy is set (HTTPS_PROXY/HTTP_PROXY/NO_PROXY, read from the command's
 * environment).
 */
export function getTransport(opts: TransportOptions = {}): Transport {
  const env = opts.env ?? process.env;
  const httpsProxy = env.HTTPS_PROXY || env.https_proxy;
  const httpProxy = env.HTTP_PROXY || env.http_proxy;
  const noProxy = env.NO_PROXY || env.no_proxy;
  const key = JSON.stringify([opts.caCert, opts.insecure, opts.connections, httpsProxy, httpProxy, noProxy]);
  if (shared?.key === key) return shared.transport;
  const ca = opts.caCert ? trustedCertificates(opts.caCert) : undefined;
  const rejectUnauthorized = opts.insecure ? false : undefined;
  const transport =
    httpsProxy || httpProxy
      ? undiciAgent({ ca, rejectUnauthorized, connections: opts.connections, httpsProxy, httpProxy, noProxy })
      : h1Transport({
          ca,
          rejectUnauthorized,
          connections: opts.connections ?? Number.POSITIVE_INFINITY,
          fallback: nodeTransport({ ca, rejectUnauthorized, connections: opts.connections }),
        });
  void shared?.transport.close();
  shared = { key, transport };
  return transport;
}

/**
 * Closes the shared transport so the process can end without waiting for its sockets; `keepIdle`
 * leaves those kept alive to a process about to end (see Transport.close).
 */
export async function closeTransport(o?: { keepIdle?: boolean }): Promise<void> {
  const t = shared?.transport;
  shared = undefined;
  if (t) await t.close(o).catch(() => undefined);
}

/** The system's certificates and the file's. */
function trustedCertificates(file: string): string[] {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(
      `cannot read CA certificate ${file}: ${(err as Error).message}`,
      'give a readable PEM file with --ca-cert or OPS_CA_CERT',
    );
  }
  return [...process.getBuiltinModule('node:tls').rootCertificates, pem];
}

/** undici's agent (or proxy agent), loaded on the first request. */
function undiciAgent(o: {
  ca: string[] | undefined;
  rejectUnauthorized: boolean | undefined;
  connections: number | undefined;
  httpsProxy: string | undefined;
  httpProxy: string | undefined;
  noProxy: string | undefined;
}): Transport {
  return lazyTransport(async () => {
    const [{ Agent, EnvHttpProxyAgent }, { undiciTransport }] = await Promise.all([
      import('./undici.js'),
      import('./undici-transport.js'),
    ]);
    const connect: Record<string, unknown> = {};
    if (o.ca) connect.ca = o.ca;
    if (o.rejectUnauthorized === false) connect.rejectUnauthorized = false;
    const agentOpts = {
      connect,
      keepAliveTimeout: 10_000,
      connections: o.connections ?? null,
      pipelining: 1,
    };
    const { httpsProxy, httpProxy, noProxy } = o;
    return undiciTransport(
      httpsProxy || httpProxy
        ? new EnvHttpProxyAgent({ ...agentOpts, httpProxy, httpsProxy, noProxy })
        : new Agent(agentOpts),
    );
  });
}
