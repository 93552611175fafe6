import type { PipelinesClient, PolicyScope } from '../../clients/pipelines/client.js';
import type { Missing } from '../../errors.js';
import { namingNotFound } from '../shared/not-found.js';

/** A project slug as `project <name> in organization <org slug>`: the slug the user gave, split. */
function inProject(slug: string): Missing {
  const cut = slug.lastIndexOf('/');
  return { kind: 'project', id: slug.slice(cut + 1), where: `organization ${slug.slice(0, cut)}` };
}

const CONTEXTS = '`ops pipelines context list --org ORG` lists the contexts of an organization';
const PROJECT_HINT = 'give the project as gh/ORG/NAME, its id, or its name with --org ORG';
const POLICY_HINT = 'give --context CONTEXT or --org ORG to look elsewhere';

const ORG_HINT = 'give --org ORG: a slug such as gh/acme, a name, or its id';
/** An organization, as a slug, a name or an id: looked for among those the token can see. */
const org = (id: unknown): Missing => ({
  kind: 'organization',
  id: String(id),
  where: 'the organizations this token can see',
  hint: ORG_HINT,
});
const ofOrgPolicy = (scope: unknown): Missing => {
  const s = scope as PolicyScope;
  return { kind: 'policy context', id: s.context, where: `organization ${s.ownerId}`, hint: POLICY_HINT };
};

/** OIDC claims of an organization, or of a project in it. */
const claimsOf = (o: unknown, p: unknown): Missing =>
  p ? { kind: 'project', id: String(p), where: `organization ${String(o)}`, hint: PROJECT_HINT } : org(o);

const context = (id: unknown): Missing => ({
  kind: 'context',
  id: String(id),
  where: 'the contexts this token can see',
  hint: CONTEXTS,
});
const project = (slug: unknown): Missing => ({ ...inProject(String(slug)), hint: PROJECT_HINT });
const ofProject = (kind: string, slug: unknown, id: unknown, hint?: string): Missing => ({
  kind,
  id: String(id),
  where: `project ${String(slug)}`,
  hint,
});
const ofPolicy = (kind: string, scope: unknown, id: unknown): Missing => {
  const s = scope as PolicyScope;
  return {
    kind,
    id: String(id),
    where: `policy context ${s.context} of organization ${s.ownerId}`,
    hint: POLICY_HINT,
  };
};

/**
 * What each operation looks for, from its arguments (docs/grammar.md, "Errors": a 404 names the kind,
 * the id and where it looked). Operations not named here keep the service's own message.
 */
const MISSING: Partial<Record<keyof PipelinesClient, (...a: unknown[]) => Missing>> = {
  getContext: context,
  deleteContext: context,
  listEnvironmentVariablesFromContext: context,
  addEnvironmentVariableToContext: context,
  getContextRestrictions: context,
  createContextRestriction: context,
  deleteEnvironmentVariableFromContext: (c, name) => ({
    kind: 'variable',
    id: String(name),
    where: `context ${String(c)}`,
    hint: '`ops pipelines context env list CONTEXT` lists them',
  }),
  deleteContextRestriction: (c, id) => ({
    kind: 'restriction',
    id: String(id),
    where: `context ${String(c)}`,
    hint: '`ops pipelines context restriction list CONTEXT` lists them',
  }),
  getProjectBySlug: project,
  deleteProjectBySlug: project,
  listCheckoutKeys: project,
  createCheckoutKey: project,
  listEnvVars: project,
  createEnvVar: project,
  getFlakyTests: project,
  getAllInsightsBranches: project,
  getProjectWorkflowMetrics: project,
  getProjectWorkflowsPageData: project,
  getCheckoutKey: (slug, fp) =>
    ofProject('checkout key', slug, fp, '`ops pipelines checkout-key list PROJECT` lists them'),
  deleteCheckoutKey: (slug, fp) =>
    ofProject('checkout key', slug, fp, '`ops pipelines checkout-key list PROJECT` lists them'),
  getEnvVar: (slug, name) => ofProject('variable', slug, name, '`ops pipelines env list PROJECT` lists them'),
  deleteEnvVar: (slug, name) =>
    ofProject('variable', slug, name, '`ops pipelines env list PROJECT` lists them'),
  getProjectWorkflowRuns: (slug, wf) => ofProject('workflow', slug, wf),
  getProjectWorkflowJobMetrics: (slug, wf) => ofProject('workflow', slug, wf),
  getJobTimeseries: (slug, wf) => ofProject('workflow', slug, wf),
  listPipelineDefinitions: (id) => ({ kind: 'project', id: String(id), hint: PROJECT_HINT }),
  createPipelineDefinition: (id) => ({ kind: 'project', id: String(id), hint: PROJECT_HINT }),
  getPipelineDefinition: (p, id) => ofProject('pipeline definition', p, id),
  updatePipelineDefinition: (p, id) => ofProject('pipeline definition', p, id),
  deletePipelineDefinition: (p, id) => ofProject('pipeline definition', p, id),
  getPolicyDocument: (scope, name) => ofPolicy('policy', scope, name),
  getDecisionLog: (scope, id) => ofPolicy('decision', scope, id),
  getDecisionLogPolicyBundle: (scope, id) => ofPolicy('decision', scope, id),
  getOrgSummaryData: org,
  createContext: (_name, owner) => org((owner as { id: string }).id),
  listContexts: (q) => {
    const query = q as { 'owner-id'?: string; 'owner-slug'?: string };
    return org(query['owner-slug'] ?? query['owner-id']);
  },
  createProject: org,
  followProject: (vcs, o, name) => ({
    ...inProject(`${String(vcs)}/${String(o)}/${String(name)}`),
    hint: PROJECT_HINT,
  }),
  getDecisionLogs: ofOrgPolicy,
  makeDecision: ofOrgPolicy,
  getDecisionSettings: ofOrgPolicy,
  setDecisionSettings: ofOrgPolicy,
  getPolicyBundle: ofOrgPolicy,
  createPolicyBundle: ofOrgPolicy,
  getClaims: claimsOf,
  patchClaims: claimsOf,
  deleteClaims: claimsOf,
};

/** The client, its 404s naming what was looked for and where (`variable X not found in project gh/acme/web-app`). */
export function namingPipelinesNotFound(client: PipelinesClient): PipelinesClient {
  return namingNotFound(client, (op, args) => MISSING[op as keyof PipelinesClient]?.(...args));
}
