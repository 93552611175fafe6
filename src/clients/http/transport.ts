import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { Agent, EnvHttpProxyAgent } from './undici.js';
import { ConfigError } from '../../errors.js';

export interface TransportOptions {
  /** PEM file whose certificates are trusted in addition to the system's. */
  caCert?: string | undefined;
  /** Turns certificate verification off (the secrets store lets a listener run so). */
  insecure?: boolean | undefined;
  /** Connections kept per origin; many parallel senders (meter send) ask for more. */
  connections?: number | undefined;
  env?: Record<string, string | undefined>;
}

let shared: { key: string; dispatcher: Dispatcher } | undefined;

/**
 * The one dispatcher of the process: keep-alive, proxies from HTTPS_PROXY/HTTP_PROXY/NO_PROXY, and
 * the TLS trust asked for. Built on first use so that commands that send nothing never load undici.
 */
export function getDispatcher(opts: TransportOptions = {}): Dispatcher {
  globalThis.__opsTransportLoaded = true;
  const key = JSON.stringify([opts.caCert, opts.insecure, opts.connections]);
  if (shared?.key === key) return shared.dispatcher;
  const connect: Record<string, unknown> = {};
  if (opts.caCert) {
    let pem: string;
    try {
      pem = readFileSync(opts.caCert, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `cannot read CA certificate ${opts.caCert}: ${(err as Error).message}`,
        'give a readable PEM file with --ca-cert or OPS_CA_CERT',
      );
    }
    connect.ca = [...rootCertificates, pem];
  }
  if (opts.insecure) connect.rejectUnauthorized = false;
  const agentOpts = {
    connect,
    keepAliveTimeout: 10_000,
    connections: opts.connections ?? null,
    pipelining: 1,
  };
  const env = opts.env ?? process.env;
  const httpsProxy = env.HTTPS_PROXY || env.https_proxy;
  const httpProxy = env.HTTP_PROXY || env.http_proxy;
  const noProxy = env.NO_PROXY || env.no_proxy;
  // Read from the environment the command was given (not process.env), so tests and embedders control it.
  const dispatcher: Dispatcher =
    httpsProxy || httpProxy
      ? new EnvHttpProxyAgent({ ...agentOpts, httpProxy, httpsProxy, noProxy })
      : new Agent(agentOpts);
  void shared?.dispatcher.close();
  shared = { key, dispatcher };
  return dispatcher;
}

/** Closes the shared dispatcher so the process can end without waiting for idle sockets. */
export async function closeDispatcher(): Promise<void> {
  const d = shared?.dispatcher;
  shared = undefined;
  if (d) await d.close().catch(() => undefined);
}
