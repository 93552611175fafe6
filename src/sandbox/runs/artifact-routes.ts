import { createHash } from 'node:crypto';
import type { OperationTable } from '../core/anatomy.js';
import { type SandboxRequest, empty, json } from '../core/framework.js';
import { type Env, fail, intParam, invalid, notFound, page, repoOf } from './http.js';
import { filesArchive } from './logs.js';
import { type ArtifactRec, type CacheRec, DAY, type RepoRec, type RunRec, type World } from './model.js';
import type { Downloads } from './runs-routes.js';
import { runOf } from './runs-routes.js';
import { runState } from './timeline.js';
import { iso } from './wire.js';

/** Artifacts are kept 90 days after upload. */
const RETENTION = 90 * DAY;

/**
 * The artifacts a finished run uploaded, made when it is first seen finished (with the time it
 * finished), so that a dispatched run gets its own once it completes on the sandbox clock.
 */
export function artifactsOf(world: World, run: RunRec, now: number, made: Set<number>): ArtifactRec[] {
  if (!made.has(run.id) && !run.awaitingApproval) {
    const state = runState(run, now);
    if (state.status === 'completed') {
      made.add(run.id);
      const at = state.updatedAt;
      for (const plan of run.workflow.artifacts) {
        const zip = filesArchive(plan.files(run.number), at);
        run.repo.artifacts.push({
          id: world.ids.artifact++,
          run,
          name: plan.name,
          zip,
          createdAt: at,
          expiresAt: at + RETENTION,
          expired: false,
          deleted: false,
        });
      }
    }
  }
  return run.repo.artifacts.filter((a) => a.run === run && !a.deleted);
}

/** The seed's artifacts: those of the runs finished at start, one expired, and one hostile archive. */
export function seedArtifacts(
  world: World,
  repo: RepoRec,
  now: number,
  made: Set<number>,
  o: { expired: number; hostile: number },
): void {
  const runs = [...repo.runs].filter((r) => r.workflow.artifacts.length || r.id === o.hostile).reverse();
  for (const run of runs) {
    artifactsOf(world, run, now, made);
    if (run.id === o.hostile) {
      const at = runState(run, now).updatedAt;
      // An archive whose entry tries to leave the folder it is unpacked into: download must refuse it.
      const zip = filesArchive(
        { 'report.txt': 'lint report\n', '../outside.txt': 'written outside the folder\n' },
        at,
      );
      repo.artifacts.push({
        id: world.ids.artifact++,
        run,
        name: 'lint-report',
        zip,
        createdAt: at,
        expiresAt: at + RETENTION,
        expired: false,
        deleted: false,
      });
    }
    if (run.id === o.expired) {
      for (const a of repo.artifacts.filter((x) => x.run === run && x.name === 'test-results')) {
        a.expired = true;
        a.expiresAt = now - DAY;
      }
    }
  }
}

function artifactWire(env: Env, req: SandboxRequest, a: ArtifactRec): Record<string, unknown> {
  const u = env.urls(req);
  const full = `${a.run.repo.owner.login}/${a.run.repo.name}`;
  const url = `${u.api}/repos/${full}/actions/artifacts/${a.id}`;
  return {
    id: a.id,
    node_id: Buffer.from(`Artifact:${a.id}`).toString('base64').replace(/=+$/, ''),
    name: a.name,
    size_in_bytes: a.zip.length,
    url,
    archive_download_url: `${url}/zip`,
    expired: a.expired,
    created_at: iso(a.createdAt),
    expires_at: iso(a.expiresAt),
    updated_at: iso(a.createdAt),
    digest: `sha256:${createHash('sha256').update(a.zip).digest('hex')}`,
    workflow_run: {
      id: a.run.id,
      repository_id: a.run.repo.id,
      head_repository_id: a.run.repo.id,
      head_branch: a.run.branch,
      head_sha: a.run.sha,
    },
  };
}

function cacheWire(c: CacheRec): Record<string, unknown> {
  return {
    id: c.id,
    ref: c.ref,
    key: c.key,
    version: c.version,
    last_accessed_at: iso(c.lastAccessedAt),
    created_at: iso(c.createdAt),
    size_in_bytes: c.sizeInBytes,
  };
}

/** `made`: the runs whose artifacts exist, of the state of now (a reset makes a new set). */
export function artifactRoutes(
  router: OperationTable,
  env: Env,
  downloads: Downloads,
  made: () => Set<number>,
): void {
  const R = '/repos/:owner/:repo/actions';
  const artifactOf = (req: SandboxRequest) => {
    const repo = repoOf(env, req);
    const id = intParam(req, 'artifact_id');
    for (const run of repo.runs) if (!run.deleted) artifactsOf(env.world(), run, env.now(), made());
    const a = repo.artifacts.find((x) => x.id === id && !x.deleted && !x.run.deleted);
    if (!a) throw notFound();
    return a;
  };
  router
    .op('listWorkflowRunArtifacts', 'GET', `${R}/runs/:run_id/artifacts`, (req) => {
      const run = runOf(env, req, repoOf(env, req));
      const direction = req.query.get('direction') ?? 'desc';
      if (direction !== 'asc' && direction !== 'desc')
        throw invalid('Validation Failed', [{ resource: 'Artifact', field: 'direction', code: 'invalid' }]);
      const name = req.query.get('name');
      const list = artifactsOf(env.world(), run, env.now(), made())
        .filter((a) => name === null || a.name === name)
        .sort((a, b) => (direction === 'asc' ? a.id - b.id : b.id - a.id));
      return page(env, req, 'artifacts', list, (a) => artifactWire(env, req, a));
    })
    .op('getArtifact', 'GET', `${R}/artifacts/:artifact_id`, (req) =>
      json(200, artifactWire(env, req, artifactOf(req))),
    )
    .op('deleteArtifact', 'DELETE', `${R}/artifacts/:artifact_id`, (req) => {
      artifactOf(req).deleted = true;
      return empty(204);
    })
    .op('downloadArtifact', 'GET', `${R}/artifacts/:artifact_id/:archive_format`, (req) => {
      const a = artifactOf(req);
      // Only zip archives exist (seed: archive_format must be zip).
      if (req.params.archive_format !== 'zip') throw notFound();
      if (a.expired || a.expiresAt <= env.now()) throw fail(410, 'Artifact has expired');
      return downloads.redirect(req, a.zip, 'application/zip');
    })
    .op('getActionsCacheList', 'GET', `${R}/caches`, (req) => {
      const repo = repoOf(env, req);
      const key = req.query.get('key');
      const ref = req.query.get('ref');
      const sort = req.query.get('sort') ?? 'last_accessed_at';
      const direction = req.query.get('direction') ?? 'desc';
      if (
        !['created_at', 'last_accessed_at', 'size_in_bytes'].includes(sort) ||
        !['asc', 'desc'].includes(direction)
      )
        throw invalid('Validation Failed', [{ resource: 'ActionsCache', field: 'sort', code: 'invalid' }]);
      const field = {
        created_at: 'createdAt',
        last_accessed_at: 'lastAccessedAt',
        size_in_bytes: 'sizeInBytes',
      }[sort] as 'createdAt';
      const list = repo.caches
        .filter((c) => (key === null || c.key.startsWith(key)) && (ref === null || c.ref === ref))
        .sort((a, b) => (direction === 'asc' ? a[field] - b[field] : b[field] - a[field]));
      return page(env, req, 'actions_caches', list, cacheWire);
    })
    .op('deleteActionsCacheById', 'DELETE', `${R}/caches/:cache_id`, (req) => {
      const repo = repoOf(env, req);
      const id = intParam(req, 'cache_id');
      const i = repo.caches.findIndex((c) => c.id === id);
      if (i < 0) throw notFound();
      repo.caches.splice(i, 1);
      return empty(204);
    })
    .op('deleteActionsCacheByKey', 'DELETE', `${R}/caches`, (req) => {
      const repo = repoOf(env, req);
      const key = req.query.get('key');
      const ref = req.query.get('ref');
      if (key === null || key === '')
        throw invalid('Validation Failed', [
          { resource: 'ActionsCache', field: 'key', code: 'missing_field' },
        ]);
      const gone = repo.caches.filter((c) => c.key === key && (ref === null || c.ref === ref));
      if (!gone.length) throw notFound();
      repo.caches = repo.caches.filter((c) => !gone.includes(c));
      return json(200, { total_count: gone.length, actions_caches: gone.map(cacheWire) });
    });
}
