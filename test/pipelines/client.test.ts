import { describe, expect, it } from 'vitest';
import { collect, paginate } from '../../src/clients/http/paginate.js';
import { type PipelinesClient, createPipelinesClient } from '../../src/clients/pipelines/client.js';
import { descriptor } from '../../src/clients/pipelines/index.js';
import { decisionPages, tokenPages } from '../../src/clients/pipelines/pages.js';
import { ApiError, ExitCode, NetworkError } from '../../src/errors.js';
import { serviceHttp, useMockAgent } from '../helpers/http.js';
import { IDS } from './helpers.js';

const ORIGIN = 'http://pipelines.test';
const mock = useMockAgent();
const TOKEN = 'token-123-secret';

async function client(retries = 2): Promise<PipelinesClient> {
  return createPipelinesClient(
    await serviceHttp(
      descriptor,
      { token: TOKEN },
      { baseUrl: `${ORIGIN}/base`, dispatcher: mock.agent(), retries, sleeps: mock.sleeps() },
    ),
  );
}
const pool = () => mock.agent().get(ORIGIN);
const scope = { ownerId: IDS.acme, context: 'config' };
const O = `/base/api/v2/owner/${IDS.acme}/context/config`;
const WEB = 'gh%2Facme%2Fweb-app';

/** Drains a page stream into its items. */
async function items<T>(pages: AsyncIterable<{ items: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
}

/** [operation, call, method, path with query, JSON body sent (or undefined), status, answer] */
const ops: Array<
  [string, (c: PipelinesClient) => Promise<unknown>, string, string, unknown, number, unknown]
> = [
  [
    'createContext',
    (c) => c.createContext('ci', { slug: 'gh/acme' }),
    'POST',
    '/base/api/v2/context',
    { name: 'ci', owner: { slug: 'gh/acme' } },
    200,
    { id: 'x' },
  ],
  [
    'listContexts',
    (c) => items(c.listContexts({ 'owner-id': IDS.acme, 'owner-type': 'organization' })),
    'GET',
    `/base/api/v2/context?owner-id=${IDS.acme}&owner-type=organization`,
    undefined,
    200,
    { items: [], next_page_token: null },
  ],
  [
    'getContext',
    (c) => c.getContext(IDS.awsProduction),
    'GET',
    `/base/api/v2/context/${IDS.awsProduction}`,
    undefined,
    200,
    {},
  ],
  [
    'deleteContext',
    (c) => c.deleteContext(IDS.awsProduction),
    'DELETE',
    `/base/api/v2/context/${IDS.awsProduction}`,
    undefined,
    200,
    { message: 'ok' },
  ],
  [
    'listEnvironmentVariablesFromContext',
    (c) => items(c.listEnvironmentVariablesFromContext(IDS.awsProduction)),
    'GET',
    `/base/api/v2/context/${IDS.awsProduction}/environment-variable`,
    undefined,
    200,
    { items: [], next_page_token: '' },
  ],
  [
    'addEnvironmentVariableToContext',
    (c) => c.addEnvironmentVariableToContext(IDS.awsProduction, 'A_B', 'v'),
    'PUT',
    `/base/api/v2/context/${IDS.awsProduction}/environment-variable/A_B`,
    { value: 'v' },
    200,
    {},
  ],
  [
    'deleteEnvironmentVariableFromContext',
    (c) => c.deleteEnvironmentVariableFromContext(IDS.awsProduction, 'A_B'),
    'DELETE',
    `/base/api/v2/context/${IDS.awsProduction}/environment-variable/A_B`,
    undefined,
    200,
    {},
  ],
  [
    'getContextRestrictions',
    (c) => items(c.getContextRestrictions(IDS.awsProduction)),
    'GET',
    `/base/api/v2/context/${IDS.awsProduction}/restrictions`,
    undefined,
    200,
    { items: [] },
  ],
  [
    'createContextRestriction',
    (c) =>
      c.createContextRestriction(IDS.awsProduction, {
        restriction_type: 'expression',
        restriction_value: 'x == "y"',
      }),
    'POST',
    `/base/api/v2/context/${IDS.awsProduction}/restrictions`,
    { restriction_type: 'expression', restriction_value: 'x == "y"' },
    201,
    {},
  ],
  [
    'deleteContextRestriction',
    (c) => c.deleteContextRestriction(IDS.awsProduction, 'r-1'),
    'DELETE',
    `/base/api/v2/context/${IDS.awsProduction}/restrictions/r-1`,
    undefined,
    200,
    {},
  ],
  [
    'getClaims (org)',
    (c) => c.getClaims(IDS.acme),
    'GET',
    `/base/api/v2/org/${IDS.acme}/oidc-custom-claims`,
    undefined,
    200,
    {},
  ],
  [
    'patchClaims (project)',
    (c) => c.patchClaims(IDS.acme, IDS.webApp, { audience: ['a', 'b'], ttl: '1h30m' }),
    'PATCH',
    `/base/api/v2/org/${IDS.acme}/project/${IDS.webApp}/oidc-custom-claims`,
    { audience: ['a', 'b'], ttl: '1h30m' },
    200,
    {},
  ],
  [
    'deleteClaims',
    (c) => c.deleteClaims(IDS.acme, undefined, ['audience', 'ttl']),
    'DELETE',
    `/base/api/v2/org/${IDS.acme}/oidc-custom-claims?claims=audience%2Cttl`,
    undefined,
    200,
    {},
  ],
  [
    'getProjectWorkflowsPageData',
    (c) =>
      c.getProjectWorkflowsPageData('gh/acme/web-app', {
        'reporting-window': 'last-7-days',
        branches: ['main', 'dev'],
        'workflow-names': [],
      }),
    'GET',
    `/base/api/v2/insights/pages/${WEB}/summary?reporting-window=last-7-days&branches=main&branches=dev`,
    undefined,
    200,
    {},
  ],
  [
    'getOrgSummaryData',
    (c) => c.getOrgSummaryData('gh/acme', { 'project-names': ['web-app'] }),
    'GET',
    '/base/api/v2/insights/gh%2Facme/summary?project-names=web-app',
    undefined,
    200,
    {},
  ],
  [
    'getJobTimeseries',
    (c) =>
      items(
        c.getJobTimeseries('gh/acme/web-app', 'build and test', {
          branch: 'main',
          granularity: 'hourly',
          'start-date': '2026-01-01T00:00:00Z',
          'end-date': undefined,
        }),
      ),
    'GET',
    `/base/api/v2/insights/time-series/${WEB}/workflows/build%20and%20test/jobs?branch=main&granularity=hourly&start-date=2026-01-01T00%3A00%3A00Z`,
    undefined,
    200,
    { items: [], next_page_token: '' },
  ],
  [
    'getAllInsightsBranches',
    (c) => c.getAllInsightsBranches('gh/acme/web-app', { 'workflow-name': 'deploy' }),
    'GET',
    `/base/api/v2/insights/${WEB}/branches?workflow-name=deploy`,
    undefined,
    200,
    {},
  ],
  [
    'getFlakyTests',
    (c) => c.getFlakyTests('gh/acme/web-app'),
    'GET',
    `/base/api/v2/insights/${WEB}/flaky-tests`,
    undefined,
    200,
    {},
  ],
  [
    'getProjectWorkflowMetrics',
    (c) =>
      items(
        c.getProjectWorkflowMetrics('gh/acme/web-app', {
          'all-branches': true,
          'reporting-window': 'last-30-days',
        }),
      ),
    'GET',
    `/base/api/v2/insights/${WEB}/workflows?all-branches=true&reporting-window=last-30-days`,
    undefined,
    200,
    { items: [], next_page_token: '' },
  ],
  [
    'getProjectWorkflowRuns',
    (c) =>
      items(c.getProjectWorkflowRuns('gh/acme/web-app', 'deploy', { branch: 'main', 'all-branches': false })),
    'GET',
    `/base/api/v2/insights/${WEB}/workflows/deploy?branch=main`,
    undefined,
    200,
    { items: [], next_page_token: '' },
  ],
  [
    'getProjectWorkflowJobMetrics',
    (c) => items(c.getProjectWorkflowJobMetrics('gh/acme/web-app', 'deploy', { 'job-name': 'deploy-' })),
    'GET',
    `/base/api/v2/insights/${WEB}/workflows/deploy/jobs?job-name=deploy-`,
    undefined,
    200,
    { items: [], next_page_token: '' },
  ],
  [
    'getDecisionLogs',
    (c) => items(c.getDecisionLogs(scope, { status: 'PASS', offset: 5 })),
    'GET',
    `${O}/decision?status=PASS&offset=5`,
    undefined,
    200,
    [],
  ],
  [
    'makeDecision',
    (c) => c.makeDecision(scope, 'version: 2.1', { branch: 'main' }),
    'POST',
    `${O}/decision`,
    { input: 'version: 2.1', metadata: { branch: 'main' } },
    200,
    {},
  ],
  [
    'getDecisionSettings',
    (c) => c.getDecisionSettings(scope),
    'GET',
    `${O}/decision/settings`,
    undefined,
    200,
    {},
  ],
  [
    'setDecisionSettings',
    (c) => c.setDecisionSettings(scope, { enabled: false }),
    'PATCH',
    `${O}/decision/settings`,
    { enabled: false },
    200,
    {},
  ],
  ['getDecisionLog', (c) => c.getDecisionLog(scope, 'd-1'), 'GET', `${O}/decision/d-1`, undefined, 200, {}],
  [
    'getDecisionLogPolicyBundle',
    (c) => c.getDecisionLogPolicyBundle(scope, 'd-1'),
    'GET',
    `${O}/decision/d-1/policy-bundle`,
    undefined,
    200,
    {},
  ],
  ['getPolicyBundle', (c) => c.getPolicyBundle(scope), 'GET', `${O}/policy-bundle`, undefined, 200, {}],
  [
    'createPolicyBundle (dry in the body, as the seed says, and in the query, as the vendor reads it)',
    (c) => c.createPolicyBundle(scope, { 'a.rego': 'x' }, true),
    'POST',
    `${O}/policy-bundle?dry=true`,
    { dry: true, policies: { 'a.rego': 'x' } },
    200,
    {},
  ],
  [
    'getPolicyDocument',
    (c) => c.getPolicyDocument(scope, 'ci security'),
    'GET',
    `${O}/policy-bundle/ci%20security`,
    undefined,
    200,
    {},
  ],
  [
    'listPipelineDefinitions',
    (c) => items(c.listPipelineDefinitions(IDS.webApp)),
    'GET',
    `/base/api/v2/projects/${IDS.webApp}/pipeline-definitions`,
    undefined,
    200,
    { items: [] },
  ],
  [
    'createPipelineDefinition',
    (c) =>
      c.createPipelineDefinition(IDS.webApp, {
        name: 'n',
        config_source: { provider: 'github_app', repo: { external_id: '1' }, file_path: 'c.yml' },
        checkout_source: { provider: 'github_app', repo: { external_id: '1' } },
      }),
    'POST',
    `/base/api/v2/projects/${IDS.webApp}/pipeline-definitions`,
    {
      name: 'n',
      config_source: { provider: 'github_app', repo: { external_id: '1' }, file_path: 'c.yml' },
      checkout_source: { provider: 'github_app', repo: { external_id: '1' } },
    },
    200,
    {},
  ],
  [
    'getPipelineDefinition',
    (c) => c.getPipelineDefinition(IDS.webApp, 'd'),
    'GET',
    `/base/api/v2/projects/${IDS.webApp}/pipeline-definitions/d`,
    undefined,
    200,
    {},
  ],
  [
    'updatePipelineDefinition (only what is given)',
    (c) => c.updatePipelineDefinition(IDS.webApp, 'd', { name: undefined, description: 'new' }),
    'PATCH',
    `/base/api/v2/projects/${IDS.webApp}/pipeline-definitions/d`,
    { description: 'new' },
    200,
    {},
  ],
  [
    'deletePipelineDefinition',
    (c) => c.deletePipelineDefinition(IDS.webApp, 'd'),
    'DELETE',
    `/base/api/v2/projects/${IDS.webApp}/pipeline-definitions/d`,
    undefined,
    200,
    {},
  ],
  [
    'createProject',
    (c) => c.createProject('gh/acme', 'svc'),
    'POST',
    '/base/api/v2/organization/gh%2Facme/project',
    { name: 'svc' },
    200,
    {},
  ],
  [
    'getProjectBySlug',
    (c) => c.getProjectBySlug('gh/acme/web-app'),
    'GET',
    `/base/api/v2/project/${WEB}`,
    undefined,
    200,
    {},
  ],
  [
    'deleteProjectBySlug',
    (c) => c.deleteProjectBySlug('gh/acme/web-app'),
    'DELETE',
    `/base/api/v2/project/${WEB}`,
    undefined,
    200,
    {},
  ],
  [
    'followProject',
    (c) => c.followProject('gh', 'acme', 'docs'),
    'POST',
    '/base/api/v2/project/gh/acme/docs',
    undefined,
    201,
    {},
  ],
  [
    'listCheckoutKeys',
    (c) => items(c.listCheckoutKeys('gh/acme/web-app', 'sha256')),
    'GET',
    `/base/api/v2/project/${WEB}/checkout-key?digest=sha256`,
    undefined,
    200,
    { items: [] },
  ],
  [
    'createCheckoutKey',
    (c) => c.createCheckoutKey('gh/acme/web-app', 'user-key'),
    'POST',
    `/base/api/v2/project/${WEB}/checkout-key`,
    { type: 'user-key' },
    201,
    {},
  ],
  [
    'getCheckoutKey (sha256 encoded)',
    (c) => c.getCheckoutKey('gh/acme/web-app', 'SHA256:a/b+c'),
    'GET',
    `/base/api/v2/project/${WEB}/checkout-key/SHA256%3Aa%2Fb%2Bc`,
    undefined,
    200,
    {},
  ],
  [
    'deleteCheckoutKey',
    (c) => c.deleteCheckoutKey('gh/acme/web-app', 'aa:bb'),
    'DELETE',
    `/base/api/v2/project/${WEB}/checkout-key/aa%3Abb`,
    undefined,
    200,
    {},
  ],
  [
    'listEnvVars',
    (c) => items(c.listEnvVars('gh/acme/web-app')),
    'GET',
    `/base/api/v2/project/${WEB}/envvar`,
    undefined,
    200,
    { items: [] },
  ],
  [
    'createEnvVar',
    (c) => c.createEnvVar('gh/acme/web-app', 'K', 'v'),
    'POST',
    `/base/api/v2/project/${WEB}/envvar`,
    { name: 'K', value: 'v' },
    201,
    {},
  ],
  [
    'getEnvVar',
    (c) => c.getEnvVar('gh/acme/web-app', 'K'),
    'GET',
    `/base/api/v2/project/${WEB}/envvar/K`,
    undefined,
    200,
    {},
  ],
  [
    'deleteEnvVar',
    (c) => c.deleteEnvVar('gh/acme/web-app', 'K'),
    'DELETE',
    `/base/api/v2/project/${WEB}/envvar/K`,
    undefined,
    200,
    {},
  ],
];

describe('one method per operation: method, path, query, token header and body', () => {
  it.each(ops)('%s', async (_name, call, method, path, body, status, answer) => {
    pool()
      .intercept({
        method,
        path,
        headers: {
          'pipeline-token': TOKEN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      .reply(status, answer as object);
    const result = await call(await client());
    expect(result).toEqual(Array.isArray(answer) || (answer as { items?: unknown }).items ? [] : answer);
  });
});

describe('the user’s organizations', () => {
  it('getCollaborations: GET /me/collaborations, the bare array as it is', async () => {
    const answer = [
      { id: IDS.acme, 'vcs-type': 'github', name: 'acme', avatar_url: 'https://a', slug: 'gh/acme' },
    ];
    pool()
      .intercept({
        method: 'GET',
        path: '/base/api/v2/me/collaborations',
        headers: { 'pipeline-token': TOKEN },
      })
      .reply(200, answer);
    expect(await (await client()).getCollaborations()).toEqual(answer);
  });
});

describe('pages', () => {
  it('token pages: next_page_token is sent back as page-token until it is empty', async () => {
    pool()
      .intercept({ path: '/base/api/v2/context?owner-slug=gh%2Facme', method: 'GET' })
      .reply(200, { items: [{ id: 'a' }, { id: 'b' }], next_page_token: 'tok2' });
    pool()
      .intercept({ path: '/base/api/v2/context?owner-slug=gh%2Facme&page-token=tok2', method: 'GET' })
      .reply(200, { items: [{ id: 'c' }], next_page_token: '' });
    const got = await items((await client()).listContexts({ 'owner-slug': 'gh/acme' }));
    expect(got.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('a null token ends the walk too, and a limit asks for no further page', async () => {
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}/envvar`, method: 'GET' })
      .reply(200, { items: [{ name: 'A' }, { name: 'B' }], next_page_token: 'more' });
    const limited = await items((await client()).listEnvVars('gh/acme/web-app', { limit: 1 }));
    expect(limited.map((v) => v.name)).toEqual(['A']);
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}/envvar`, method: 'GET' })
      .reply(200, { items: [{ name: 'A' }], next_page_token: null });
    expect(await items((await client()).listEnvVars('gh/acme/web-app'))).toHaveLength(1);
  });

  it('decision logs page by offset until an empty page', async () => {
    pool()
      .intercept({ path: `${O}/decision`, method: 'GET' })
      .reply(200, [{ id: '1' }, { id: '2' }]);
    pool()
      .intercept({ path: `${O}/decision?offset=2`, method: 'GET' })
      .reply(200, [{ id: '3' }]);
    pool()
      .intercept({ path: `${O}/decision?offset=3`, method: 'GET' })
      .reply(200, []);
    const got = await items((await client()).getDecisionLogs(scope, {}));
    expect(got.map((d) => d.id)).toEqual(['1', '2', '3']);
  });

  it('the descriptor pages `ops api --paginate` with the same token style', () => {
    expect(Object.keys(descriptor.pageStyle!())).toEqual(Object.keys(tokenPages()));
    expect(
      decisionPages().next({ method: 'GET', path: '/x', query: { offset: 4 } }, {} as never, 0, 3),
    ).toEqual({
      method: 'GET',
      path: '/x',
      query: { offset: 7 },
    });
  });
});

describe('errors: both shapes, each status mapped', () => {
  it.each([
    [400, { message: 'Invalid context id' }, ExitCode.failure, 'Invalid context id'],
    [401, { message: 'You must log in first.' }, ExitCode.auth, 'You must log in first.'],
    [403, { error: 'Forbidden: not an admin' }, ExitCode.auth, 'Forbidden: not an admin'],
    [404, { message: 'Context not found' }, ExitCode.notFound, 'Context not found'],
    [
      409,
      { message: 'This restriction already exists' },
      ExitCode.failure,
      'This restriction already exists',
    ],
    [413, { error: 'policy bundle is too large' }, ExitCode.failure, 'policy bundle is too large'],
    [500, { message: 'Internal error' }, ExitCode.server, 'Internal error'],
  ])('%i %j', async (status, body, exit, text) => {
    pool()
      .intercept({ path: `/base/api/v2/context/${IDS.awsProduction}`, method: 'DELETE' })
      .reply(status, body);
    const err = await (await client(0)).deleteContext(IDS.awsProduction).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status, message: text, exitCode: exit });
  });

  it('hints name the token variable and admin rights, never a flag', () => {
    expect(descriptor.hintFor!(401, { message: 'x' })).toContain('OPS_PIPELINES_TOKEN');
    expect(descriptor.hintFor!(403, { message: 'not an admin of this organization' })).toContain(
      'admin rights',
    );
    for (const s of [401, 403, 413])
      expect(descriptor.hintFor!(s, { message: 'organization' })).not.toMatch(/--/);
  });

  it('a 503 then success is retried; a 429 with {message} waits for Retry-After', async () => {
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}`, method: 'GET' })
      .reply(503, { message: 'busy' });
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}`, method: 'GET' })
      .reply(429, { message: 'Rate limit exceeded.' }, { headers: { 'retry-after': '3' } });
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}`, method: 'GET' })
      .reply(200, { slug: 'gh/acme/web-app' });
    expect(await (await client()).getProjectBySlug('gh/acme/web-app')).toEqual({ slug: 'gh/acme/web-app' });
    expect(mock.sleeps()[1]).toBe(3000);
  });

  it('a context is not created twice after a 503 (POST without an idempotency key)', async () => {
    pool().intercept({ path: '/base/api/v2/context', method: 'POST' }).reply(503, { message: 'busy' });
    const err = await (await client()).createContext('x', { id: IDS.acme }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
  });

  it('a body that is not JSON is a network-level failure naming what came back', async () => {
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}`, method: 'GET' })
      .reply(200, '<html>oops</html>', { headers: { 'content-type': 'text/html' } });
    const err = await (await client()).getProjectBySlug('gh/acme/web-app').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toContain('an HTML page');
  });

  it('collect over the item stream works with the shared helpers', async () => {
    pool()
      .intercept({ path: `/base/api/v2/project/${WEB}/envvar`, method: 'GET' })
      .reply(200, { items: [{ name: 'A' }], next_page_token: '' });
    const http = await serviceHttp(
      descriptor,
      { token: TOKEN },
      { baseUrl: `${ORIGIN}/base`, dispatcher: mock.agent() },
    );
    expect(
      await collect(paginate(http, { method: 'GET', path: `/api/v2/project/${WEB}/envvar` }, tokenPages())),
    ).toEqual([{ name: 'A' }]);
  });
});
