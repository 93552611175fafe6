import { type Kit, OperationTable, defineEmulator } from '../core/anatomy.js';
import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { Gate } from '../core/gate.js';
import { contextRoutes } from './contexts.js';
import type { Counts, Env } from './env.js';
import { insightsRoutes } from './insights.js';
import { policyRoutes } from './policy.js';
import { seedPolicies } from './policy-seed.js';
import { projectRoutes } from './projects.js';
import { collaborationRoutes } from './collaborations.js';
import { ACME, projectId } from './seed.js';
import { type State, seedState } from './state.js';

/** Policy, decision and OIDC-claims routes answer `{error}`; every other route `{message}` (reference §D.5). */
export function usesErrorShape(path: string): boolean {
  return /^\/api\/v2\/(owner|org)\//.test(path);
}

function reply(path: string, status: number, text: string, headers: Record<string, string> = {}): Reply {
  return json(status, usesErrorShape(path) ? { error: text } : { message: text }, headers);
}

/**
 * Slugs may come with their slashes escaped (`gh%2Facme%2Fweb-app`, what `ops` sends) or raw
 * (`gh/acme/web-app`); raw ones are joined into one escaped segment before routing. A project slug
 * has three parts, an organization slug (`/insights/{org-slug}/summary`) two.
 */
export function joinSlugs(path: string): string {
  const segs = path.split('/');
  if (segs[1] !== 'api' || segs[2] !== 'v2') return path;
  const join = (at: number, n: number) => {
    const part = segs.slice(at, at + n);
    if (part.length < n || part.some((s) => s === '' || /%2f/i.test(s))) return;
    segs.splice(at, n, part.join('%2F'));
  };
  if (segs[3] === 'project' && segs.length >= 7) join(4, 3);
  else if (segs[3] === 'insights') {
    if (segs[4] === 'pages' || segs[4] === 'time-series') join(5, 3);
    else if (segs[6] === 'summary' && segs.length === 7) join(4, 2);
    else join(4, 3);
  }
  return segs.join('/');
}

/**
 * Pipeline administration (seed 001 D, reference §D) under `/api/v2`: contexts with their variables
 * (values never returned) and restrictions; OIDC claims of organizations and projects; insights
 * computed from one run history; policy bundles, decisions and the documented evaluation rule (see
 * rego.ts); pipeline definitions; projects; checkout keys that are real Ed25519 SSH keys; masked
 * project variables. Token pages; `{message}` and `{error}` errors; 401 without a valid
 * `Pipeline-Token` (or HTTP Basic with the token as user name).
 *
 * Settings (`ops sandbox start --set`, defaults in the service table): pipelines.page_size (every
 * list's page size; when not set, the API's: 10 for contexts, variables, restrictions and keys, 100 for
 * insights and decisions), pipelines.rate_limit (requests per period) and pipelines.rate_period
 * (seconds): over the limit a 429 `{message}` with Retry-After.
 */
export const createEmulator = defineEmulator<State, { env: Env; gate: Gate }>({
  name: 'pipelines',
  state(k) {
    const s = seedState(k.clock.now());
    s.policy = seedPolicies(s.t0, [
      s.projects.get(projectId('web-app'))!,
      s.projects.get(projectId('api-server'))!,
    ]);
    return s;
  },
  parts(k) {
    const size = k.settings.intOr('page_size') ?? 0;
    const counts: Counts = {
      requests: 0,
      unauthorized: 0,
      rateLimited: 0,
      invalid: 0,
      created: 0,
      decisions: 0,
    };
    const env: Env = { clock: k.clock, state: k.state, pageSize: (d) => (size > 0 ? size : d), counts };
    const gate = tokenGate(k, counts);
    return { env, gate, resets: [gate] };
  },
  routes(_k, p) {
    const t = new OperationTable();
    contextRoutes(t, p.env);
    projectRoutes(t, p.env);
    insightsRoutes(t, p.env);
    policyRoutes(t, p.env);
    collaborationRoutes(t);
    return t.operations;
  },
  notFound: (req) => reply(req.path, 404, 'Not found'),
  methodNotAllowed: (req) => reply(req.path, 405, `Method ${req.method} not allowed`),
  front: (p, next) => {
    const guarded = p.gate.guard((req) => next(req));
    return (req) => guarded({ ...req, path: joinSlugs(req.path) });
  },
  stats(k, p) {
    const state = k.state();
    return {
      ...p.env.counts,
      contexts: state.contexts.size,
      projects: state.projects.size,
      decisionLogs: [...state.policy.values()].reduce((n, x) => n + x.decisions.length, 0),
    };
  },
  banner: () => [`pipelines: organization gh/acme, id ${ACME.id} (OPS_PIPELINES_ORG)`],
});

/** `Pipeline-Token`, HTTP Basic with the token as user name, or the deprecated query parameter. */
function credential(req: SandboxRequest): string | undefined {
  const header = req.headers['pipeline-token'];
  if (header !== undefined) return header;
  const auth = req.headers.authorization;
  if (auth?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    return decoded.split(':')[0];
  }
  // Deprecated by the vendor, still accepted.
  return req.query.get('pipeline-token') ?? undefined;
}

function tokenGate(k: Kit<State>, counts: Counts): Gate {
  const token = k.credentials.token ?? 'sandbox-pipelines-token';
  return new Gate({
    clock: k.clock,
    counts,
    authenticate(req) {
      const given = credential(req);
      if (given === undefined || given === '')
        throw new ReplyError(reply(req.path, 401, 'You must log in first.'));
      if (given !== token) throw new ReplyError(reply(req.path, 401, 'Invalid token provided.'));
    },
    rate: {
      limit: k.settings.int('rate_limit'),
      windowMs: k.settings.int('rate_period') * 1000,
      // Declared on the context routes as `{message}` (reference §D.4), the same everywhere here.
      refuse: () => json(429, { message: 'Rate limit exceeded.' }),
    },
    tally: (answer) => (answer.status === 400 ? 'invalid' : undefined),
  });
}
