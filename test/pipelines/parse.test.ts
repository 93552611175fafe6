import { describe, expect, it } from 'vitest';
import { checkoutKeyCreateCommand } from '../../src/commands/pipelines/checkout-key/create.js';
import { checkoutKeyDeleteCommand } from '../../src/commands/pipelines/checkout-key/delete.js';
import { checkoutKeyGetCommand } from '../../src/commands/pipelines/checkout-key/get.js';
import { checkoutKeyListCommand } from '../../src/commands/pipelines/checkout-key/list.js';
import { contextCreateCommand } from '../../src/commands/pipelines/context/create.js';
import { contextDeleteCommand } from '../../src/commands/pipelines/context/delete.js';
import { contextEnvDeleteCommand } from '../../src/commands/pipelines/context/env/delete.js';
import { contextEnvListCommand } from '../../src/commands/pipelines/context/env/list.js';
import { contextEnvSetCommand } from '../../src/commands/pipelines/context/env/set.js';
import { contextGetCommand } from '../../src/commands/pipelines/context/get.js';
import { contextListCommand } from '../../src/commands/pipelines/context/list.js';
import { contextRestrictionCreateCommand } from '../../src/commands/pipelines/context/restriction/create.js';
import { contextRestrictionDeleteCommand } from '../../src/commands/pipelines/context/restriction/delete.js';
import { contextRestrictionListCommand } from '../../src/commands/pipelines/context/restriction/list.js';
import { definitionCreateCommand } from '../../src/commands/pipelines/definition/create.js';
import { definitionDeleteCommand } from '../../src/commands/pipelines/definition/delete.js';
import { definitionGetCommand } from '../../src/commands/pipelines/definition/get.js';
import { definitionListCommand } from '../../src/commands/pipelines/definition/list.js';
import { definitionUpdateCommand } from '../../src/commands/pipelines/definition/update.js';
import { envDeleteCommand } from '../../src/commands/pipelines/env/delete.js';
import { envGetCommand } from '../../src/commands/pipelines/env/get.js';
import { envListCommand } from '../../src/commands/pipelines/env/list.js';
import { envSetCommand } from '../../src/commands/pipelines/env/set.js';
import { insightsBranchesCommand } from '../../src/commands/pipelines/insights/branches.js';
import { insightsFlakyTestsCommand } from '../../src/commands/pipelines/insights/flaky-tests.js';
import { insightsJobsCommand } from '../../src/commands/pipelines/insights/jobs.js';
import { insightsRunsCommand } from '../../src/commands/pipelines/insights/runs.js';
import { parseRange } from '../../src/commands/pipelines/insights/shared.js';
import { insightsSummaryCommand } from '../../src/commands/pipelines/insights/summary.js';
import { insightsTimeSeriesCommand } from '../../src/commands/pipelines/insights/time-series.js';
import { insightsWorkflowsCommand } from '../../src/commands/pipelines/insights/workflows.js';
import { oidcClaimsDeleteCommand } from '../../src/commands/pipelines/oidc-claims/delete.js';
import { oidcClaimsGetCommand } from '../../src/commands/pipelines/oidc-claims/get.js';
import { oidcClaimsSetCommand } from '../../src/commands/pipelines/oidc-claims/set.js';
import { policyBundleGetCommand } from '../../src/commands/pipelines/policy/bundle/get.js';
import { policyBundlePushCommand } from '../../src/commands/pipelines/policy/bundle/push.js';
import { policyDecisionsBundleCommand } from '../../src/commands/pipelines/policy/decisions/bundle.js';
import { policyDecisionsGetCommand } from '../../src/commands/pipelines/policy/decisions/get.js';
import { policyDecisionsListCommand } from '../../src/commands/pipelines/policy/decisions/list.js';
import { policyEvaluateCommand } from '../../src/commands/pipelines/policy/evaluate.js';
import { policySettingsGetCommand } from '../../src/commands/pipelines/policy/settings/get.js';
import { policySettingsSetCommand } from '../../src/commands/pipelines/policy/settings/set.js';
import { projectCreateCommand } from '../../src/commands/pipelines/project/create.js';
import { projectDeleteCommand } from '../../src/commands/pipelines/project/delete.js';
import { projectFollowCommand } from '../../src/commands/pipelines/project/follow.js';
import { projectGetCommand } from '../../src/commands/pipelines/project/get.js';
import { IDS, parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const fn = expect.any(Function);
const C = IDS.awsProduction;

/** [label, builder, groups, args, the whole options object the run function gets (injected things left out)] */
const ok: Array<[string, Make, string[], string[], Record<string, unknown>]> = [
  [
    'context list by slug',
    contextListCommand,
    ['context'],
    ['list', '--org', 'github/acme'],
    { owner: { slug: 'gh/acme' }, limit: 30 },
  ],
  [
    'context list by id, --all',
    contextListCommand,
    ['context'],
    ['list', '--org', IDS.account.toUpperCase(), '--all'],
    { owner: { id: IDS.account }, limit: undefined },
  ],
  [
    'context list: the profile owner',
    contextListCommand,
    ['context'],
    ['list', '--limit', '3'],
    { owner: { id: IDS.acme }, limit: 3 },
  ],
  ['context get', contextGetCommand, ['context'], ['get', C], { contextId: C }],
  [
    'context create',
    contextCreateCommand,
    ['context'],
    ['create', 'signing', '--org', 'gh/acme'],
    { name: 'signing', owner: { slug: 'gh/acme' } },
  ],
  ['context delete', contextDeleteCommand, ['context'], ['delete', C], { contextId: C, confirm: fn }],
  [
    'context env list',
    contextEnvListCommand,
    ['context', 'env'],
    ['list', C, '--limit', '5'],
    { contextId: C, limit: 5 },
  ],
  [
    'context env set',
    contextEnvSetCommand,
    ['context', 'env'],
    ['set', C, 'AWS_REGION'],
    { contextId: C, name: 'AWS_REGION', value: fn },
  ],
  [
    'context env delete',
    contextEnvDeleteCommand,
    ['context', 'env'],
    ['delete', C, 'AWS_REGION'],
    { contextId: C, name: 'AWS_REGION', confirm: fn },
  ],
  [
    'restriction list',
    contextRestrictionListCommand,
    ['context', 'restriction'],
    ['list', C],
    { contextId: C, limit: 30 },
  ],
  [
    'restriction create: project',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'project', '--value', IDS.webApp],
    { contextId: C, type: 'project', value: IDS.webApp },
  ],
  [
    'restriction create: expression',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'expression', '--value', 'pipeline.git.branch == "main"'],
    { contextId: C, type: 'expression', value: 'pipeline.git.branch == "main"' },
  ],
  [
    'restriction delete',
    contextRestrictionDeleteCommand,
    ['context', 'restriction'],
    ['delete', C, IDS.mainRestriction],
    { contextId: C, restrictionId: IDS.mainRestriction, confirm: fn },
  ],
  ['project get', projectGetCommand, ['project'], ['get', '/gh/acme/web-app/'], { slug: 'gh/acme/web-app' }],
  [
    'project create',
    projectCreateCommand,
    ['project'],
    ['create', 'billing', '--org', 'gh/acme'],
    { org: 'gh/acme', name: 'billing' },
  ],
  [
    'project create by org id',
    projectCreateCommand,
    ['project'],
    ['create', 'ingest', '--org', IDS.labs],
    { org: IDS.labs, name: 'ingest' },
  ],
  [
    'project delete',
    projectDeleteCommand,
    ['project'],
    ['delete', 'gh/acme/mobile'],
    { slug: 'gh/acme/mobile', confirm: fn },
  ],
  [
    'project follow',
    projectFollowCommand,
    ['project'],
    ['follow', 'github/acme/docs'],
    { provider: 'github', organization: 'acme', project: 'docs' },
  ],
  [
    'checkout-key list',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app'],
    { slug: 'gh/acme/web-app', digest: undefined, limit: 30 },
  ],
  [
    'checkout-key list sha256',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app', '--digest', 'SHA256', '--all'],
    { slug: 'gh/acme/web-app', digest: 'sha256', limit: undefined },
  ],
  [
    'checkout-key create',
    checkoutKeyCreateCommand,
    ['checkout-key'],
    ['create', 'gh/acme/web-app', '--type', 'deploy-key'],
    { slug: 'gh/acme/web-app', type: 'deploy-key' },
  ],
  [
    'checkout-key get',
    checkoutKeyGetCommand,
    ['checkout-key'],
    ['get', 'gh/acme/web-app', IDS.userKeySha256],
    { slug: 'gh/acme/web-app', fingerprint: IDS.userKeySha256 },
  ],
  [
    'checkout-key delete (md5)',
    checkoutKeyDeleteCommand,
    ['checkout-key'],
    ['delete', 'gh/acme/web-app', 'C9:0B:1C:4F:D5:65:56:B9:AD:88:F9:81:2B:37:74:2F'],
    { slug: 'gh/acme/web-app', fingerprint: 'c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f', confirm: fn },
  ],
  ['env list', envListCommand, ['env'], ['list', 'gh/acme/web-app'], { slug: 'gh/acme/web-app', limit: 30 }],
  [
    'env get',
    envGetCommand,
    ['env'],
    ['get', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN' },
  ],
  [
    'env set',
    envSetCommand,
    ['env'],
    ['set', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN', value: fn },
  ],
  [
    'env delete',
    envDeleteCommand,
    ['env'],
    ['delete', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN', confirm: fn },
  ],
];

const view = { raw: false, charts: false, width: 80 };
const I = ['insights'];
const W = 'gh/acme/web-app';
ok.push(
  [
    'insights summary of a project',
    insightsSummaryCommand,
    I,
    [
      'summary',
      W,
      '--window',
      'last-7-days',
      '--branch',
      'main',
      '--branch',
      'develop',
      '--workflow',
      'deploy',
    ],
    {
      project: W,
      org: undefined,
      window: 'last-7-days',
      branches: ['main', 'develop'],
      workflows: ['deploy'],
      projects: undefined,
      view,
    },
  ],
  [
    'insights summary of an organization',
    insightsSummaryCommand,
    I,
    ['summary', '--org', 'gh/acme', '--project', 'web-app'],
    {
      project: undefined,
      org: 'gh/acme',
      window: undefined,
      branches: undefined,
      workflows: undefined,
      projects: ['web-app'],
      view,
    },
  ],
  [
    'insights workflows',
    insightsWorkflowsCommand,
    I,
    ['workflows', W, '--all-branches', '--window', 'LAST-30-DAYS'],
    { slug: W, window: 'last-30-days', scope: { branch: undefined, 'all-branches': true }, limit: 30, view },
  ],
  [
    'insights runs',
    insightsRunsCommand,
    I,
    [
      'runs',
      W,
      'deploy',
      '--branch',
      'main',
      '--since',
      '2026-11-01T00:00:00Z',
      '--until',
      '2026-11-10T00:00:00Z',
      '--all',
    ],
    {
      slug: W,
      workflow: 'deploy',
      scope: { branch: 'main', 'all-branches': undefined },
      range: { 'start-date': '2026-11-01T00:00:00Z', 'end-date': '2026-11-10T00:00:00Z' },
      limit: undefined,
      view,
    },
  ],
  [
    'insights jobs',
    insightsJobsCommand,
    I,
    ['jobs', W, 'deploy', '--job-name', 'deploy-', '--limit', '5'],
    {
      slug: W,
      workflow: 'deploy',
      window: undefined,
      scope: { branch: undefined, 'all-branches': undefined },
      jobName: 'deploy-',
      limit: 5,
      view,
    },
  ],
  [
    'insights branches',
    insightsBranchesCommand,
    I,
    ['branches', W, '--workflow', 'deploy'],
    { slug: W, workflow: 'deploy', view },
  ],
  ['insights flaky-tests', insightsFlakyTestsCommand, I, ['flaky-tests', W], { slug: W, view }],
  [
    'insights time-series',
    insightsTimeSeriesCommand,
    I,
    ['time-series', W, 'build-and-test', '--granularity', 'daily', '--branch', 'develop'],
    {
      slug: W,
      workflow: 'build-and-test',
      granularity: 'daily',
      branch: 'develop',
      range: { 'start-date': undefined, 'end-date': undefined },
      view,
      limit: 30,
    },
  ],
);

const scope = { ownerId: IDS.acme, context: 'config' };
const OTHER_OWNER = '11111111-2222-4333-8444-555555555555';
ok.push(
  [
    'oidc-claims get (profile org)',
    oidcClaimsGetCommand,
    ['oidc-claims'],
    ['get'],
    { orgId: IDS.acme, projectId: undefined },
  ],
  [
    'oidc-claims get a project',
    oidcClaimsGetCommand,
    ['oidc-claims'],
    ['get', '--org', OTHER_OWNER, '--project', IDS.webApp],
    { orgId: OTHER_OWNER, projectId: IDS.webApp },
  ],
  [
    'oidc-claims set',
    oidcClaimsSetCommand,
    ['oidc-claims'],
    ['set', '--audience', 'a', '--audience', 'b', '--ttl', '1h30m'],
    { orgId: IDS.acme, projectId: undefined, patch: { audience: ['a', 'b'], ttl: '1h30m' } },
  ],
  [
    'oidc-claims delete (both)',
    oidcClaimsDeleteCommand,
    ['oidc-claims'],
    ['delete'],
    { orgId: IDS.acme, projectId: undefined, claims: ['audience', 'ttl'], confirm: fn },
  ],
  [
    'oidc-claims delete ttl',
    oidcClaimsDeleteCommand,
    ['oidc-claims'],
    ['delete', '--claims', 'TTL'],
    { orgId: IDS.acme, projectId: undefined, claims: ['ttl'], confirm: fn },
  ],
  [
    'decisions list',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    [
      'list',
      '--status',
      'hard-fail',
      '--branch',
      'main',
      '--project',
      IDS.webApp,
      '--build-number',
      '12',
      '--offset',
      '5',
      '--since',
      '2026-11-01',
      '--until',
      '2026-11-20T12:00:00Z',
    ],
    {
      scope,
      query: {
        status: 'HARD_FAIL',
        after: '2026-11-01T00:00:00Z',
        before: '2026-11-20T12:00:00Z',
        branch: 'main',
        project_id: IDS.webApp,
        build_number: '12',
        offset: 5,
      },
      limit: 30,
    },
  ],
  [
    'settings get: a circleci/<id> slug holds the id (no request)',
    policySettingsGetCommand,
    ['policy', 'settings'],
    ['get', '--org', `circleci/${OTHER_OWNER}`],
    { scope: { ownerId: OTHER_OWNER, context: 'config' } },
  ],
  [
    'decisions list, another owner and context',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    ['list', '--org', OTHER_OWNER, '--context', 'config', '--all'],
    {
      scope: { ownerId: OTHER_OWNER, context: 'config' },
      query: {
        status: undefined,
        after: undefined,
        before: undefined,
        branch: undefined,
        project_id: undefined,
        build_number: undefined,
        offset: undefined,
      },
      limit: undefined,
    },
  ],
  [
    'decisions get',
    policyDecisionsGetCommand,
    ['policy', 'decisions'],
    ['get', IDS.hardFailDecision],
    { scope, decisionId: IDS.hardFailDecision },
  ],
  [
    'decisions bundle',
    policyDecisionsBundleCommand,
    ['policy', 'decisions'],
    ['bundle', IDS.hardFailDecision],
    { scope, decisionId: IDS.hardFailDecision, whole: false },
  ],
  [
    'evaluate',
    policyEvaluateCommand,
    ['policy'],
    ['evaluate', '--file', '-', '--exit-status'],
    { scope, input: fn, exitStatus: true },
  ],
  ['settings get', policySettingsGetCommand, ['policy', 'settings'], ['get'], { scope }],
  [
    'settings set',
    policySettingsSetCommand,
    ['policy', 'settings'],
    ['set', '--enabled', 'FALSE'],
    { scope, enabled: false },
  ],
  [
    'bundle get',
    policyBundleGetCommand,
    ['policy', 'bundle'],
    ['get'],
    { scope, name: undefined, whole: false },
  ],
  [
    'bundle get one',
    policyBundleGetCommand,
    ['policy', 'bundle'],
    ['get', 'ci_security'],
    { scope, name: 'ci_security', whole: false },
  ],
  [
    'bundle push --yes (no plan to show)',
    policyBundlePushCommand,
    ['policy', 'bundle'],
    ['push', 'policies', '--yes'],
    { scope, dir: 'policies', policies: fn, plan: 'none', whole: false, confirm: fn },
  ],
  [
    'definition list by slug',
    definitionListCommand,
    ['definition'],
    ['list', 'gh/acme/web-app'],
    { project: { slug: 'gh/acme/web-app' }, limit: 30 },
  ],
  [
    'definition get by id',
    definitionGetCommand,
    ['definition'],
    ['get', IDS.webApp, IDS.buildDefinition],
    { project: { id: IDS.webApp }, definitionId: IDS.buildDefinition },
  ],
  [
    'definition create',
    definitionCreateCommand,
    ['definition'],
    ['create', 'gh/acme/web-app', '--name', 'release', '--config-repo', '401122001', '--description', 'tags'],
    {
      project: { slug: 'gh/acme/web-app' },
      body: {
        name: 'release',
        description: 'tags',
        config_source: {
          provider: 'github_app',
          repo: { external_id: '401122001' },
          file_path: '.circleci/config.yml',
        },
        checkout_source: { provider: 'github_app', repo: { external_id: '401122001' } },
      },
    },
  ],
  [
    'definition update',
    definitionUpdateCommand,
    ['definition'],
    [
      'update',
      'gh/acme/web-app',
      IDS.nightlyDefinition,
      '--config-path',
      'e2e.yml',
      '--checkout-repo',
      '401122002',
    ],
    {
      project: { slug: 'gh/acme/web-app' },
      definitionId: IDS.nightlyDefinition,
      body: {
        name: undefined,
        description: undefined,
        config_source: { file_path: 'e2e.yml' },
        checkout_source: { provider: 'github_app', repo: { external_id: '401122002' } },
      },
    },
  ],
  [
    'definition delete',
    definitionDeleteCommand,
    ['definition'],
    ['delete', IDS.webApp, IDS.nightlyDefinition],
    { project: { id: IDS.webApp }, definitionId: IDS.nightlyDefinition, confirm: fn },
  ],
);

describe('parsing: argv in, the whole options object out', () => {
  it.each(ok)('%s', async (_label, make, groups, args, values) => {
    const r = await parseVerb(make, groups, args);
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(values);
  });

  it('a secret value is read from stdin, never from argv', async () => {
    const r = await parseVerb<{ value: () => Promise<string> }>(
      envSetCommand,
      ['env'],
      ['set', 'gh/acme/web-app', 'X'],
      {
        input: 's3cret\n',
      },
    );
    expect(await r.options.value()).toBe('s3cret');
  });
});

/** [label, builder, groups, args, the first line of the error] */
const bad: Array<[string, Make, string[], string[], string]> = [
  ['bad slug', contextListCommand, ['context'], ['list', '--org', 'gl/acme'], 'invalid --org "gl/acme"'],
  [
    'slug of a project',
    contextListCommand,
    ['context'],
    ['list', '--org', 'gh/acme/web'],
    'invalid --org "gh/acme/web"',
  ],
  ['bad name', contextListCommand, ['context'], ['list', '--org', 'ac me'], 'invalid --org "ac me"'],
  [
    'limit and all',
    contextListCommand,
    ['context'],
    ['list', '--limit', '2', '--all'],
    '--limit and --all cannot be combined',
  ],
  ['context id', contextGetCommand, ['context'], ['get', ' '], 'the context id or name is blank'],
  ['empty context name', contextCreateCommand, ['context'], ['create', ' '], 'the context name is empty'],
  [
    'variable name',
    contextEnvSetCommand,
    ['context', 'env'],
    ['set', C, '1BAD-NAME'],
    'invalid variable name "1BAD-NAME"',
  ],
  [
    'restriction type',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'branch', '--value', 'main'],
    'invalid --type "branch"',
  ],
  [
    'restriction needs type',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--value', 'x'],
    '--type is required',
  ],
  [
    'project value: an id, a slug or a name',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'project', '--value', 'web app!'],
    'invalid project "web app!"',
  ],
  ['project slug', projectGetCommand, ['project'], ['get', 'gh/acme'], 'invalid project slug "gh/acme"'],
  [
    'slug traversal',
    projectGetCommand,
    ['project'],
    ['get', 'gh/../web-app'],
    'invalid project slug "gh/../web-app"',
  ],
  [
    'project name',
    projectCreateCommand,
    ['project'],
    ['create', 'a/b', '--org', 'gh/acme'],
    'invalid project name "a/b"',
  ],
  ['project org', projectCreateCommand, ['project'], ['create', 'ok', '--org', '..'], 'invalid --org ".."'],
  [
    'follow provider',
    projectFollowCommand,
    ['project'],
    ['follow', 'gl/acme/docs'],
    'invalid provider "gl" in "gl/acme/docs"',
  ],
  [
    'digest',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app', '--digest', 'sha1'],
    'invalid --digest "sha1"',
  ],
  [
    'key type',
    checkoutKeyCreateCommand,
    ['checkout-key'],
    ['create', 'gh/acme/web-app', '--type', 'admin-key'],
    'invalid --type "admin-key"',
  ],
  [
    'fingerprint',
    checkoutKeyGetCommand,
    ['checkout-key'],
    ['get', 'gh/acme/web-app', 'abc'],
    'invalid fingerprint "abc"',
  ],
  ['env name', envGetCommand, ['env'], ['get', 'gh/acme/web-app', 'A-B'], 'invalid variable name "A-B"'],
];

bad.push(
  [
    'summary needs a target',
    insightsSummaryCommand,
    I,
    ['summary', '--org', 'gh/acme', '--branch', 'main'],
    '--branch and --workflow are for a project summary',
  ],
  [
    'summary both targets',
    insightsSummaryCommand,
    I,
    ['summary', W, '--org', 'gh/acme'],
    'give a project slug or --org, not both',
  ],
  [
    'summary --project on a project',
    insightsSummaryCommand,
    I,
    ['summary', W, '--project', 'x'],
    '--project is for an organization summary (--org)',
  ],
  [
    'summary --workflow on an org',
    insightsSummaryCommand,
    I,
    ['summary', '--org', 'gh/acme', '--workflow', 'x'],
    '--branch and --workflow are for a project summary',
  ],
  [
    'window',
    insightsWorkflowsCommand,
    I,
    ['workflows', W, '--window', 'last-year'],
    'invalid --window "last-year"',
  ],
  [
    'branch and all',
    insightsJobsCommand,
    I,
    ['jobs', W, 'deploy', '--branch', 'main', '--all-branches'],
    '--branch and --all-branches cannot be combined',
  ],
  ['empty workflow', insightsRunsCommand, I, ['runs', W, ' '], 'the workflow name is empty'],
  [
    'granularity',
    insightsTimeSeriesCommand,
    I,
    ['time-series', W, 'ci', '--granularity', 'weekly'],
    'invalid --granularity "weekly"',
  ],
  [
    'series all branches',
    insightsTimeSeriesCommand,
    I,
    ['time-series', W, 'ci', '--all-branches'],
    'a time series covers one branch: --all-branches is not available',
  ],
  [
    'since beyond 90 days',
    insightsRunsCommand,
    I,
    ['runs', W, 'deploy', '--since', '-91d'],
    '--since -91d is more than 90 days ago',
  ],
  [
    'hourly beyond 48 hours',
    insightsTimeSeriesCommand,
    I,
    ['time-series', W, 'ci', '--granularity', 'hourly', '--since', '-3d'],
    '--since -3d is more than 48 hours ago, and hourly data is kept 48 hours',
  ],
  [
    'since after until',
    insightsRunsCommand,
    I,
    ['runs', W, 'deploy', '--since', '-1d', '--until', '-2d'],
    '--until "-2d" is before --since "-1d"',
  ],
  [
    'window and since',
    insightsTimeSeriesCommand,
    I,
    ['time-series', W, 'ci', '--window', 'last-7-days', '--since', '-1d'],
    '--window and --since cannot be combined',
  ],
  [
    'bad time',
    insightsRunsCommand,
    I,
    ['runs', W, 'deploy', '--since', 'last week'],
    'invalid --since "last week"',
  ],
);

bad.push(
  [
    'claims org',
    oidcClaimsGetCommand,
    ['oidc-claims'],
    ['get', '--org', 'acme/x/y'],
    'invalid --org "acme/x/y"',
  ],
  [
    'claims project',
    oidcClaimsGetCommand,
    ['oidc-claims'],
    ['get', '--project', 'web app'],
    'invalid project "web app"',
  ],
  ['claims nothing to set', oidcClaimsSetCommand, ['oidc-claims'], ['set'], 'nothing to set'],
  [
    'claims ttl pattern',
    oidcClaimsSetCommand,
    ['oidc-claims'],
    ['set', '--ttl', '1 hour'],
    'invalid --ttl "1 hour"',
  ],
  ['claims ttl unit', oidcClaimsSetCommand, ['oidc-claims'], ['set', '--ttl', '10y'], 'invalid --ttl "10y"'],
  [
    'claims names',
    oidcClaimsDeleteCommand,
    ['oidc-claims'],
    ['delete', '--claims', 'aud'],
    'invalid --claims "aud"',
  ],
  [
    'decision status',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    ['list', '--status', 'FAILED'],
    'invalid --status "FAILED"',
  ],
  [
    'decision offset',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    ['list', '--offset', '-1'],
    '--offset must be at least 0 (got -1)',
  ],
  [
    'decision owner',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    ['list', '--org', 'bb/'],
    'invalid --org "bb/"',
  ],
  [
    'decision context',
    policyDecisionsListCommand,
    ['policy', 'decisions'],
    ['list', '--context', 'Con fig'],
    'invalid --context "Con fig"',
  ],
  [
    'decision id',
    policyDecisionsGetCommand,
    ['policy', 'decisions'],
    ['get', '42'],
    'invalid decision id "42": not a UUID',
  ],
  ['evaluate needs input', policyEvaluateCommand, ['policy'], ['evaluate'], '--file is required'],
  [
    'evaluate two stdins',
    policyEvaluateCommand,
    ['policy'],
    ['evaluate', '--file', '-', '--metadata-file', '-'],
    '--file and --metadata-file cannot both read stdin',
  ],
  [
    'settings enabled',
    policySettingsSetCommand,
    ['policy', 'settings'],
    ['set', '--enabled', 'yes'],
    'invalid --enabled "yes"',
  ],
  [
    'settings needs enabled',
    policySettingsSetCommand,
    ['policy', 'settings'],
    ['set'],
    '--enabled is required',
  ],
  [
    'definition project',
    definitionListCommand,
    ['definition'],
    ['list', 'web app'],
    'invalid project "web app"',
  ],
  [
    'definition name',
    definitionCreateCommand,
    ['definition'],
    ['create', IDS.webApp, '--config-repo', '1'],
    '--name is required',
  ],
  [
    'definition repo',
    definitionCreateCommand,
    ['definition'],
    ['create', IDS.webApp, '--name', 'x'],
    '--config-repo is required',
  ],
  [
    'definition path',
    definitionCreateCommand,
    ['definition'],
    ['create', IDS.webApp, '--name', 'x', '--config-repo', '1', '--config-path', '../x.yml'],
    'invalid --config-path "../x.yml"',
  ],
  [
    'definition nothing',
    definitionUpdateCommand,
    ['definition'],
    ['update', IDS.webApp, IDS.nightlyDefinition],
    'nothing to change',
  ],
);

describe('insight ranges (the seed’s limits)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('start and end at most 90 days apart, even when both are recent enough', () => {
    expect(() => parseRange({ since: '-89d', until: '+5d' }, false, now)).toThrow(
      '--since and --until are more than 90 days apart',
    );
    expect(parseRange({ since: '-89d', until: '-1d' }, false, now)).toEqual({
      'start-date': '2026-08-25T12:00:00Z',
      'end-date': '2026-11-21T12:00:00Z',
    });
  });
  it('--window is a start relative to now; hourly within 48 hours is fine', () => {
    expect(parseRange({ window: 'last-24-hours' }, true, now)).toEqual({
      'start-date': '2026-11-21T12:00:00Z',
      'end-date': undefined,
    });
    expect(() => parseRange({ window: 'last-7-days' }, true, now)).toThrow('more than 48 hours ago');
  });
});

describe('bad input is a usage error before anything is sent', () => {
  it.each(bad)('%s', async (_label, make, groups, args, line) => {
    const err = await parseVerb(make, groups, args).then(
      () => undefined,
      (e: Error & { exitCode?: number }) => e,
    );
    expect(err?.message).toBe(line);
    expect(err?.exitCode).toBe(2);
  });

  it('no organization for a policy command: an error naming the flag, the variable and the setting', async () => {
    const err = await parseVerb(policySettingsGetCommand, ['policy', 'settings'], ['get'], {
      env: { OPS_PIPELINES_ORG: '' },
    }).catch((e: Error & { hint?: string }) => e);
    expect(err).toMatchObject({ message: 'pipelines: no organization given', exitCode: 2 });
    expect((err as { hint: string }).hint).toBe(
      'pass --org ORG (gh/acme, acme or its id), set OPS_PIPELINES_ORG, or run `ops config set pipelines.org gh/acme`',
    );
  });

  it('no owner anywhere: a usage error naming the flags and the setting', async () => {
    const err = await parseVerb(contextListCommand, ['context'], ['list'], {
      env: { OPS_PIPELINES_ORG: '' },
    }).catch((e: Error & { hint?: string }) => e);
    expect(err).toMatchObject({ message: 'pipelines: no organization given', exitCode: 2 });
    expect((err as { hint: string }).hint).toContain('pass --org ORG');
  });
});

describe('a variable value read from stdin or --file: exactly one trailing newline dropped', () => {
  it.each([
    ['a\n', 'a'],
    ['a\n\n', 'a\n'],
    ['a\r\n', 'a'],
  ])('context env set and env set: %j gives %j', async (input, want) => {
    const ctx = await parseVerb(contextEnvSetCommand, ['context', 'env'], ['set', IDS.dockerHub, 'X'], {
      input,
    });
    expect(await (ctx.options as unknown as { value: () => Promise<string> }).value()).toBe(want);
    const project = await parseVerb(envSetCommand, ['env'], ['set', 'gh/acme/web-app', 'X'], { input });
    expect(await (project.options as unknown as { value: () => Promise<string> }).value()).toBe(want);
  });

  it('--token-stdin cannot share stdin with the value', async () => {
    const err = await parseVerb(
      contextEnvSetCommand,
      ['context', 'env'],
      ['set', IDS.dockerHub, 'X', '--token-stdin'],
      {
        input: 'v',
      },
    ).catch((e: unknown) => e);
    expect((err as Error).message).toBe('--token-stdin and the variable value cannot both read stdin');
  });
});
