import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type {
  Transport,
  TransportBody,
  TransportRequest,
  TransportResponse,
  WholeResponse,
} from './transport-types.js';

export interface NodeTransportOptions {
  /** Trusted certificates (PEM), replacing Node's list: the caller adds the system's. */
  ca?: string[] | undefined;
  rejectUnauthorized?: boolean | undefined;
  /** Connections kept per origin (default: as many as requests in flight). */
  connections?: number | undefined;
}

/** Methods that carry a body, so an empty one is sent as `content-length: 0` (as undici does). */
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'QUERY']);

/**
 * The transport on Node's own `node:http` and `node:https`, with keep-alive agents: what the HTTP/1.1
 * transport hands a stream body or a streamed answer to (h1-transport.ts). Fetched with
 * `process.getBuiltinModule`: an ESM `import` of `node:http` reads every export, and its `WebSocket`
 * getter loads Node's bundled undici, which costs a one-shot command more than the request itself.
 */
export function nodeTransport(o: NodeTransportOptions = {}): Transport {
  const agents = new Map<string, Agent>();
  const agentFor = (protocol: string): Agent => {
    let agent = agents.get(protocol);
    if (!agent) {
      const maxSockets = o.connections ?? Number.POSITIVE_INFINITY;
      agent =
        protocol === 'https:'
          ? new (process.getBuiltinModule('node:https').Agent)({
              keepAlive: true,
              maxSockets,
              ...(o.ca ? { ca: o.ca } : {}),
              ...(o.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
            })
          : new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true, maxSockets });
      agents.set(protocol, agent);
    }
    return agent;
  };
  return {
    send: (url, request) => send(url, request, agentFor(url.protocol)),
    async sendWhole(url, request): Promise<WholeResponse> {
      const res = await send(url, request, agentFor(url.protocol));
      return { statusCode: res.statusCode, headers: res.headers, body: await res.body.whole() };
    },
    async close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

function send(
  url: URL,
  r: TransportRequest,
  agent: Agent,
): Promise<TransportResponse & { body: { whole(): Promise<Buffer> } }> {
  const mod = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http');
  const method = r.method.toUpperCase();
  const headers: Record<string, string> = { ...r.headers };
  if (typeof r.body === 'string' || Buffer.isBuffer(r.body))
    headers['content-length'] = String(Buffer.byteLength(r.body));
  else if (r.body === undefined && BODY_METHODS.has(method)) headers['content-length'] = '0';

  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    try {
      // An attempt that offers a callback is not asked for its AbortSignal (which it would then make, and
      // node:http listen to).
      req = mod.request(
        url,
        r.onAbort ? { method, headers, agent } : { method, headers, agent, signal: r.signal },
      );
    } catch (err) {
      // An invalid header name or value is refused before anything is written.
      reject(err);
      return;
    }
    /** A timeout destroys the socket; the body then fails with this error, not a bare "aborted". */
    let failure: Error | undefined;
    const timeout = (code: string, ms: number) => () => {
      failure = Object.assign(new Error(`no data for ${ms} ms`), { code });
      req.destroy(failure);
    };
    req.setTimeout(r.headersTimeout, timeout('HEADERS_TIMEOUT', r.headersTimeout));
    req.once('error', (err) => reject(failure ?? err));
    req.once('response', (res: IncomingMessage) => {
      req.setTimeout(r.bodyTimeout, timeout('BODY_TIMEOUT', r.bodyTimeout));
      resolve({
        statusCode: res.statusCode ?? 0,
        headers: res.headers,
        body: withReaders(res, () => failure),
      });
    });
    r.onAbort?.((reason) => req.destroy(reason instanceof Error ? reason : new Error(String(reason))));
    if (isStream(r.body)) {
      r.body.once('error', (err) => req.destroy(err));
      r.body.pipe(req);
    } else {
      req.end(r.body);
    }
  });
}

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === 'function';
}

/** Gives Node's response stream the readers the client uses (the same as undici's body). */
function withReaders(
  res: IncomingMessage,
  failure: () => Error | undefined,
): TransportBody & { whole(): Promise<Buffer> } {
  const collect = async (): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of res) chunks.push(chunk as Buffer);
    } catch (err) {
      throw failure() ?? err;
    }
    // A connection that closes before the declared length is a dropped answer, not a short one.
    if (!res.complete) throw failure() ?? Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  };
  return Object.assign(res, {
    whole: collect,
    text: async () => (await collect()).toString('utf8'),
    arrayBuffer: async () => {
      const b = await collect();
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    },
    dump: () =>
      new Promise<void>((resolve) => {
        res.once('close', resolve);
        res.resume();
      }),
  });
}
