import type { Kit } from '../core/anatomy.js';
import { seedArtifacts } from './artifact-routes.js';
import { type World, repoKey } from './model.js';
import { MAIN_ORG, MAIN_REPO, SEED, seedWorld } from './seed.js';

export interface RunsState {
  world: World;
  /** Artifacts made since the seed (their zip bodies). */
  made: Set<number>;
  blobs: Map<string, { body: Buffer; contentType: string; expiresAt: number }>;
}
export type RunsKit = Kit<RunsState>;

export const names = (k: Pick<RunsKit, 'credentials'>) => ({
  repo: k.credentials.repo || MAIN_REPO,
  org: k.credentials.org || MAIN_ORG,
});

/** The seed's world: organisations, repositories, workflows, runs and their artifacts, on the sandbox clock. */
export function makeRunsState(k: Pick<RunsKit, 'clock' | 'credentials'>): RunsState {
  const t0 = k.clock.now();
  const n = names(k);
  const world = seedWorld(t0, n);
  const made = new Set<number>();
  const main = world.repos.get(repoKey(...(n.repo.split('/') as [string, string])));
  if (main) seedArtifacts(world, main, t0, made, { expired: SEED.ciSuccess, hostile: SEED.lint });
  return { world, made, blobs: new Map() };
}
