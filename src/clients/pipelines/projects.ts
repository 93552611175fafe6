import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import { caller } from './call.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import { tokenPages } from './pages.js';
import type {
  CheckoutKeyType,
  CheckoutKeyWire,
  Digest,
  FollowProvider,
  MessageWire,
  PipelineDefinitionCreateWire,
  PipelineDefinitionUpdateWire,
  PipelineDefinitionWire,
  ProjectEnvVarWire,
  ProjectSettingsWire,
  ProjectWire,
} from './types.js';

/** Projects, their checkout keys and variables, and pipeline definitions. */
export interface ProjectOperations {
  /** The pipeline definitions of a project: one unpaged list, walked as one page. */
  listPipelineDefinitions<O extends ListOptions = PageOptions>(
    projectId: string,
    opts?: O,
  ): ListPages<PipelineDefinitionWire, O>;
  createPipelineDefinition(
    projectId: string,
    body: PipelineDefinitionCreateWire,
  ): Promise<PipelineDefinitionWire>;
  getPipelineDefinition(projectId: string, definitionId: string): Promise<PipelineDefinitionWire>;
  updatePipelineDefinition(
    projectId: string,
    definitionId: string,
    body: PipelineDefinitionUpdateWire,
  ): Promise<PipelineDefinitionWire>;
  deletePipelineDefinition(projectId: string, definitionId: string): Promise<MessageWire>;
  /** Creates a project in an organization, named by slug (`gh/acme`) or id. */
  createProject(orgSlugOrId: string, name: string): Promise<ProjectWire>;
  getProjectBySlug(projectSlug: string): Promise<ProjectWire>;
  deleteProjectBySlug(projectSlug: string): Promise<MessageWire>;
  /** The deprecated creation ("follow"), by provider, organization and repository; answers settings. */
  followProject(
    provider: FollowProvider,
    organization: string,
    project: string,
  ): Promise<ProjectSettingsWire>;
  listCheckoutKeys<O extends ListOptions = PageOptions>(
    projectSlug: string,
    digest: Digest | undefined,
    opts?: O,
  ): ListPages<CheckoutKeyWire, O>;
  createCheckoutKey(projectSlug: string, type: CheckoutKeyType): Promise<CheckoutKeyWire>;
  getCheckoutKey(projectSlug: string, fingerprint: string): Promise<CheckoutKeyWire>;
  deleteCheckoutKey(projectSlug: string, fingerprint: string): Promise<MessageWire>;
  listEnvVars<O extends ListOptions = PageOptions>(
    projectSlug: string,
    opts?: O,
  ): ListPages<ProjectEnvVarWire, O>;
  /** Creates (or replaces) a variable; the value is secret, the answer masks it. */
  createEnvVar(projectSlug: string, name: string, value: string): Promise<ProjectEnvVarWire>;
  getEnvVar(projectSlug: string, name: string): Promise<ProjectEnvVarWire>;
  deleteEnvVar(projectSlug: string, name: string): Promise<MessageWire>;
}

export function projectOperations(http: HttpClient): ProjectOperations {
  const call = caller(http);
  const definitions = (projectId: string) => route`/api/v2/projects/${projectId}/pipeline-definitions`;
  const definition = (projectId: string, id: string) =>
    route`/api/v2/projects/${projectId}/pipeline-definitions/${id}`;
  return {
    listPipelineDefinitions: (projectId, opts) =>
      listPages(http, { method: 'GET', path: definitions(projectId) }, tokenPages(), 'items', opts),
    createPipelineDefinition: (projectId, body) => call('POST', definitions(projectId), { body }),
    getPipelineDefinition: (projectId, id) => call('GET', definition(projectId, id)),
    updatePipelineDefinition: (projectId, id, body) =>
      call('PATCH', definition(projectId, id), { body: defined(body), idempotent: true }),
    deletePipelineDefinition: (projectId, id) => call('DELETE', definition(projectId, id)),
    createProject: (org, name) =>
      call('POST', route`/api/v2/organization/${org}/project`, { body: { name } }),
    getProjectBySlug: (slug) => call('GET', route`/api/v2/project/${slug}`),
    deleteProjectBySlug: (slug) => call('DELETE', route`/api/v2/project/${slug}`),
    // Following a project twice leaves it followed: safe to send again.
    followProject: (provider, org, project) =>
      call('POST', route`/api/v2/project/${provider}/${org}/${project}`, { idempotent: true }),
    listCheckoutKeys: (slug, digest, opts) =>
      listPages(
        http,
        { method: 'GET', path: route`/api/v2/project/${slug}/checkout-key`, query: { digest } },
        tokenPages(),
        'items',
        opts,
      ),
    createCheckoutKey: (slug, type) =>
      call('POST', route`/api/v2/project/${slug}/checkout-key`, { body: { type } }),
    getCheckoutKey: (slug, fp) => call('GET', route`/api/v2/project/${slug}/checkout-key/${fp}`),
    deleteCheckoutKey: (slug, fp) => call('DELETE', route`/api/v2/project/${slug}/checkout-key/${fp}`),
    listEnvVars: (slug, opts) =>
      listPages(
        http,
        { method: 'GET', path: route`/api/v2/project/${slug}/envvar` },
        tokenPages(),
        'items',
        opts,
      ),
    // Setting the same value again gives the same variable: safe to send again.
    createEnvVar: (slug, name, value) =>
      call('POST', route`/api/v2/project/${slug}/envvar`, {
        // Its value is secret by the descriptor's secretRequests (--debug, --dry-run).
        body: { name, value },
        idempotent: true,
      }),
    getEnvVar: (slug, name) => call('GET', route`/api/v2/project/${slug}/envvar/${name}`),
    deleteEnvVar: (slug, name) => call('DELETE', route`/api/v2/project/${slug}/envvar/${name}`),
  };
}

/** An update sends only the fields given. */
function defined<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}
