import { createHash } from 'node:crypto';
import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { DAY, HOUR } from './history.js';
import { UUID, pageToken, readPageToken, uuidFrom } from './ids.js';
import { type SshKey, seededKey } from './keys.js';
import {
  ACME,
  CONTEXT_SEEDS,
  GROUPS,
  ORG_CLAIMS_SEED,
  type Owner,
  PROJECT_CLAIMS_SEED,
  PROJECT_ENV_SEEDS,
  PROJECT_SEEDS,
  REPOS,
  contextId,
  projectId,
  projectSlugOf,
} from './seed.js';
import { pageAt } from '../core/paging.js';

/** State of the emulator, rebuilt from the seed on reset; times are epoch ms on the sandbox clock. */

export interface EnvVar {
  value: string;
  created: number;
  updated: number;
}

export interface Restriction {
  id: string;
  project_id?: string;
  name: string;
  restriction_type: 'project' | 'expression' | 'group';
  restriction_value: string;
}

export interface ContextState {
  id: string;
  name: string;
  created: number;
  owner: Owner;
  vars: Map<string, EnvVar>;
  restrictions: Restriction[];
}

export interface CheckoutKey {
  key: SshKey;
  type: 'deploy-key' | 'github-user-key';
  created: number;
}

export interface Definition {
  id: string;
  name: string;
  description: string;
  created: number;
  configRepo: string;
  filePath: string;
  checkoutRepo: string;
}

export interface ProjectState {
  id: string;
  name: string;
  owner: Owner;
  slug: string;
  defaultBranch: string;
  repo: string;
  /** The name of its run history, for seed projects. */
  history: string | undefined;
  vars: Map<string, { value: string; created: number | null }>;
  keys: CheckoutKey[];
  definitions: Definition[];
}

export interface Claims {
  audience?: string[];
  audienceUpdated?: number;
  ttl?: string;
  ttlUpdated?: number;
}

export interface PolicyDoc {
  content: string;
  created: number;
  createdBy: string;
}

export interface DecisionRecord {
  id: string;
  created: number;
  decision: {
    status: string;
    reason?: string;
    enabled_rules: string[];
    hard_failures: Array<{ rule: string; reason: string }>;
    soft_failures: Array<{ rule: string; reason: string }>;
  };
  metadata: Record<string, unknown>;
  /** The bundle as it was when the decision was made. */
  bundle: Map<string, PolicyDoc>;
  timeTakenMs: number;
}

export interface PolicyContext {
  enabled: boolean;
  docs: Map<string, PolicyDoc>;
  decisions: DecisionRecord[];
}

export interface State {
  t0: number;
  contexts: Map<string, ContextState>;
  projects: Map<string, ProjectState>;
  claims: Map<string, Claims>;
  policy: Map<string, PolicyContext>;
}

/** The user the sandbox token belongs to, as policy documents name their author. */
export const SANDBOX_USER_ID = uuidFrom('user:sandbox-user');

export function claimsKey(orgId: string, projectId?: string): string {
  return projectId ? `${orgId}/${projectId}` : orgId;
}

export function policyKey(ownerId: string, context: string): string {
  return `${ownerId}/${context}`;
}

/** SHA-512 of a policy's content: the 128 hex characters decision logs name policies by. */
export function policyHash(content: string): string {
  return createHash('sha512').update(content).digest('hex');
}

export function seedState(t0: number): State {
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

// Answers -----------------------------------------------------------------------------------------

/** `{message}` answers: contexts, insights, projects (reference §D.5). */
export function message(status: number, text: string, headers: Record<string, string> = {}): ReplyError {
  return new ReplyError(json(status, { message: text }, headers));
}

/** `{error}` answers: policies, decisions, OIDC claims. */
export function errorReply(status: number, text: string): ReplyError {
  return new ReplyError(json(status, { error: text }));
}

export type Fail = (status: number, text: string) => ReplyError;

/** The JSON object of a request body, or a 400 in the route's error shape. */
export function bodyOf(req: SandboxRequest, fail: Fail, required = true): Record<string, unknown> {
  if (req.body.length === 0) {
    if (required) throw fail(400, 'request body is required');
    return {};
  }
  let body: unknown;
  try {
    body = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw fail(400, 'request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw fail(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function requireUuid(value: string, what: string, fail: Fail): string {
  if (!UUID.test(value)) throw fail(400, `Invalid ${what}: "${value}" is not a UUID`);
  return value.toLowerCase();
}

/**
 * One token page of `items`: `page-token` is the offset of the next page, encoded. The last page's
 * `next_page_token` is the empty string: the seed says the token is a string (reference §D.6).
 */
export function page<T>(req: SandboxRequest, items: readonly T[], size: number, fail: Fail): Reply {
  const start = readPageToken(req.query.get('page-token'));
  if (start === undefined || start > items.length) throw fail(400, 'Invalid page-token');
  const { items: shown, next } = pageAt(items, start, size);
  return json(200, { items: shown, next_page_token: next === undefined ? '' : pageToken(next) });
}
