import { defineEmulator } from '../core/anatomy.js';
import type { Gate } from '../core/gate.js';
import type { Env } from './env.js';
import { pipelinesParts } from './gate.js';
import { joinSlugs, pipelinesRoutes, reply } from './routes.js';
import { ACME } from './seed.js';
import { type PipelinesState, makePipelinesState } from './state.js';

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
export const createEmulator = defineEmulator<PipelinesState, { env: Env; gate: Gate }>({
  name: 'pipelines',
  state: makePipelinesState,
  parts: pipelinesParts,
  routes: pipelinesRoutes,
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
