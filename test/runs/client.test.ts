import { describe, expect, it } from 'vitest';
import { collect } from '../../src/clients/http/paginate.js';
import { type RunsClient, createRunsClient } from '../../src/clients/runs/client.js';
import { EtagCache } from '../../src/clients/runs/etag.js';
import { descriptor } from '../../src/clients/runs/index.js';
import { ApiError } from '../../src/errors.js';
import { serviceHttp, useMockAgent } from '../helpers/http.js';
import { REPO } from './helpers.js';

const ORIGIN = 'http://runs.test';
const mock = useMockAgent();
const AUTH = {
  authorization: 'token t0ken-value',
  'user-agent': 'ops/test',
  accept: 'application/vnd.github.v3+json, application/json',
};

async function client(o: { retries?: number; cache?: EtagCache } = {}): Promise<RunsClient> {
  const http = await serviceHttp(
    descriptor,
    { token: 't0ken-value' },
    { baseUrl: `${ORIGIN}/api`, dispatcher: mock.agent(), retries: o.retries ?? 2, sleeps: mock.sleeps() },
  );
  return createRunsClient(http, { cache: o.cache });
}
const pool = (origin = ORIGIN) => mock.agent().get(origin);
const R = '/api/repos/octo-org/hello-world';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Pages of a list method, as items. */
async function items<T>(pages: AsyncIterable<{ items: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
}

type Case = [string, (c: RunsClient) => Promise<unknown>, string, string, unknown, number, unknown, unknown];

/** [operation, call, method, path with query, request body, status, answer, what the method gives]. */
const RUN_CASES: Case[] = [
  [
    'listWorkflowRunsForRepo',
    (c) =>
      items(
        c.listWorkflowRunsForRepo(
          REPO,
          { branch: 'main', status: 'failure', exclude_pull_requests: true },
          { limit: 5 },
        ),
      ),
    'GET',
    `${R}/actions/runs?branch=main&status=failure&exclude_pull_requests=true&per_page=5`,
    undefined,
    200,
    { total_count: 1, workflow_runs: [{ id: 1 }] },
    [{ id: 1 }],
  ],
  [
    'listWorkflowRuns',
    (c) => items(c.listWorkflowRuns(REPO, 'ci.yml', { created: '>=2026-01-01', check_suite_id: 9 }, {})),
    'GET',
    `${R}/actions/workflows/ci.yml/runs?created=%3E%3D2026-01-01&check_suite_id=9&per_page=100`,
    undefined,
    200,
    { total_count: 1, workflow_runs: [{ id: 2 }] },
    [{ id: 2 }],
  ],
  [
    'getWorkflowRun',
    (c) => c.getWorkflowRun(REPO, 5),
    'GET',
    `${R}/actions/runs/5`,
    undefined,
    200,
    { id: 5 },
    { id: 5 },
  ],
  [
    'reRunWorkflow',
    (c) => c.reRunWorkflow(REPO, 5),
    'POST',
    `${R}/actions/runs/5/rerun`,
    undefined,
    201,
    {},
    undefined,
  ],
  [
    'reRunWorkflowFailedJobs',
    (c) => c.reRunWorkflowFailedJobs(REPO, 5, { enable_debug_logging: true }),
    'POST',
    `${R}/actions/runs/5/rerun-failed-jobs`,
    { enable_debug_logging: true },
    201,
    {},
    undefined,
  ],
  [
    'reRunJobForWorkflowRun',
    (c) => c.reRunJobForWorkflowRun(REPO, 9, { enable_debug_logging: true }),
    'POST',
    `${R}/actions/jobs/9/rerun`,
    { enable_debug_logging: true },
    201,
    {},
    undefined,
  ],
  [
    'cancelWorkflowRun',
    (c) => c.cancelWorkflowRun(REPO, 5),
    'POST',
    `${R}/actions/runs/5/cancel`,
    undefined,
    202,
    {},
    undefined,
  ],
  [
    'approveWorkflowRun',
    (c) => c.approveWorkflowRun(REPO, 5),
    'POST',
    `${R}/actions/runs/5/approve`,
    undefined,
    201,
    {},
    undefined,
  ],
  [
    'deleteWorkflowRun',
    (c) => c.deleteWorkflowRun(REPO, 5),
    'DELETE',
    `${R}/actions/runs/5`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteWorkflowRunLogs',
    (c) => c.deleteWorkflowRunLogs(REPO, 5),
    'DELETE',
    `${R}/actions/runs/5/logs`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listJobsForWorkflowRun',
    (c) => items(c.listJobsForWorkflowRun(REPO, 5, { filter: 'all' }, { limit: 2 })),
    'GET',
    `${R}/actions/runs/5/jobs?filter=all&per_page=2`,
    undefined,
    200,
    { total_count: 2, jobs: [{ id: 1 }, { id: 2 }] },
    [{ id: 1 }, { id: 2 }],
  ],
  [
    'listJobsForWorkflowRunAttempt',
    (c) => items(c.listJobsForWorkflowRunAttempt(REPO, 5, 2)),
    'GET',
    `${R}/actions/runs/5/attempts/2/jobs?per_page=100`,
    undefined,
    200,
    { total_count: 0, jobs: [] },
    [],
  ],
  [
    'getJobForWorkflowRun',
    (c) => c.getJobForWorkflowRun(REPO, 9),
    'GET',
    `${R}/actions/jobs/9`,
    undefined,
    200,
    { id: 9 },
    { id: 9 },
  ],
  [
    'listRepoWorkflows',
    (c) => items(c.listRepoWorkflows(REPO)),
    'GET',
    `${R}/actions/workflows?per_page=100`,
    undefined,
    200,
    { total_count: 1, workflows: [{ id: 3 }] },
    [{ id: 3 }],
  ],
  [
    'getWorkflow',
    (c) => c.getWorkflow(REPO, 161335),
    'GET',
    `${R}/actions/workflows/161335`,
    undefined,
    200,
    { id: 161335 },
    { id: 161335 },
  ],
  [
    'disableWorkflow',
    (c) => c.disableWorkflow(REPO, 'ci.yml'),
    'PUT',
    `${R}/actions/workflows/ci.yml/disable`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'enableWorkflow',
    (c) => c.enableWorkflow(REPO, 'ci.yml'),
    'PUT',
    `${R}/actions/workflows/ci.yml/enable`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'createWorkflowDispatch (details)',
    (c) => c.createWorkflowDispatch(REPO, 'release.yml', { ref: 'main', inputs: { version: '1' } }),
    'POST',
    `${R}/actions/workflows/release.yml/dispatches`,
    { ref: 'main', inputs: { version: '1' }, return_run_details: true },
    200,
    { workflow_run_id: 7, run_url: 'u', html_url: 'h' },
    { workflow_run_id: 7, run_url: 'u', html_url: 'h' },
  ],
  [
    'createWorkflowDispatch (204)',
    (c) => c.createWorkflowDispatch(REPO, 161335, { ref: 'main' }),
    'POST',
    `${R}/actions/workflows/161335/dispatches`,
    { ref: 'main', return_run_details: true },
    204,
    undefined,
    undefined,
  ],
];

function runCases(cases: Case[]): void {
  it.each(cases)('%s', async (_name, call, method, path, body, status, answer, gives) => {
    pool()
      .intercept({
        method,
        path,
        headers: AUTH,
        ...(body === undefined
          ? {}
          : { body: (b: string) => JSON.stringify(JSON.parse(b)) === JSON.stringify(body) }),
      })
      .reply(status, answer === undefined ? '' : JSON.stringify(answer), { headers: JSON_HEADERS });
    const c = await client();
    expect(await call(c)).toEqual(gives);
  });
}

describe('operations: method, path, query, headers and body', () => {
  runCases(RUN_CASES);
});

describe('pagination', () => {
  it('follows Link rel="next" exactly as given, across two pages', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs?per_page=100`, headers: AUTH })
      .reply(
        200,
        { total_count: 3, workflow_runs: [{ id: 1 }, { id: 2 }] },
        {
          headers: {
            link: `<${ORIGIN}/api/repositories/1296269/actions/runs?per_page=100&page=2&cursor=xyz>; rel="next", <${ORIGIN}/api/repositories/1296269/actions/runs?per_page=100&page=2>; rel="last"`,
          },
        },
      );
    pool()
      .intercept({
        method: 'GET',
        path: '/api/repositories/1296269/actions/runs?per_page=100&page=2&cursor=xyz',
        headers: AUTH,
      })
      .reply(
        200,
        { total_count: 3, workflow_runs: [{ id: 3 }] },
        { headers: { link: `<${ORIGIN}/x?page=1>; rel="first"` } },
      );
    const c = await client();
    const pages = await collect(c.listWorkflowRunsForRepo(REPO, {}));
    expect(pages.map((p) => p.items)).toEqual([[{ id: 1 }, { id: 2 }], [{ id: 3 }]]);
    expect(pages.map((p) => [p.total, p.more])).toEqual([
      [3, true],
      [3, false],
    ]);
  });

  it('stops at the limit without asking for the next page; variable lists ask for 30 at most', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/variables?per_page=30` })
      .reply(
        200,
        { total_count: 40, variables: Array.from({ length: 30 }, (_, i) => ({ name: `V${i}` })) },
        {
          headers: { link: `<${ORIGIN}/api/next>; rel="next"` },
        },
      );
    const c = await client();
    expect(await items(c.listRepoVariables(REPO, { limit: 30 }))).toHaveLength(30);
  });

  it('a next page on another host gets no credentials', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/workflows?per_page=100` })
      .reply(
        200,
        { total_count: 2, workflows: [{ id: 1 }] },
        { headers: { link: '<http://elsewhere.test/w?page=2>; rel="next"' } },
      );
    pool('http://elsewhere.test')
      .intercept({
        method: 'GET',
        path: '/w?page=2',
        headers: (h: Record<string, string>) => !('authorization' in h),
      })
      .reply(200, { total_count: 2, workflows: [{ id: 2 }] });
    const c = await client();
    expect(await items(c.listRepoWorkflows(REPO))).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('downloads', () => {
  it('follows the 302 to the short-lived address without the Authorization header', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5/logs`, headers: AUTH })
      .reply(302, '', { headers: { location: '//blobs.test/logs/abc?sig=1' } });
    pool('http://blobs.test')
      .intercept({
        method: 'GET',
        path: '/logs/abc?sig=1',
        headers: (h: Record<string, string>) => !('authorization' in h),
      })
      .reply(200, Buffer.from('PK\u0003\u0004zip'), { headers: { 'content-type': 'application/zip' } });
    const c = await client();
    expect(Buffer.from(await c.downloadWorkflowRunLogs(REPO, 5)).toString()).toBe('PK\u0003\u0004zip');
  });

  it('attempt logs, job logs (text) and an artifact (zip)', async () => {
    for (const [path, target, body] of [
      [`${R}/actions/runs/5/attempts/2/logs`, '/a', 'attempt-zip'],
      [`${R}/actions/jobs/9/logs`, '/j', 'line 1\nline 2\n'],
    ] as const) {
      pool()
        .intercept({ method: 'GET', path })
        .reply(302, '', { headers: { location: `http://blobs.test${target}` } });
      pool('http://blobs.test')
        .intercept({
          method: 'GET',
          path: target,
          headers: (h: Record<string, string>) => !('authorization' in h),
        })
        .reply(200, body);
    }
    const c = await client();
    expect(Buffer.from(await c.downloadWorkflowRunAttemptLogs(REPO, 5, 2)).toString()).toBe('attempt-zip');
    expect(await c.downloadJobLogsForWorkflowRun(REPO, 9)).toBe('line 1\nline 2\n');
  });
});

describe('errors', () => {
  it.each([
    [401, { message: 'Bad credentials', documentation_url: 'd' }, 4, 'Bad credentials', /token is missing/],
    [
      403,
      { message: 'Resource not accessible by personal access token' },
      4,
      'Resource not accessible by personal access token',
      /lacks a permission/,
    ],
    [
      404,
      { message: 'Not Found', documentation_url: 'd', status: '404' },
      3,
      'Not Found',
      /no such repository/,
    ],
    [
      409,
      { message: 'Cannot cancel a workflow run that is completed.' },
      1,
      'Cannot cancel a workflow run that is completed.',
      undefined,
    ],
    [410, { message: 'Artifact has expired' }, 1, 'Artifact has expired', undefined],
    [
      422,
      {
        message: 'Validation Failed',
        errors: [{ resource: 'Secret', field: 'key_id', code: 'invalid' }, 'too long'],
      },
      1,
      'Validation Failed: Secret key_id invalid; too long',
      undefined,
    ],
    [500, { message: 'Server Error' }, 7, 'Server Error', undefined],
  ])('%i is mapped: exit %#', async (status, body, exit, message, hint) => {
    pool()
      .intercept({ method: 'POST', path: `${R}/actions/runs/5/cancel` })
      .reply(status, body, { headers: { 'x-github-request-id': 'REQ-1' } });
    const c = await client({ retries: 0 });
    const err = (await c.cancelWorkflowRun(REPO, 5).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.exitCode, err.message, err.requestId]).toEqual([status, exit, message, 'REQ-1']);
    if (hint) expect(err.hint).toMatch(hint);
    else expect(err.hint).toBeUndefined();
  });

  it('a rate limit message gets the rate-limit hint whatever its status', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(403, { message: 'You have exceeded a secondary rate limit' });
    const err = (await (
      await client({ retries: 0 })
    )
      .getWorkflowRun(REPO, 5)
      .catch((e: unknown) => e)) as ApiError;
    expect(err.hint).toBe('the service limits requests; wait until the limit resets and try again');
  });

  it('a 503 then success: retried after a pause', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(503, { message: 'busy' });
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(200, { id: 5 });
    expect(await (await client()).getWorkflowRun(REPO, 5)).toEqual({ id: 5 });
    expect(mock.sleeps()).toHaveLength(1);
  });

  it('the primary limit (429, x-ratelimit-remaining 0): waits until x-ratelimit-reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 20;
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(
        429,
        { message: 'API rate limit exceeded' },
        { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } },
      );
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(200, { id: 5 });
    expect(await (await client()).getWorkflowRun(REPO, 5)).toEqual({ id: 5 });
    expect(mock.sleeps()[0]).toBeGreaterThan(18_000);
    expect(mock.sleeps()[0]).toBeLessThanOrEqual(20_000);
  });

  it('the secondary limit (429 with retry-after): waits that long', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(429, { message: 'secondary rate limit' }, { headers: { 'retry-after': '7' } });
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(200, { id: 5 });
    expect(await (await client()).getWorkflowRun(REPO, 5)).toEqual({ id: 5 });
    expect(mock.sleeps()).toEqual([7000]);
  });

  it('a 403 with x-ratelimit-remaining 0 is the primary limit: a POST too is waited out and sent again', async () => {
    const reset = Math.floor(Date.now() / 1000) + 10;
    pool()
      .intercept({ method: 'POST', path: `${R}/actions/runs/5/cancel` })
      .reply(
        403,
        { message: 'API rate limit exceeded for user ID 1.' },
        { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } },
      );
    pool()
      .intercept({ method: 'POST', path: `${R}/actions/runs/5/cancel` })
      .reply(202, {});
    await (await client()).cancelWorkflowRun(REPO, 5);
    expect(mock.sleeps()).toHaveLength(1);
    expect(mock.sleeps()[0]).toBeGreaterThan(8_000);
  });

  it('a 403 secondary limit without retry-after waits at least 60 s; with the budget spent it is exit 5', async () => {
    for (let i = 0; i < 2; i++)
      pool()
        .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
        .reply(403, { message: 'You have exceeded a secondary rate limit' });
    const err = (await (
      await client({ retries: 1 })
    )
      .getWorkflowRun(REPO, 5)
      .catch((e: unknown) => e)) as ApiError;
    expect(mock.sleeps()).toEqual([60_000]);
    expect([err.status, err.exitCode]).toEqual([403, 5]);
  });

  it('a 403 that is not a rate limit is not retried: exit 4', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(403, { message: 'Must have admin rights to Repository.' });
    const err = (await (await client()).getWorkflowRun(REPO, 5).catch((e: unknown) => e)) as ApiError;
    expect(mock.sleeps()).toEqual([]);
    expect([err.status, err.exitCode]).toEqual([403, 4]);
  });
});

describe('conditional requests', () => {
  it('sends If-None-Match with the kept ETag; a 304 gives the kept answer back', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5` })
      .reply(200, { id: 5, status: 'queued' }, { headers: { etag: 'W/"a1"' } });
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5`, headers: { 'if-none-match': 'W/"a1"' } })
      .reply(304, '', { headers: { etag: 'W/"a1"' } });
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/runs/5`, headers: { 'if-none-match': 'W/"a1"' } })
      .reply(200, { id: 5, status: 'completed' }, { headers: { etag: 'W/"b2"' } });
    const cache = new EtagCache();
    const c = await client({ cache });
    expect(await c.getWorkflowRun(REPO, 5)).toEqual({ id: 5, status: 'queued' });
    expect(await c.getWorkflowRun(REPO, 5)).toEqual({ id: 5, status: 'queued' });
    expect(await c.getWorkflowRun(REPO, 5)).toEqual({ id: 5, status: 'completed' });
    expect(cache.notModified).toBe(1);
  });
});

const O = '/api/orgs/octo-org/actions';
const E = `${R}/environments/review%2Fapp`;
const SECRET = { encrypted_value: 'c2VhbGVk', key_id: '42' };

const STORE_CASES: Case[] = [
  [
    'listWorkflowRunArtifacts',
    (c) => items(c.listWorkflowRunArtifacts(REPO, 5, { name: 'build-output' }, { limit: 3 })),
    'GET',
    `${R}/actions/runs/5/artifacts?name=build-output&per_page=3`,
    undefined,
    200,
    { total_count: 1, artifacts: [{ id: 1 }] },
    [{ id: 1 }],
  ],
  [
    'getArtifact',
    (c) => c.getArtifact(REPO, 1),
    'GET',
    `${R}/actions/artifacts/1`,
    undefined,
    200,
    { id: 1 },
    { id: 1 },
  ],
  [
    'deleteArtifact',
    (c) => c.deleteArtifact(REPO, 1),
    'DELETE',
    `${R}/actions/artifacts/1`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'getActionsCacheList',
    (c) =>
      items(
        c.getActionsCacheList(REPO, {
          key: 'Linux',
          ref: 'refs/heads/main',
          sort: 'size_in_bytes',
          direction: 'asc',
        }),
      ),
    'GET',
    `${R}/actions/caches?key=Linux&ref=refs%2Fheads%2Fmain&sort=size_in_bytes&direction=asc&per_page=100`,
    undefined,
    200,
    { total_count: 1, actions_caches: [{ id: 1 }] },
    [{ id: 1 }],
  ],
  [
    'deleteActionsCacheById',
    (c) => c.deleteActionsCacheById(REPO, 4),
    'DELETE',
    `${R}/actions/caches/4`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteActionsCacheByKey',
    (c) => c.deleteActionsCacheByKey(REPO, 'k 1', 'refs/heads/main'),
    'DELETE',
    `${R}/actions/caches?key=k+1&ref=refs%2Fheads%2Fmain`,
    undefined,
    200,
    { total_count: 1, actions_caches: [{ id: 2 }] },
    { total_count: 1, actions_caches: [{ id: 2 }] },
  ],
  [
    'getRepoPublicKey',
    (c) => c.getRepoPublicKey(REPO),
    'GET',
    `${R}/actions/secrets/public-key`,
    undefined,
    200,
    { key_id: '1', key: 'k' },
    { key_id: '1', key: 'k' },
  ],
  [
    'getOrgPublicKey',
    (c) => c.getOrgPublicKey('octo-org'),
    'GET',
    `${O}/secrets/public-key`,
    undefined,
    200,
    { key_id: '2', key: 'k' },
    { key_id: '2', key: 'k' },
  ],
  [
    'getEnvironmentPublicKey',
    (c) => c.getEnvironmentPublicKey(REPO, 'review/app'),
    'GET',
    `${E}/secrets/public-key`,
    undefined,
    200,
    { key_id: '3', key: 'k' },
    { key_id: '3', key: 'k' },
  ],
  [
    'listRepoSecrets',
    (c) => items(c.listRepoSecrets(REPO)),
    'GET',
    `${R}/actions/secrets?per_page=100`,
    undefined,
    200,
    { total_count: 1, secrets: [{ name: 'A' }] },
    [{ name: 'A' }],
  ],
  [
    'listOrgSecrets',
    (c) => items(c.listOrgSecrets('octo-org', { limit: 1 })),
    'GET',
    `${O}/secrets?per_page=1`,
    undefined,
    200,
    { total_count: 1, secrets: [{ name: 'B' }] },
    [{ name: 'B' }],
  ],
  [
    'listEnvironmentSecrets',
    (c) => items(c.listEnvironmentSecrets(REPO, 'review/app')),
    'GET',
    `${E}/secrets?per_page=100`,
    undefined,
    200,
    { total_count: 0, secrets: [] },
    [],
  ],
  [
    'listRepoOrganizationSecrets',
    (c) => items(c.listRepoOrganizationSecrets(REPO)),
    'GET',
    `${R}/actions/organization-secrets?per_page=100`,
    undefined,
    200,
    { total_count: 0, secrets: [] },
    [],
  ],
  [
    'createOrUpdateRepoSecret (201)',
    (c) => c.createOrUpdateRepoSecret(REPO, 'A', SECRET),
    'PUT',
    `${R}/actions/secrets/A`,
    SECRET,
    201,
    {},
    'created',
  ],
  [
    'createOrUpdateEnvironmentSecret (204)',
    (c) => c.createOrUpdateEnvironmentSecret(REPO, 'review/app', 'A', SECRET),
    'PUT',
    `${E}/secrets/A`,
    SECRET,
    204,
    undefined,
    'updated',
  ],
  [
    'createOrUpdateOrgSecret',
    (c) =>
      c.createOrUpdateOrgSecret('octo-org', 'A', {
        ...SECRET,
        visibility: 'selected',
        selected_repository_ids: [1],
      }),
    'PUT',
    `${O}/secrets/A`,
    { ...SECRET, visibility: 'selected', selected_repository_ids: [1] },
    201,
    {},
    'created',
  ],
  [
    'getOrgSecret',
    (c) => c.getOrgSecret('octo-org', 'A'),
    'GET',
    `${O}/secrets/A`,
    undefined,
    200,
    { name: 'A', visibility: 'all' },
    { name: 'A', visibility: 'all' },
  ],
  [
    'deleteRepoSecret',
    (c) => c.deleteRepoSecret(REPO, 'A'),
    'DELETE',
    `${R}/actions/secrets/A`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteOrgSecret',
    (c) => c.deleteOrgSecret('octo-org', 'A'),
    'DELETE',
    `${O}/secrets/A`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteEnvironmentSecret',
    (c) => c.deleteEnvironmentSecret(REPO, 'review/app', 'A'),
    'DELETE',
    `${E}/secrets/A`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listSelectedReposForOrgSecret',
    (c) => items(c.listSelectedReposForOrgSecret('octo-org', 'A')),
    'GET',
    `${O}/secrets/A/repositories?per_page=100`,
    undefined,
    200,
    { total_count: 1, repositories: [{ id: 1 }] },
    [{ id: 1 }],
  ],
  [
    'addSelectedRepoToOrgSecret',
    (c) => c.addSelectedRepoToOrgSecret('octo-org', 'A', 7),
    'PUT',
    `${O}/secrets/A/repositories/7`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listRepoVariables',
    (c) => items(c.listRepoVariables(REPO)),
    'GET',
    `${R}/actions/variables?per_page=30`,
    undefined,
    200,
    { total_count: 1, variables: [{ name: 'V' }] },
    [{ name: 'V' }],
  ],
  [
    'listOrgVariables',
    (c) => items(c.listOrgVariables('octo-org', { limit: 5 })),
    'GET',
    `${O}/variables?per_page=5`,
    undefined,
    200,
    { total_count: 0, variables: [] },
    [],
  ],
  [
    'listEnvironmentVariables',
    (c) => items(c.listEnvironmentVariables(REPO, 'review/app')),
    'GET',
    `${E}/variables?per_page=30`,
    undefined,
    200,
    { total_count: 0, variables: [] },
    [],
  ],
  [
    'listRepoOrganizationVariables',
    (c) => items(c.listRepoOrganizationVariables(REPO)),
    'GET',
    `${R}/actions/organization-variables?per_page=30`,
    undefined,
    200,
    { total_count: 0, variables: [] },
    [],
  ],
  [
    'getRepoVariable',
    (c) => c.getRepoVariable(REPO, 'V'),
    'GET',
    `${R}/actions/variables/V`,
    undefined,
    200,
    { name: 'V', value: '1' },
    { name: 'V', value: '1' },
  ],
  [
    'getOrgVariable',
    (c) => c.getOrgVariable('octo-org', 'V'),
    'GET',
    `${O}/variables/V`,
    undefined,
    200,
    { name: 'V' },
    { name: 'V' },
  ],
  [
    'getEnvironmentVariable',
    (c) => c.getEnvironmentVariable(REPO, 'review/app', 'V'),
    'GET',
    `${E}/variables/V`,
    undefined,
    200,
    { name: 'V' },
    { name: 'V' },
  ],
  [
    'createRepoVariable',
    (c) => c.createRepoVariable(REPO, { name: 'V', value: '1' }),
    'POST',
    `${R}/actions/variables`,
    { name: 'V', value: '1' },
    201,
    {},
    undefined,
  ],
  [
    'createOrgVariable',
    (c) => c.createOrgVariable('octo-org', { name: 'V', value: '1', visibility: 'all' }),
    'POST',
    `${O}/variables`,
    { name: 'V', value: '1', visibility: 'all' },
    201,
    {},
    undefined,
  ],
  [
    'createEnvironmentVariable',
    (c) => c.createEnvironmentVariable(REPO, 'review/app', { name: 'V', value: '1' }),
    'POST',
    `${E}/variables`,
    { name: 'V', value: '1' },
    201,
    {},
    undefined,
  ],
  [
    'updateRepoVariable',
    (c) => c.updateRepoVariable(REPO, 'V', { value: '2' }),
    'PATCH',
    `${R}/actions/variables/V`,
    { value: '2' },
    204,
    undefined,
    undefined,
  ],
  [
    'updateOrgVariable',
    (c) => c.updateOrgVariable('octo-org', 'V', { value: '2' }),
    'PATCH',
    `${O}/variables/V`,
    { value: '2' },
    204,
    undefined,
    undefined,
  ],
  [
    'updateEnvironmentVariable',
    (c) => c.updateEnvironmentVariable(REPO, 'review/app', 'V', { value: '2' }),
    'PATCH',
    `${E}/variables/V`,
    { value: '2' },
    204,
    undefined,
    undefined,
  ],
  [
    'deleteRepoVariable',
    (c) => c.deleteRepoVariable(REPO, 'V'),
    'DELETE',
    `${R}/actions/variables/V`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteOrgVariable',
    (c) => c.deleteOrgVariable('octo-org', 'V'),
    'DELETE',
    `${O}/variables/V`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteEnvironmentVariable',
    (c) => c.deleteEnvironmentVariable(REPO, 'review/app', 'V'),
    'DELETE',
    `${E}/variables/V`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listSelectedReposForOrgVariable',
    (c) => items(c.listSelectedReposForOrgVariable('octo-org', 'V')),
    'GET',
    `${O}/variables/V/repositories?per_page=100`,
    undefined,
    200,
    { total_count: 0, repositories: [] },
    [],
  ],
  [
    'addSelectedRepoToOrgVariable',
    (c) => c.addSelectedRepoToOrgVariable('octo-org', 'V', 7),
    'PUT',
    `${O}/variables/V/repositories/7`,
    undefined,
    204,
    undefined,
    undefined,
  ],
];

describe('operations: artifacts, caches, secrets, variables', () => {
  runCases(STORE_CASES);

  it('downloadArtifact follows the redirect to the zip without the token', async () => {
    pool()
      .intercept({ method: 'GET', path: `${R}/actions/artifacts/1/zip`, headers: AUTH })
      .reply(302, '', { headers: { location: 'http://blobs.test/z' } });
    pool('http://blobs.test')
      .intercept({
        method: 'GET',
        path: '/z',
        headers: (h: Record<string, string>) => !('authorization' in h),
      })
      .reply(200, 'zip-bytes');
    expect(Buffer.from(await (await client()).downloadArtifact(REPO, 1)).toString()).toBe('zip-bytes');
  });
});

const RR = `${R}/actions/runners`;
const OR = `${O}/runners`;
const LABELS = { total_count: 1, labels: [{ id: 1, name: 'gpu', type: 'custom' }] };
const TOKEN = { token: 'T', expires_at: '2026-01-01T01:00:00Z' };

const RUNNER_CASES: Case[] = [
  [
    'listSelfHostedRunnersForOrg',
    (c) => items(c.listSelfHostedRunnersForOrg('octo-org', { name: 'r1' })),
    'GET',
    `${OR}?name=r1&per_page=100`,
    undefined,
    200,
    { total_count: 1, runners: [{ id: 21 }] },
    [{ id: 21 }],
  ],
  [
    'listSelfHostedRunnersForRepo',
    (c) => items(c.listSelfHostedRunnersForRepo(REPO, {}, { limit: 2 })),
    'GET',
    `${RR}?per_page=2`,
    undefined,
    200,
    { total_count: 1, runners: [{ id: 7 }] },
    [{ id: 7 }],
  ],
  [
    'deleteSelfHostedRunnerFromOrg',
    (c) => c.deleteSelfHostedRunnerFromOrg('octo-org', 21),
    'DELETE',
    `${OR}/21`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'deleteSelfHostedRunnerFromRepo',
    (c) => c.deleteSelfHostedRunnerFromRepo(REPO, 7),
    'DELETE',
    `${RR}/7`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listLabelsForSelfHostedRunnerForOrg',
    (c) => c.listLabelsForSelfHostedRunnerForOrg('octo-org', 21),
    'GET',
    `${OR}/21/labels`,
    undefined,
    200,
    LABELS,
    LABELS,
  ],
  [
    'listLabelsForSelfHostedRunnerForRepo',
    (c) => c.listLabelsForSelfHostedRunnerForRepo(REPO, 7),
    'GET',
    `${RR}/7/labels`,
    undefined,
    200,
    LABELS,
    LABELS,
  ],
  [
    'addCustomLabelsToSelfHostedRunnerForOrg',
    (c) => c.addCustomLabelsToSelfHostedRunnerForOrg('octo-org', 21, ['gpu']),
    'POST',
    `${OR}/21/labels`,
    { labels: ['gpu'] },
    200,
    LABELS,
    LABELS,
  ],
  [
    'addCustomLabelsToSelfHostedRunnerForRepo',
    (c) => c.addCustomLabelsToSelfHostedRunnerForRepo(REPO, 7, ['gpu', 'x']),
    'POST',
    `${RR}/7/labels`,
    { labels: ['gpu', 'x'] },
    200,
    LABELS,
    LABELS,
  ],
  [
    'removeAllCustomLabelsFromSelfHostedRunnerForOrg',
    (c) => c.removeAllCustomLabelsFromSelfHostedRunnerForOrg('octo-org', 21),
    'DELETE',
    `${OR}/21/labels`,
    undefined,
    200,
    LABELS,
    LABELS,
  ],
  [
    'removeAllCustomLabelsFromSelfHostedRunnerForRepo',
    (c) => c.removeAllCustomLabelsFromSelfHostedRunnerForRepo(REPO, 7),
    'DELETE',
    `${RR}/7/labels`,
    undefined,
    200,
    LABELS,
    LABELS,
  ],
  [
    'createRegistrationTokenForOrg',
    (c) => c.createRegistrationTokenForOrg('octo-org'),
    'POST',
    `${OR}/registration-token`,
    undefined,
    201,
    TOKEN,
    TOKEN,
  ],
  [
    'createRegistrationTokenForRepo',
    (c) => c.createRegistrationTokenForRepo(REPO),
    'POST',
    `${RR}/registration-token`,
    undefined,
    201,
    TOKEN,
    TOKEN,
  ],
  [
    'createRemoveTokenForOrg',
    (c) => c.createRemoveTokenForOrg('octo-org'),
    'POST',
    `${OR}/remove-token`,
    undefined,
    201,
    TOKEN,
    TOKEN,
  ],
  [
    'createRemoveTokenForRepo',
    (c) => c.createRemoveTokenForRepo(REPO),
    'POST',
    `${RR}/remove-token`,
    undefined,
    201,
    TOKEN,
    TOKEN,
  ],
  [
    'listRunnerApplicationsForOrg',
    (c) => c.listRunnerApplicationsForOrg('octo-org'),
    'GET',
    `${OR}/downloads`,
    undefined,
    200,
    [{ os: 'linux' }],
    [{ os: 'linux' }],
  ],
  [
    'listRunnerApplicationsForRepo',
    (c) => c.listRunnerApplicationsForRepo(REPO),
    'GET',
    `${RR}/downloads`,
    undefined,
    200,
    [{ os: 'osx' }],
    [{ os: 'osx' }],
  ],
  [
    'deleteHostedRunnerForOrg',
    (c) => c.deleteHostedRunnerForOrg('octo-org', 5),
    'DELETE',
    `${O}/hosted-runners/5`,
    undefined,
    202,
    { id: 5, status: 'Deleting' },
    { id: 5, status: 'Deleting' },
  ],
  [
    'listHostedRunnersForOrg',
    (c) => items(c.listHostedRunnersForOrg('octo-org', { limit: 5 })),
    'GET',
    `${O}/hosted-runners?per_page=5`,
    undefined,
    200,
    { total_count: 1, runners: [{ id: 5 }] },
    [{ id: 5 }],
  ],
  [
    'getHostedRunnerForOrg',
    (c) => c.getHostedRunnerForOrg('octo-org', 6),
    'GET',
    `${O}/hosted-runners/6`,
    undefined,
    200,
    { id: 6, status: 'Ready' },
    { id: 6, status: 'Ready' },
  ],
  [
    'listSelfHostedRunnerGroupsForOrg',
    (c) => items(c.listSelfHostedRunnerGroupsForOrg('octo-org', { visible_to_repository: 'hello-world' })),
    'GET',
    `${O}/runner-groups?visible_to_repository=hello-world&per_page=100`,
    undefined,
    200,
    { total_count: 1, runner_groups: [{ id: 2 }] },
    [{ id: 2 }],
  ],
  [
    'getSelfHostedRunnerGroupForOrg',
    (c) => c.getSelfHostedRunnerGroupForOrg('octo-org', 2),
    'GET',
    `${O}/runner-groups/2`,
    undefined,
    200,
    { id: 2, name: 'deploy-runners' },
    { id: 2, name: 'deploy-runners' },
  ],
  [
    'addRepoAccessToSelfHostedRunnerGroupInOrg',
    (c) => c.addRepoAccessToSelfHostedRunnerGroupInOrg('octo-org', 2, 9),
    'PUT',
    `${O}/runner-groups/2/repositories/9`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'listSelectedRepositoriesEnabledPlatformActionsOrganization',
    (c) => items(c.listSelectedRepositoriesEnabledPlatformActionsOrganization('octo-org')),
    'GET',
    `${O}/permissions/repositories?per_page=100`,
    undefined,
    200,
    { total_count: 1, repositories: [{ id: 9 }] },
    [{ id: 9 }],
  ],
  [
    'enableSelectedRepositoryPlatformActionsOrganization',
    (c) => c.enableSelectedRepositoryPlatformActionsOrganization('octo-org', 9),
    'PUT',
    `${O}/permissions/repositories/9`,
    undefined,
    204,
    undefined,
    undefined,
  ],
  [
    'disableSelectedRepositoryPlatformActionsOrganization',
    (c) => c.disableSelectedRepositoryPlatformActionsOrganization('octo-org', 9),
    'DELETE',
    `${O}/permissions/repositories/9`,
    undefined,
    204,
    undefined,
    undefined,
  ],
];

describe('operations: runners, runner groups, permissions', () => {
  runCases(RUNNER_CASES);

  it('a token request may be sent again after a 503 (a new token only replaces the last)', async () => {
    pool()
      .intercept({ method: 'POST', path: `${RR}/registration-token` })
      .reply(503, { message: 'busy' });
    pool()
      .intercept({ method: 'POST', path: `${RR}/registration-token` })
      .reply(201, TOKEN);
    expect(await (await client()).createRegistrationTokenForRepo(REPO)).toEqual(TOKEN);
  });
});
