import { randomBytes } from 'node:crypto';
import { type Kit, OperationTable, defineEmulator } from '../core/anatomy.js';
import { type Emulator, type Reply, type SandboxRequest, json, text } from '../core/framework.js';
import { artifactRoutes, seedArtifacts } from './artifact-routes.js';
import { READ_ONLY_TOKEN, runsGate } from './gate.js';
import { type Env, urlsOf } from './http.js';
import { type World, repoKey } from './model.js';
import { runnerGroupRoutes } from './runner-group-routes.js';
import { runnerRoutes } from './runner-routes.js';
import { type Downloads, runRoutes } from './runs-routes.js';
import { Keys, secretRoutes } from './secret-routes.js';
import { MAIN_ORG, MAIN_REPO, SEED, seedWorld } from './seed.js';
import { DOCS } from './wire.js';

export { READ_ONLY_TOKEN, SEED };

/** Download addresses live this long (seed, Limits: one minute). */
const DOWNLOAD_TTL_MS = 60_000;

/** What tests may ask the runs emulator beyond the HTTP surface. */
export interface RunsExtras {
  /**
   * The value a secret decrypted to, as bytes: `{repo}` (OWNER/REPO), `{org}`, or `{repo, env}`.
   * Undefined when there is no such secret.
   */
  secretValue(where: { repo?: string; org?: string; env?: string }, name: string): Buffer | undefined;
}
export type RunsEmulator = Emulator & RunsExtras;

interface RunsState {
  world: World;
  /** Artifacts made since the seed (their zip bodies). */
  made: Set<number>;
  blobs: Map<string, { body: Buffer; contentType: string; expiresAt: number }>;
}
type RunsKit = Kit<RunsState>;

const names = (k: Pick<RunsKit, 'credentials'>) => ({
  repo: k.credentials.repo || MAIN_REPO,
  org: k.credentials.org || MAIN_ORG,
});

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

/**
 * Workflow automation (seed 001 A, reference doc2 §A): workflow runs that move from queued to
 * in_progress to completed on the sandbox clock, jobs and steps, workflows and dispatch, logs and
 * artifacts as zip files behind a 302 to a second address that refuses the API's credentials, caches,
 * secrets sealed to a Curve25519 key per scope (decrypted on receipt), variables, runners and labels,
 * runner groups, hosted runners and selective enablement; Link pagination on every list, ETags and
 * 304s, the x-ratelimit-* headers and both rate limits.
 *
 * Settings (`ops sandbox start --set runs.<key>=…`, defaults in the service table): rate_limit
 * (requests per window and token), rate_window (seconds), secondary_limit (requests per
 * secondary_window), secondary_window (seconds), rate_limit_status (429 or 403), scheme (of the URLs in
 * answers, default the sandbox's own: https with --tls), download_host (host:port of the download
 * address; default the other loopback name: localhost for 127.0.0.1 and the reverse).
 */
export const createEmulator = defineEmulator({
  name: 'runs',
  state(k): RunsState {
    const t0 = k.clock.now();
    const n = names(k);
    const world = seedWorld(t0, n);
    const made = new Set<number>();
    const main = world.repos.get(repoKey(...(n.repo.split('/') as [string, string])));
    if (main) seedArtifacts(world, main, t0, made, { expired: SEED.ciSuccess, hostile: SEED.lint });
    return { world, made, blobs: new Map() };
  },
  parts(k) {
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
  },
  routes(k, p) {
    const t = new OperationTable().op('root', 'GET', '/', (req) => {
      const api = p.env.urls(req).api;
      return json(200, {
        current_user_url: `${api}/user`,
        repository_url: `${api}/repos/{owner}/{repo}`,
        organization_url: `${api}/orgs/{org}`,
      });
    });
    runRoutes(t, p.env, p.downloads);
    artifactRoutes(t, p.env, p.downloads, () => k.state().made);
    secretRoutes(t, p.env, p.keys, p.counts);
    runnerRoutes(t, p.env);
    runnerGroupRoutes(t, p.env);
    return t.operations;
  },
  notFound: () => json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' }),
  front: (p, next) => {
    const guarded = p.gate.guarded(next);
    return (req) => (req.path.startsWith('/_blobs/') && req.method === 'GET' ? p.blobs(req) : guarded(req));
  },
  stats: (k, p) => ({ ...p.counts, runs: k.state().world.runs.size }),
  banner: (k) => [
    `runs: repository ${names(k).repo}, organisation ${names(k).org}; a read-only token: OPS_RUNS_TOKEN=${READ_ONLY_TOKEN}`,
  ],
  extend: (k): RunsExtras => ({
    secretValue(where, name) {
      const world = k.state().world;
      const key = (where.repo ?? names(k).repo).split('/') as [string, string];
      if (where.org)
        return world.orgs.get(where.org.toLowerCase())?.vault.secrets.get(name.toUpperCase())?.value;
      const repo = world.repos.get(repoKey(...key));
      const vault = where.env ? repo?.environments.get(where.env) : repo?.vault;
      return vault?.secrets.get(name.toUpperCase())?.value;
    },
  }),
});

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
