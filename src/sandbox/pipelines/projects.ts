import type { OperationTable } from '../core/anatomy.js';
import { randomUUID } from 'node:crypto';
import { type SandboxRequest, json } from '../core/framework.js';
import { ENV_NAME } from './contexts.js';
import type { Env } from './env.js';
import { iso, uuidFrom } from './ids.js';
import { newKey } from './keys.js';
import { DEFAULT_ADVANCED, OWNERS, type Owner, REPOS, projectSlugOf } from './seed.js';
import { type Definition, type ProjectState, bodyOf, message, page, requireUuid } from './model.js';

const fail = message;

const PROVIDERS: Record<string, string> = {
  gh: 'gh',
  github: 'gh',
  bb: 'bb',
  bitbucket: 'bb',
  circleci: 'circleci',
};

/** `github/acme/web-app` and `gh/acme/web-app` name the same project. */
function canonicalSlug(slug: string): string {
  const [provider = '', ...rest] = slug.split('/');
  return [PROVIDERS[provider.toLowerCase()] ?? provider, ...rest].join('/');
}

export function projectBySlug(env: Env, slug: string): ProjectState {
  const want = canonicalSlug(slug).toLowerCase();
  for (const p of env.state().projects.values()) if (p.slug.toLowerCase() === want && p.owner.admin) return p;
  throw fail(404, 'Project not found');
}

function projectJson(p: ProjectState) {
  const classic = p.owner.provider !== 'CircleCI';
  return {
    slug: p.slug,
    name: p.name,
    id: p.id,
    organization_name: p.owner.name,
    organization_slug: p.owner.slug,
    organization_id: p.owner.id,
    vcs_info: {
      vcs_url: classic ? `https://github.com/${p.repo}` : `//circleci.com/${p.owner.id}/${p.id}`,
      provider: p.owner.provider,
      default_branch: p.defaultBranch,
    },
  };
}

const mask = (value: string) => `xxxx${value.slice(-4)}`;

function envJson(name: string, v: { value: string; created: number | null }) {
  return { name, value: mask(v.value), 'created-at': v.created === null ? null : iso(v.created) };
}

function keyJson(p: ProjectState, k: ProjectState['keys'][number], digest: 'md5' | 'sha256') {
  const newest = p.keys.reduce((a, b) => (b.created > a.created ? b : a));
  return {
    'public-key': k.key.publicKey,
    type: k.type,
    fingerprint: digest === 'sha256' ? k.key.sha256 : k.key.md5,
    preferred: k === newest,
    'created-at': iso(k.created),
  };
}

function repoByExternalId(id: unknown, field: string) {
  if (typeof id !== 'string' || id === '') throw fail(400, `${field}.repo.external_id is required`);
  const repo = REPOS.find((r) => r.externalId === id);
  if (!repo) throw fail(400, `${field}.repo.external_id: no repository with external id ${id}`);
  return repo;
}

function definitionJson(d: Definition) {
  const full = (id: string) => REPOS.find((r) => r.externalId === id)!.fullName;
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    created_at: iso(d.created),
    config_source: {
      provider: 'github_app',
      repo: { full_name: full(d.configRepo), external_id: d.configRepo },
      file_path: d.filePath,
    },
    checkout_source: {
      provider: 'github_app',
      repo: { full_name: full(d.checkoutRepo), external_id: d.checkoutRepo },
    },
  };
}

function object(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(400, `${what} must be an object`);
  return v as Record<string, unknown>;
}

/** The only provider of a definition's sources that the seed allows (reference §D.6). */
function githubApp(source: Record<string, unknown>, what: string): void {
  if (source.provider !== 'github_app') throw fail(400, `${what}.provider: only github_app is supported`);
}

function orgOf(ref: string): Owner {
  const id = ref.replace(/^circleci\//i, '').toLowerCase();
  const owner = OWNERS.find(
    (o) => o.type === 'organization' && (o.id === id || o.slug.toLowerCase() === ref.toLowerCase()),
  );
  if (!owner) throw fail(404, 'Organization not found');
  if (!owner.admin) throw fail(403, 'You do not have permission to create projects in this organization');
  return owner;
}

type Project = (req: SandboxRequest) => ProjectState;

/** The projects: read, delete, follow (the deprecated creation) and create. */
function projectOps(router: OperationTable, env: Env, project: Project): void {
  router
    .op('getProjectBySlug', 'GET', '/api/v2/project/:slug', (req) => json(200, projectJson(project(req))))
    .op('deleteProjectBySlug', 'DELETE', '/api/v2/project/:slug', (req) => {
      env.state().projects.delete(project(req).id);
      return json(200, { message: 'Project deleted.' });
    })
    // The deprecated creation: POST /project/{provider}/{organization}/{project}.
    .op('followProject', 'POST', '/api/v2/project/:slug', (req) => {
      const [provider = '', org = '', repo = '', ...more] = (req.params.slug ?? '').split('/');
      if (more.length || !org || !repo) throw fail(404, 'Not found');
      const vcs = PROVIDERS[provider];
      if (!vcs) throw fail(400, `provider must be one of ${Object.keys(PROVIDERS).join(', ')}`);
      if (vcs === 'circleci')
        throw fail(
          405,
          'Following a project is only available for classic GitHub OAuth and Bitbucket organizations',
        );
      const owner = OWNERS.find((o) => o.slug === `${vcs}/${org}` && o.type === 'organization');
      if (!owner) throw fail(404, 'Organization not found');
      if (!owner.admin) throw fail(403, 'You do not have permission to follow projects in this organization');
      const found = REPOS.find((r) => r.fullName === `${org}/${repo}`);
      if (!found) throw fail(404, 'Repository not found');
      if (!found.hasConfig)
        throw fail(
          400,
          'The repository needs a default branch with a .circleci/config.yml before it can be followed',
        );
      const state = env.state();
      const slug = `${vcs}/${org}/${repo}`;
      if (![...state.projects.values()].some((p) => p.slug === slug)) {
        const id = uuidFrom(`project:${repo}`);
        state.projects.set(id, {
          id,
          name: repo,
          owner,
          slug,
          defaultBranch: 'main',
          repo: found.fullName,
          history: undefined,
          vars: new Map(),
          keys: [],
          definitions: [],
        });
        env.counts.created++;
      }
      return json(201, { advanced: { ...DEFAULT_ADVANCED } });
    })
    .op('createProject', 'POST', '/api/v2/organization/:org/project', (req) => {
      const owner = orgOf(req.params.org ?? '');
      const body = bodyOf(req, fail);
      const { name } = body;
      if (typeof name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
        throw fail(400, 'name is required: up to 100 letters, digits, dots, dashes and underscores');
      const state = env.state();
      if ([...state.projects.values()].some((p) => p.owner === owner && p.name === name))
        throw fail(409, `A project named "${name}" already exists in ${owner.name}`);
      const id = randomUUID();
      const created: ProjectState = {
        id,
        name,
        owner,
        slug: projectSlugOf({ name, owner, id }),
        defaultBranch: 'main',
        repo: `${owner.name}/${name}`,
        history: undefined,
        vars: new Map(),
        keys: [],
        definitions: [],
      };
      state.projects.set(id, created);
      env.counts.created++;
      return json(200, projectJson(created));
    });
}

/** A project's checkout keys and environment variables. */
function keyAndVarOps(router: OperationTable, env: Env, project: Project): void {
  router
    .op('listCheckoutKeys', 'GET', '/api/v2/project/:slug/checkout-key', (req) => {
      const p = project(req);
      const digest = req.query.get('digest') ?? 'md5';
      if (digest !== 'md5' && digest !== 'sha256') throw fail(400, 'digest must be sha256 or md5');
      const items = [...p.keys].sort((a, b) => b.created - a.created).map((k) => keyJson(p, k, digest));
      return page(req, items, env.pageSize(10), fail);
    })
    .op('createCheckoutKey', 'POST', '/api/v2/project/:slug/checkout-key', (req) => {
      const p = project(req);
      const body = bodyOf(req, fail);
      if (body.type !== 'user-key' && body.type !== 'deploy-key')
        throw fail(400, 'type must be user-key or deploy-key');
      if (p.owner.provider === 'CircleCI')
        throw fail(400, 'Checkout keys are not available for GitLab or GitHub App projects');
      const type = body.type === 'user-key' ? 'github-user-key' : 'deploy-key';
      const key = {
        key: newKey(type === 'deploy-key' ? `deploy@${p.name}` : `sandbox-user@${p.name}`),
        type,
        created: env.clock.now(),
      } as const;
      p.keys.push(key);
      env.counts.created++;
      return json(201, keyJson(p, key, 'md5'));
    })
    .ops(
      { GET: 'getCheckoutKey', DELETE: 'deleteCheckoutKey' },
      '/api/v2/project/:slug/checkout-key/:fingerprint',
      (req) => {
        const p = project(req);
        const fp = req.params.fingerprint ?? '';
        const k = p.keys.find((x) => x.key.md5 === fp || x.key.sha256 === fp);
        if (!k) throw fail(404, 'Checkout key not found');
        if (req.method === 'GET')
          return json(200, keyJson(p, k, fp.startsWith('SHA256:') ? 'sha256' : 'md5'));
        p.keys.splice(p.keys.indexOf(k), 1);
        return json(200, { message: 'Checkout key deleted.' });
      },
    )
    .op('listEnvVars', 'GET', '/api/v2/project/:slug/envvar', (req) => {
      const p = project(req);
      const items = [...p.vars.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([n, v]) => envJson(n, v));
      return page(req, items, env.pageSize(10), fail);
    })
    .op('createEnvVar', 'POST', '/api/v2/project/:slug/envvar', (req) => {
      const p = project(req);
      const body = bodyOf(req, fail);
      const { name, value } = body;
      if (typeof name !== 'string' || !ENV_NAME.test(name))
        throw fail(400, 'name is required: letters, digits and _ only, not starting with a digit');
      if (typeof value !== 'string') throw fail(400, 'value is required and must be a string');
      p.vars.set(name, { value, created: env.clock.now() });
      return json(201, envJson(name, p.vars.get(name)!));
    })
    .ops({ GET: 'getEnvVar', DELETE: 'deleteEnvVar' }, '/api/v2/project/:slug/envvar/:name', (req) => {
      const p = project(req);
      const name = req.params.name ?? '';
      const v = p.vars.get(name);
      if (!v) throw fail(404, 'Environment variable not found');
      if (req.method === 'GET') return json(200, envJson(name, v));
      p.vars.delete(name);
      return json(200, { message: 'Environment variable deleted.' });
    });
}

/** A pipeline definition's change: its name, description, config file path and checkout repository. */
function updateDefinition(d: Definition, body: Record<string, unknown>): void {
  const extra = Object.keys(body).filter(
    (k) => !['name', 'description', 'config_source', 'checkout_source'].includes(k),
  );
  if (extra.length) throw fail(400, `Unexpected field: ${extra.join(', ')}`);
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === ''))
    throw fail(400, 'name must be a non-empty string');
  if (body.description !== undefined && typeof body.description !== 'string')
    throw fail(400, 'description must be a string');
  let filePath: string | undefined;
  if (body.config_source !== undefined) {
    const c = object(body.config_source, 'config_source');
    if (Object.keys(c).some((k) => k !== 'file_path'))
      throw fail(400, 'config_source: only file_path can change');
    if (typeof c.file_path !== 'string' || c.file_path === '')
      throw fail(400, 'config_source.file_path is required');
    filePath = c.file_path;
  }
  let checkoutRepo: string | undefined;
  if (body.checkout_source !== undefined) {
    const c = object(body.checkout_source, 'checkout_source');
    githubApp(c, 'checkout_source');
    checkoutRepo = repoByExternalId(
      object(c.repo, 'checkout_source.repo').external_id,
      'checkout_source',
    ).externalId;
  }
  if (typeof body.name === 'string') d.name = body.name;
  if (typeof body.description === 'string') d.description = body.description;
  if (filePath !== undefined) d.filePath = filePath;
  if (checkoutRepo !== undefined) d.checkoutRepo = checkoutRepo;
}

/** A project's pipeline definitions, by project id. */
function definitionOps(router: OperationTable, env: Env): void {
  const byId = (req: SandboxRequest) => {
    const id = requireUuid(req.params.project_id ?? '', 'project id', fail);
    const p = env.state().projects.get(id);
    if (!p?.owner.admin) throw fail(404, 'Project not found');
    return p;
  };
  const definition = (req: SandboxRequest) => {
    const p = byId(req);
    const id = requireUuid(req.params.definition_id ?? '', 'pipeline definition id', fail);
    const d = p.definitions.find((x) => x.id === id);
    if (!d) throw fail(404, 'Pipeline definition not found');
    return { p, d };
  };

  router
    .op('listPipelineDefinitions', 'GET', '/api/v2/projects/:project_id/pipeline-definitions', (req) =>
      json(200, { items: byId(req).definitions.map(definitionJson) }),
    )
    .op('createPipelineDefinition', 'POST', '/api/v2/projects/:project_id/pipeline-definitions', (req) => {
      const p = byId(req);
      const body = bodyOf(req, fail);
      const { name, description } = body;
      if (typeof name !== 'string' || name.trim() === '') throw fail(400, 'name is required');
      if (description !== undefined && typeof description !== 'string')
        throw fail(400, 'description must be a string');
      const config = object(body.config_source, 'config_source');
      const checkout = object(body.checkout_source, 'checkout_source');
      githubApp(config, 'config_source');
      githubApp(checkout, 'checkout_source');
      if (typeof config.file_path !== 'string' || config.file_path === '')
        throw fail(400, 'config_source.file_path is required');
      const configRepo = repoByExternalId(
        object(config.repo, 'config_source.repo').external_id,
        'config_source',
      );
      const checkoutRepo = repoByExternalId(
        object(checkout.repo, 'checkout_source.repo').external_id,
        'checkout_source',
      );
      if (p.definitions.some((d) => d.name === name))
        throw fail(400, `A pipeline definition named "${name}" already exists`);
      const d: Definition = {
        id: randomUUID(),
        name,
        description: description ?? '',
        created: env.clock.now(),
        configRepo: configRepo.externalId,
        filePath: config.file_path,
        checkoutRepo: checkoutRepo.externalId,
      };
      p.definitions.push(d);
      env.counts.created++;
      return json(200, definitionJson(d));
    })
    .op(
      'getPipelineDefinition',
      'GET',
      '/api/v2/projects/:project_id/pipeline-definitions/:definition_id',
      (req) => json(200, definitionJson(definition(req).d)),
    )
    .op(
      'updatePipelineDefinition',
      'PATCH',
      '/api/v2/projects/:project_id/pipeline-definitions/:definition_id',
      (req) => {
        const { d } = definition(req);
        updateDefinition(d, bodyOf(req, fail));
        return json(200, definitionJson(d));
      },
    )
    .op(
      'deletePipelineDefinition',
      'DELETE',
      '/api/v2/projects/:project_id/pipeline-definitions/:definition_id',
      (req) => {
        const { p, d } = definition(req);
        p.definitions.splice(p.definitions.indexOf(d), 1);
        return json(200, { message: 'Pipeline definition deleted.' });
      },
    );
}

export function projectRoutes(router: OperationTable, env: Env): void {
  const project = (req: SandboxRequest) => projectBySlug(env, req.params.slug ?? '');
  projectOps(router, env, project);
  keyAndVarOps(router, env, project);
  definitionOps(router, env);
}
