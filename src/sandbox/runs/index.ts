import { createHash, randomBytes } from 'node:crypto';
import {
  type Emulator,
  type Reply,
  ReplyError,
  Router,
  type SandboxContext,
  type SandboxRequest,
  json,
  text,
} from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { artifactRoutes, seedArtifacts } from './artifact-routes.js';
import { type Env, urlsOf } from './http.js';
import { type World, repoKey } from './model.js';
import { runnerGroupRoutes } from './runner-group-routes.js';
import { runnerRoutes } from './runner-routes.js';
import { type Downloads, runRoutes } from './runs-routes.js';
import { Keys, secretRoutes } from './secret-routes.js';
import { MAIN_ORG, MAIN_REPO, SEED, seedWorld } from './seed.js';
import { DOCS } from './wire.js';

/** A second documented token: valid, but it may only read (every change answers 403). */
export const READ_ONLY_TOKEN = 'sandbox-runs-token-read-only';

/** Download addresses live this long (seed, Limits: one minute). */
const DOWNLOAD_TTL_MS = 60_000;

export { SEED };

/** The runs emulator, with what tests may ask it beyond the HTTP surface. */
export interface RunsEmulator extends Emulator {
  /**
   * The value a secret decrypted to, as bytes: `{repo}` (OWNER/REPO), `{org}`, or `{repo, env}`.
   * Undefined when there is no such secret.
   */
  secretValue(where: { repo?: string; org?: string; env?: string }, name: string): Buffer | undefined;
}

/**
 * Workflow automation (seed 001 A, reference doc2 §A): workflow runs that move from queued to
 * in_progress to completed on the sandbox clock, jobs and steps, workflows and dispatch, logs and
 * artifacts as zip files behind a 302 to a second address that refuses the API's credentials, caches,
 * secrets sealed to a Curve25519 key per scope (decrypted on receipt), variables, runners and labels,
 * runner groups, hosted runners and selective enablement; Link pagination on every list, ETags and
 * 304s, the x-ratelimit-* headers and both rate limits.
 *
 * Settings (`ops sandbox start --set runs.<key>=…`): rate_limit (requests per window and token,
 * default 5000), rate_window (seconds, 3600), secondary_limit (requests per secondary_window, 900),
 * secondary_window (seconds, 60), rate_limit_status (429 or 403, default 429), scheme (of the URLs in
 * answers, default the sandbox's own: https with --tls), download_host (host:port of the download address; default the other
 * loopback name: localhost for 127.0.0.1 and the reverse).
 */
export function createEmulator(ctx: SandboxContext): RunsEmulator {
  const settings = declaredSettings(ctx, 'runs');
  const creds = ctx.options.credentials.runs ?? {};
  const names = { repo: creds.repo || MAIN_REPO, org: creds.org || MAIN_ORG };
  const scheme = settings.choiceOr<'http' | 'https'>('scheme') ?? ctx.options.scheme ?? 'http';
  const limitStatus = Number(settings.choice('rate_limit_status'));
  const primary = {
    limit: settings.int('rate_limit'),
    windowMs: settings.int('rate_window') * 1000,
  };
  const secondary = {
    limit: settings.int('secondary_limit'),
    windowMs: settings.int('secondary_window') * 1000,
  };
  const keys = new Keys();
  const fresh = () => ({
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
  const counts = fresh();
  let world: World;
  const made = new Set<number>();
  const blobs = new Map<string, { body: Buffer; contentType: string; expiresAt: number }>();

  function reseed(): void {
    const t0 = ctx.clock.now();
    world = seedWorld(t0, names);
    made.clear();
    const main = world.repos.get(repoKey(...(names.repo.split('/') as [string, string])));
    if (main) seedArtifacts(world, main, t0, made, { expired: SEED.ciSuccess, hostile: SEED.lint });
  }
  reseed();

  const env: Env = {
    world: () => world,
    now: () => ctx.clock.now(),
    urls: (req) => urlsOf(req, scheme, creds.web_host),
    onDispatch: (_run, inputs) => {
      counts.dispatches++;
      counts.lastDispatchInputs = inputs;
    },
  };

  const downloads: Downloads = {
    redirect(req, body, contentType) {
      const token = randomBytes(16).toString('hex');
      blobs.set(token, { body, contentType, expiresAt: ctx.clock.now() + DOWNLOAD_TTL_MS });
      const host = settings.text('download_host') ?? otherLoopbackName(req.headers.host ?? '127.0.0.1');
      // Scheme-relative: the sandbox cannot tell whether it serves HTTPS, the client can.
      return { status: 302, headers: { location: `//${host}/runs/_blobs/${token}` } };
    },
  };

  const router = new Router(
    () => json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' }),
    () => json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' }),
  );
  router.on('GET', '/', (req) => {
    const api = env.urls(req).api;
    return json(200, {
      current_user_url: `${api}/user`,
      repository_url: `${api}/repos/{owner}/{repo}`,
      organization_url: `${api}/orgs/{org}`,
    });
  });
  runRoutes(router, env, downloads);
  artifactRoutes(router, env, downloads, made);
  secretRoutes(router, env, keys, counts);
  runnerRoutes(router, env);
  runnerGroupRoutes(router, env);

  function blob(req: SandboxRequest): Reply {
    if (req.headers.authorization !== undefined) {
      counts.downloadsRefusedWithAuth++;
      return text(
        400,
        'This address is signed; a request that also carries an Authorization header is refused.\n',
      );
    }
    const token = req.path.slice('/_blobs/'.length);
    const b = blobs.get(token);
    if (!b) return text(404, 'No such download.\n');
    if (b.expiresAt <= ctx.clock.now())
      return text(403, 'The download address has expired; ask the API for a new one.\n');
    counts.downloadsServed++;
    return { status: 200, headers: { 'content-type': b.contentType }, body: b.body };
  }

  const refusal = (message: string) =>
    json(limitStatus, { message, documentation_url: DOCS, status: String(limitStatus) });
  /**
   * The token (`token` or `bearer`) and a User-Agent, then the primary limit per token (announced in
   * the x-ratelimit-* headers of every answer, refused without Retry-After) and the secondary one
   * (refused with a Retry-After of at least 5 s).
   */
  const gate = new Gate<string>({
    clock: ctx.clock,
    counts,
    authenticate(req) {
      const token = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token)
        throw new ReplyError(
          json(401, { message: 'Requires authentication', documentation_url: DOCS, status: '401' }),
        );
      if (token !== creds.token && token !== READ_ONLY_TOKEN)
        throw new ReplyError(
          json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' }),
        );
      if (!req.headers['user-agent'])
        throw new ReplyError(
          json(403, {
            message: 'Request forbidden by administrative rules: send a User-Agent header.',
            documentation_url: DOCS,
            status: '403',
          }),
        );
      return token;
    },
    rate: [
      {
        ...primary,
        key: (_req, token) => token,
        refuse: () => refusal('API rate limit exceeded for user ID 583231.'),
        retryAfter: false,
        headers: (hit) => ({
          'x-ratelimit-limit': String(primary.limit),
          'x-ratelimit-remaining': String(hit.remaining),
          'x-ratelimit-used': String(primary.limit - hit.remaining),
          'x-ratelimit-reset': String(Math.ceil((hit.resetAt ?? 0) / 1000)),
          'x-ratelimit-resource': 'core',
        }),
      },
      {
        ...secondary,
        key: (_req, token) => token,
        counter: 'secondaryLimited',
        refuse: (hit) => ({
          ...refusal('You have exceeded a secondary rate limit; wait before you try again.'),
          headers: { 'retry-after': String(Math.max(5, hit.resetSeconds)) },
        }),
      },
    ],
  });

  /** The read-only token's changes are refused; a GET answers with an ETag, and 304 to a match. */
  const guarded = gate.guard(async (req, token, [p]) => {
    if (token === READ_ONLY_TOKEN && req.method !== 'GET') {
      counts.forbidden++;
      return json(403, {
        message: 'Resource not accessible by personal access token',
        documentation_url: DOCS,
        status: '403',
      });
    }
    const reply = await router.handle(req);
    if (
      req.method === 'GET' &&
      reply.status === 200 &&
      reply.body !== undefined &&
      !Buffer.isBuffer(reply.body)
    ) {
      const etag = `W/"${createHash('sha1').update(JSON.stringify(reply.body)).digest('hex')}"`;
      reply.headers = { ...reply.headers, etag };
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
        // A conditional request answered 304 does not count against the limit.
        gate.refund(token);
        counts.notModified++;
        return {
          status: 304,
          headers: { ...reply.headers, 'x-ratelimit-remaining': String(p!.remaining + 1) },
        };
      }
    }
    return reply;
  });

  const handle = (req: SandboxRequest) =>
    req.path.startsWith('/_blobs/') && req.method === 'GET' ? blob(req) : guarded(req);

  return {
    name: 'runs',
    handle,
    reset() {
      reseed();
      blobs.clear();
      gate.reset();
      // The routes keep the counters object they were given.
      Object.assign(counts, fresh());
    },
    stats: () => ({ ...counts, runs: world.runs.size }),
    banner: () => [
      `runs: repository ${names.repo}, organisation ${names.org}; a read-only token: OPS_RUNS_TOKEN=${READ_ONLY_TOKEN}`,
    ],
    secretValue(where, name) {
      const key = (where.repo ?? names.repo).split('/') as [string, string];
      if (where.org)
        return world.orgs.get(where.org.toLowerCase())?.vault.secrets.get(name.toUpperCase())?.value;
      const repo = world.repos.get(repoKey(...key));
      const vault = where.env ? repo?.environments.get(where.env) : repo?.vault;
      return vault?.secrets.get(name.toUpperCase())?.value;
    },
  };
}

/** The loopback name the API was not called by: a second address for downloads. */
function otherLoopbackName(host: string): string {
  const m = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host);
  const name = m?.[1] ?? host;
  return `${name.toLowerCase() === 'localhost' ? '127.0.0.1' : 'localhost'}${m?.[2] ?? ''}`;
}
