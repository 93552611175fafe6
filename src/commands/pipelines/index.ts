import type { Command } from 'commander';
import {
  BRANCHES_FIELDS,
  CHECKOUT_KEY_FIELDS,
  CLAIMS_FIELDS,
  CONTEXT_ENV_FIELDS,
  CONTEXT_FIELDS,
  DECISION_LOG_FIELDS,
  DECISION_SETTINGS_FIELDS,
  FLAKY_TESTS_FIELDS,
  JOB_METRICS_FIELDS,
  JOB_TIMESERIES_FIELDS,
  PIPELINE_DEFINITION_FIELDS,
  PROJECT_ENV_FIELDS,
  PROJECT_FIELDS,
  RESTRICTION_FIELDS,
  SUMMARY_FIELDS,
  WORKFLOW_METRICS_FIELDS,
  WORKFLOW_RUN_FIELDS,
} from '../../clients/pipelines/types.js';
import type { Factory, ServiceCommands } from '../../app/types.js';
import { settingPart } from '../shared/context-part.js';
import { checkoutKeyCreateCommand } from './checkout-key/create.js';
import { checkoutKeyDeleteCommand } from './checkout-key/delete.js';
import { checkoutKeyGetCommand } from './checkout-key/get.js';
import { checkoutKeyListCommand } from './checkout-key/list.js';
import { contextCreateCommand } from './context/create.js';
import { contextDeleteCommand } from './context/delete.js';
import { contextEnvDeleteCommand } from './context/env/delete.js';
import { contextEnvListCommand } from './context/env/list.js';
import { contextEnvSetCommand } from './context/env/set.js';
import { contextGetCommand } from './context/get.js';
import { contextListCommand } from './context/list.js';
import { contextRestrictionCreateCommand } from './context/restriction/create.js';
import { contextRestrictionDeleteCommand } from './context/restriction/delete.js';
import { contextRestrictionListCommand } from './context/restriction/list.js';
import { definitionCreateCommand } from './definition/create.js';
import { definitionDeleteCommand } from './definition/delete.js';
import { definitionGetCommand } from './definition/get.js';
import { definitionListCommand } from './definition/list.js';
import { definitionUpdateCommand } from './definition/update.js';
import { envDeleteCommand } from './env/delete.js';
import { envGetCommand } from './env/get.js';
import { envListCommand } from './env/list.js';
import { envSetCommand } from './env/set.js';
import { insightsBranchesCommand } from './insights/branches.js';
import { insightsFlakyTestsCommand } from './insights/flaky-tests.js';
import { insightsJobsCommand } from './insights/jobs.js';
import { insightsRunsCommand } from './insights/runs.js';
import { insightsSummaryCommand } from './insights/summary.js';
import { insightsTimeSeriesCommand } from './insights/time-series.js';
import { insightsWorkflowsCommand } from './insights/workflows.js';
import { oidcClaimsDeleteCommand } from './oidc-claims/delete.js';
import { oidcClaimsGetCommand } from './oidc-claims/get.js';
import { oidcClaimsSetCommand } from './oidc-claims/set.js';
import { policyBundleGetCommand } from './policy/bundle/get.js';
import { policyBundlePushCommand } from './policy/bundle/push.js';
import { policyDecisionsBundleCommand } from './policy/decisions/bundle.js';
import { policyDecisionsGetCommand } from './policy/decisions/get.js';
import { policyDecisionsListCommand } from './policy/decisions/list.js';
import { policyEvaluateCommand } from './policy/evaluate.js';
import { policySettingsGetCommand } from './policy/settings/get.js';
import { policySettingsSetCommand } from './policy/settings/set.js';
import { projectCreateCommand } from './project/create.js';
import { projectDeleteCommand } from './project/delete.js';
import { projectFollowCommand } from './project/follow.js';
import { projectGetCommand } from './project/get.js';
import { addGroup, destructive, read, write, groupCommand } from '../shared/verbs.js';

/** `ops pipelines`: the pipeline-administration API of seed 001 D. */
/** `ops api`'s {org}: the organisation as given. */
export const apiPlaceholders: ServiceCommands['apiPlaceholders'] = { org: settingPart('pipelines', 'org') };

export function register(parent: Command, factory: Factory): void {
  const root = groupCommand(
    parent,
    'pipelines',
    'Pipeline administration: contexts, OIDC claims, insights, policies, pipeline definitions, projects, checkout keys, variables',
    [
      'eval "$(ops sandbox env)"',
      'ops pipelines context list --org gh/acme',
      'ops pipelines insights summary gh/acme/web-app --window last-30-days',
      'ops pipelines policy decisions list --limit 5',
      'ops pipelines env list gh/acme/web-app',
    ],
  );
  const context = addGroup(
    root,
    'context',
    'Contexts: shared sets of environment variables, and who may use them',
    ['ops pipelines context list --org gh/acme', 'ops pipelines context env list docker-hub --org gh/acme'],
    {
      list: read(contextListCommand, { list: true, fields: CONTEXT_FIELDS }),
      get: read(contextGetCommand, { fields: CONTEXT_FIELDS }),
      create: write(contextCreateCommand),
      delete: destructive(contextDeleteCommand),
    },
    factory,
  );
  addGroup(
    context,
    'env',
    "A context's environment variables (values are write-only)",
    ['ops pipelines context env list a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
    {
      list: read(contextEnvListCommand, { list: true, fields: CONTEXT_ENV_FIELDS }),
      set: write(contextEnvSetCommand, { idempotent: true }),
      delete: destructive(contextEnvDeleteCommand),
    },
    factory,
  );
  addGroup(
    context,
    'restriction',
    'Restrictions of a context to projects, groups or expressions',
    ['ops pipelines context restriction list a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
    {
      list: read(contextRestrictionListCommand, { list: true, fields: RESTRICTION_FIELDS }),
      create: write(contextRestrictionCreateCommand),
      delete: destructive(contextRestrictionDeleteCommand),
    },
    factory,
  );
  addGroup(
    root,
    'oidc-claims',
    "Custom claims (audience, lifetime) of the OIDC tokens of an organization's or project's jobs",
    ['ops pipelines oidc-claims get', 'ops pipelines oidc-claims set --ttl 30m'],
    {
      get: read(oidcClaimsGetCommand, { fields: CLAIMS_FIELDS }),
      set: write(oidcClaimsSetCommand, { idempotent: true }),
      delete: destructive(oidcClaimsDeleteCommand),
    },
    factory,
  );
  addGroup(
    root,
    'insights',
    'Insights of projects, workflows and jobs, drawn as charts on a terminal (numbers unchanged with -o json|csv)',
    [
      'ops pipelines insights summary gh/acme/web-app',
      'ops pipelines insights time-series gh/acme/web-app build-and-test',
    ],
    {
      summary: read(insightsSummaryCommand, { fields: SUMMARY_FIELDS }),
      workflows: read(insightsWorkflowsCommand, { list: true, fields: WORKFLOW_METRICS_FIELDS }),
      runs: read(insightsRunsCommand, { list: true, fields: WORKFLOW_RUN_FIELDS }),
      jobs: read(insightsJobsCommand, { list: true, fields: JOB_METRICS_FIELDS }),
      branches: read(insightsBranchesCommand, { fields: BRANCHES_FIELDS }),
      'flaky-tests': read(insightsFlakyTestsCommand, { fields: FLAKY_TESTS_FIELDS }),
      'time-series': read(insightsTimeSeriesCommand, { list: true, fields: JOB_TIMESERIES_FIELDS }),
    },
    factory,
  );
  addProjectGroups(root, factory);
}

/** Policies, pipeline definitions, projects, checkout keys and project variables. */
function addProjectGroups(root: Command, factory: Factory): void {
  const policy = addGroup(
    root,
    'policy',
    'Config policies of an organization (--org, default OPS_PIPELINES_ORG): decisions, evaluation, settings, bundles',
    ['ops pipelines policy decisions list', 'ops pipelines policy bundle get'],
    // The service records each decision it makes (policy decisions list shows it): a write.
    { evaluate: write(policyEvaluateCommand) },
    factory,
  );
  addGroup(
    policy,
    'decisions',
    'Decisions made by policy evaluation, and the bundle each was made with',
    ['ops pipelines policy decisions list --status HARD_FAIL'],
    {
      list: read(policyDecisionsListCommand, { list: true, fields: DECISION_LOG_FIELDS }),
      get: read(policyDecisionsGetCommand, { fields: DECISION_LOG_FIELDS }),
      bundle: read(policyDecisionsBundleCommand),
    },
    factory,
  );
  addGroup(
    policy,
    'settings',
    'Whether pipelines are evaluated against the policies',
    ['ops pipelines policy settings get'],
    {
      get: read(policySettingsGetCommand, { fields: DECISION_SETTINGS_FIELDS }),
      set: write(policySettingsSetCommand, { idempotent: true }),
    },
    factory,
  );
  addGroup(
    policy,
    'bundle',
    'The policies (Rego) themselves',
    ['ops pipelines policy bundle get', 'ops pipelines policy bundle get ci_security'],
    { get: read(policyBundleGetCommand), push: destructive(policyBundlePushCommand) },
    factory,
  );
  addGroup(
    root,
    'definition',
    'Pipeline definitions of a project: config source and checkout source',
    ['ops pipelines definition list gh/acme/web-app'],
    {
      list: read(definitionListCommand, { list: true, fields: PIPELINE_DEFINITION_FIELDS }),
      get: read(definitionGetCommand, { fields: PIPELINE_DEFINITION_FIELDS }),
      create: write(definitionCreateCommand),
      update: write(definitionUpdateCommand, { idempotent: true }),
      delete: destructive(definitionDeleteCommand),
    },
    factory,
  );
  addGroup(
    root,
    'project',
    'Projects: show, create, delete, and the deprecated follow',
    ['ops pipelines project get gh/acme/web-app'],
    {
      get: read(projectGetCommand, { fields: PROJECT_FIELDS }),
      create: write(projectCreateCommand),
      delete: destructive(projectDeleteCommand),
      follow: write(projectFollowCommand, { idempotent: true }),
    },
    factory,
  );
  addGroup(
    root,
    'checkout-key',
    'SSH keys that pipelines check code out with',
    ['ops pipelines checkout-key list gh/acme/web-app --digest sha256'],
    {
      list: read(checkoutKeyListCommand, { list: true, fields: CHECKOUT_KEY_FIELDS }),
      create: write(checkoutKeyCreateCommand),
      get: read(checkoutKeyGetCommand, { fields: CHECKOUT_KEY_FIELDS }),
      delete: destructive(checkoutKeyDeleteCommand),
    },
    factory,
  );
  addGroup(
    root,
    'env',
    "A project's environment variables (listed masked)",
    ['ops pipelines env list gh/acme/web-app'],
    {
      list: read(envListCommand, { list: true, fields: PROJECT_ENV_FIELDS }),
      get: read(envGetCommand, { fields: PROJECT_ENV_FIELDS }),
      set: write(envSetCommand, { idempotent: true }),
      delete: destructive(envDeleteCommand),
    },
    factory,
  );
}

/** `ops sandbox demo` steps: read-only, each succeeds on a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  {
    title: 'Pipelines: contexts of the organization',
    argv: ['pipelines', 'context', 'list', '--org', 'gh/acme', '--limit', '5'],
  },
  {
    title: 'Pipelines: insights of a project, per workflow',
    argv: ['pipelines', 'insights', 'summary', 'gh/acme/web-app', '--window', 'last-30-days'],
  },
];
