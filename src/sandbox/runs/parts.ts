import { randomBytes } from 'node:crypto';
import { type Reply, type SandboxRequest, text } from '../core/framework.js';
import { runsGate } from './gate.js';
import { type Env, urlsOf } from './http.js';
import type { Downloads } from './runs-routes.js';
import { Keys } from './secret-routes.js';
import type { RunsKit } from './state.js';

/** Download addresses live this long (seed, Limits: one minute). */
const DOWNLOAD_TTL_MS = 60_000;

const freshCounts = () => ({
  requests: 0,
  unauthorized: 0,
  forbidden: 0,
  rateLimited: 0,
  secondaryLimited: 0,
  notModified: 0,
  secretsDecrypted: 0,
  sealedBoxesRejected: 0,
  downloadsServed: 0,
  downloadsRefusedWithAuth: 0,
  dispatches: 0,
  lastDispatchInputs: {} as Record<string, string>,
});
export type RunsCounts = ReturnType<typeof freshCounts>;

/** What lives across resets: the counters, the routes' environment, the gate, downloads and sealing keys. */
export function runsParts(k: RunsKit) {
  const counts = freshCounts();
  const scheme = k.settings.choiceOr<'http' | 'https'>('scheme') ?? k.ctx.options.scheme ?? 'http';
  const env: Env = {
    world: () => k.state().world,
    now: () => k.clock.now(),
    urls: (req) => urlsOf(req, scheme, k.credentials.web_host),
    onDispatch: (_run, inputs) => {
      counts.dispatches++;
      counts.lastDispatchInputs = inputs;
    },
  };
  const gate = runsGate(k, counts);
  const reCount = { reset: () => Object.assign(counts, freshCounts()) };
  const blobs = (req: SandboxRequest) => blob(k, counts, req);
  return { counts, env, gate, blobs, downloads: downloads(k), keys: new Keys(), resets: [gate, reCount] };
}

/** Logs and artifacts: a 302 to a second, signed address that lives a minute. */
function downloads(k: RunsKit): Downloads {
  return {
    redirect(req, body, contentType) {
      const token = randomBytes(16).toString('hex');
      k.state().blobs.set(token, { body, contentType, expiresAt: k.clock.now() + DOWNLOAD_TTL_MS });
      const host = k.settings.text('download_host') ?? otherLoopbackName(req.headers.host ?? '127.0.0.1');
      // Scheme-relative: the sandbox cannot tell whether it serves HTTPS, the client can.
      return { status: 302, headers: { location: `//${host}/runs/_blobs/${token}` } };
    },
  };
}

/** The signed download address: refused with the API's credentials, expired after a minute. */
function blob(k: RunsKit, counts: RunsCounts, req: SandboxRequest): Reply {
  if (req.headers.authorization !== undefined) {
    counts.downloadsRefusedWithAuth++;
    return text(
      400,
      'This address is signed; a request that also carries an Authorization header is refused.\n',
    );
  }
  const b = k.state().blobs.get(req.path.slice('/_blobs/'.length));
  if (!b) return text(404, 'No such download.\n');
  if (b.expiresAt <= k.clock.now())
    return text(403, 'The download address has expired; ask the API for a new one.\n');
  counts.downloadsServed++;
  return { status: 200, headers: { 'content-type': b.contentType }, body: b.body };
}

/** The loopback name the API was not called by: a second address for downloads. */
function otherLoopbackName(host: string): string {
  const m = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host);
  const name = m?.[1] ?? host;
  return `${name.toLowerCase() === 'localhost' ? '127.0.0.1' : 'localhost'}${m?.[2] ?? ''}`;
}
