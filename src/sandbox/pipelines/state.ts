import type { Kit } from '../core/anatomy.js';
import { seedPolicies } from './policy-seed.js';
import { DAY, HOUR } from './history.js';
import { uuidFrom } from './ids.js';
import { seededKey } from './keys.js';
import {
  ACME,
  CONTEXT_SEEDS,
  GROUPS,
  ORG_CLAIMS_SEED,
  PROJECT_CLAIMS_SEED,
  PROJECT_ENV_SEEDS,
  PROJECT_SEEDS,
  REPOS,
  contextId,
  projectId,
  projectSlugOf,
} from './seed.js';
import {
  type Claims,
  type ContextState,
  type EnvVar,
  type PolicyContext,
  type ProjectState,
  claimsKey,
} from './model.js';

export interface PipelinesState {
  t0: number;
  contexts: Map<string, ContextState>;
  projects: Map<string, ProjectState>;
  claims: Map<string, Claims>;
  policy: Map<string, PolicyContext>;
}

export function seedState(t0: number): PipelinesState {
  const contexts = new Map<string, ContextState>();
  for (const c of CONTEXT_SEEDS) {
    const created = t0 - c.ageDays * DAY;
    const vars = new Map<string, EnvVar>();
    c.vars.forEach((v, i) => {
      vars.set(v, {
        value: `sandbox-${v.toLowerCase()}`,
        created: created + i * HOUR,
        updated: created + i * HOUR,
      });
    });
    const id = contextId(c.owner, c.name);
    contexts.set(id, { id, name: c.name, created, owner: c.owner, vars, restrictions: [] });
  }
  const projects = new Map<string, ProjectState>();
  for (const p of PROJECT_SEEDS) {
    const id = projectId(p.name);
    const slug = projectSlugOf({ name: p.name, owner: p.owner, id });
    const vars = new Map<string, { value: string; created: number | null }>();
    // Variables made before the service kept creation times answer null (reference §D.3).
    for (const [i, [name, value]] of (PROJECT_ENV_SEEDS[p.name] ?? []).entries())
      vars.set(name, { value, created: i === 0 ? null : t0 - (40 - i) * DAY });
    projects.set(id, {
      id,
      name: p.name,
      owner: p.owner,
      slug,
      defaultBranch: p.defaultBranch,
      repo: p.repo,
      history: p.name,
      vars,
      keys: [],
      definitions: [],
    });
  }
  const web = projects.get(projectId('web-app'))!;
  const api = projects.get(projectId('api-server'))!;
  web.keys.push(
    { key: seededKey('web-app:deploy', 'deploy@web-app'), type: 'deploy-key', created: t0 - 200 * DAY },
    {
      key: seededKey('web-app:user', 'sandbox-user@web-app'),
      type: 'github-user-key',
      created: t0 - 30 * DAY,
    },
  );
  api.keys.push({
    key: seededKey('api-server:deploy', 'deploy@api-server'),
    type: 'deploy-key',
    created: t0 - 150 * DAY,
  });
  const repoId = (name: string) => REPOS.find((r) => r.fullName === name)!.externalId;
  web.definitions.push(
    {
      id: uuidFrom('definition:web-app:build-and-test'),
      name: 'build-and-test',
      description: 'Runs on every push',
      created: t0 - 60 * DAY,
      configRepo: repoId('acme/web-app'),
      filePath: '.circleci/config.yml',
      checkoutRepo: repoId('acme/web-app'),
    },
    {
      id: uuidFrom('definition:web-app:nightly'),
      name: 'nightly',
      description: 'End-to-end tests against staging',
      created: t0 - 45 * DAY,
      configRepo: repoId('acme/web-app'),
      filePath: '.circleci/nightly.yml',
      checkoutRepo: repoId('acme/web-app'),
    },
  );
  const production = contexts.get(contextId(ACME, 'aws-production'))!;
  production.restrictions.push(
    {
      id: uuidFrom('restriction:aws-production:web-app'),
      project_id: web.id,
      name: web.name,
      restriction_type: 'project',
      restriction_value: web.id,
    },
    {
      id: uuidFrom('restriction:aws-production:main'),
      name: 'pipeline.git.branch == "main"',
      restriction_type: 'expression',
      restriction_value: 'pipeline.git.branch == "main"',
    },
    {
      id: uuidFrom('restriction:aws-production:release-managers'),
      name: GROUPS[0]!.name,
      restriction_type: 'group',
      restriction_value: GROUPS[0]!.id,
    },
  );
  const claims = new Map<string, Claims>();
  const o = ORG_CLAIMS_SEED;
  const pc = PROJECT_CLAIMS_SEED;
  claims.set(claimsKey(ACME.id), {
    audience: [...o.audience],
    audienceUpdated: t0 - o.ageDays * DAY,
    ttl: o.ttl,
    ttlUpdated: t0 - o.ageDays * DAY,
  });
  claims.set(claimsKey(ACME.id, web.id), {
    audience: [...pc.audience],
    audienceUpdated: t0 - pc.ageDays * DAY,
  });
  // Policies are seeded by policy-seed.ts (they need these projects).
  return { t0, contexts, projects, claims, policy: new Map() };
}

/** The seed's contexts, projects, claims, and the policy bundles of two projects. */
export function makePipelinesState(k: Pick<Kit<PipelinesState>, 'clock'>): PipelinesState {
  const s = seedState(k.clock.now());
  s.policy = seedPolicies(s.t0, [
    s.projects.get(projectId('web-app'))!,
    s.projects.get(projectId('api-server'))!,
  ]);
  return s;
}
