import { defineEmulator } from '../core/anatomy.js';
import { type Emulator, json } from '../core/framework.js';
import { repoKey } from './model.js';
import { runsParts } from './parts.js';
import { runsRoutes } from './routes.js';
import { READ_ONLY_TOKEN } from './seed.js';
import { makeRunsState, names } from './state.js';
import { DOCS } from './wire.js';

/** What tests may ask the runs emulator beyond the HTTP surface. */
export interface RunsExtras {
  /**
   * The value a secret decrypted to, as bytes: `{repo}` (OWNER/REPO), `{org}`, or `{repo, env}`.
   * Undefined when there is no such secret.
   */
  secretValue(where: { repo?: string; org?: string; env?: string }, name: string): Buffer | undefined;
}
export type RunsEmulator = Emulator & RunsExtras;

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
  state: makeRunsState,
  parts: runsParts,
  routes: runsRoutes,
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
