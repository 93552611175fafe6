import { describe, expect, it } from 'vitest';
import { type AcceptedOperation, createDbClient } from '../../src/clients/db/client.js';
import { descriptor, jwtExpiry, tokenExpiry, tokenFingerprint } from '../../src/clients/db/index.js';
import type { AuthScheme } from '../../src/clients/http/auth.js';
import { collect } from '../../src/clients/http/paginate.js';
import { ApiError, NetworkError, OpsError } from '../../src/errors.js';
import { serviceHttp, settingsReader, useMockAgent } from '../helpers/http.js';
import { ACCOUNT_ID, CONTRIBUTOR, PRINCIPAL, READER, TARGET, assignment, definition } from './helpers.js';

const ORIGIN = 'https://management.test';
const mock = useMockAgent();
const TOKEN = 'token-abc-123';
const ACCT = `/subscriptions/${TARGET.subscription}/resourceGroups/${TARGET.resourceGroup}/providers/Microsoft.DocumentDB/databaseAccounts/${TARGET.account}`;
const Q = '?api-version=2025-10-15';
const ID = '3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a';
const PROPS = {
  roleDefinitionId: `${ACCOUNT_ID}/sqlRoleDefinitions/${READER}`,
  scope: `${ACCOUNT_ID}/dbs/orders`,
  principalId: PRINCIPAL,
};

async function client(o: { baseUrl?: string; retries?: number } = {}) {
  const http = await serviceHttp(
    descriptor,
    { token: TOKEN },
    { baseUrl: o.baseUrl ?? ORIGIN, dispatcher: mock.agent(), sleeps: mock.sleeps(), retries: o.retries },
  );
  return createDbClient(http, TARGET);
}
const pool = () => mock.agent().get(ORIGIN);

describe('role assignments', () => {
  it('PUT sends the three properties with the bearer token and api-version; 200 is done', async () => {
    pool()
      .intercept({
        path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`,
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ properties: PROPS }),
      })
      .reply(200, assignment(ID, { scope: '/dbs/orders' }));
    const m = await (await client()).createUpdateSqlRoleAssignment(ID, PROPS);
    expect(m).toEqual({ done: true, status: 200, result: assignment(ID, { scope: '/dbs/orders' }) });
  });

  it('202: the Azure-AsyncOperation URL is followed (preferred over Location), with its headers', async () => {
    const op = `${ORIGIN}/subscriptions/s/providers/Microsoft.DocumentDB/locations/westus2/operationsStatus/op1?api-version=2025-10-15`;
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(202, '', {
        headers: {
          'azure-asyncoperation': op,
          location: `${ORIGIN}/subscriptions/s/providers/Microsoft.DocumentDB/locations/westus2/operationResults/op1?api-version=2025-10-15`,
          'retry-after': '3',
        },
      });
    const m = await (await client()).createUpdateSqlRoleAssignment(ID, PROPS);
    expect(m.done).toBe(false);
    const accepted = (m as { operation: AcceptedOperation }).operation;
    expect(accepted).toMatchObject({ url: op, kind: 'async-operation' });
    expect(accepted.headers['retry-after']).toBe('3');
  });

  it('202 with only Location, relative or scheme-relative, is resolved against the request', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'DELETE' })
      .reply(202, '', { headers: { location: '//management.test/ops/op2?api-version=x' } });
    const m = await (await client()).deleteSqlRoleAssignment(ID);
    expect(m).toMatchObject({
      done: false,
      operation: { url: `${ORIGIN}/ops/op2?api-version=x`, kind: 'location' },
    });
  });

  it('an operation on a regional subdomain is asked of the configured host (the token goes nowhere else)', async () => {
    const regional = 'https://westus2.management.test/ops/op3?api-version=v';
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(202, '', { headers: { 'azure-asyncoperation': regional } });
    pool()
      .intercept({
        path: '/ops/op3?api-version=v',
        method: 'GET',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      .reply(200, { status: 'Succeeded' });
    const c = await client();
    const m = await c.createUpdateSqlRoleAssignment(ID, PROPS);
    expect(m).toMatchObject({ operation: { url: regional } });
    expect((await c.getOperationStatus((m as { operation: AcceptedOperation }).operation)).value.status).toBe(
      'Succeeded',
    );
  });

  it('an operation on an unrelated host is given as is, and refused when followed (nothing sent there)', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(202, '', { headers: { 'azure-asyncoperation': 'https://evil.example/ops/op3' } });
    const c = await client();
    const m = (await c.createUpdateSqlRoleAssignment(ID, PROPS)) as { operation: AcceptedOperation };
    expect(m.operation.url).toBe('https://evil.example/ops/op3');
    const err = await c.getOperationStatus(m.operation).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpsError);
    expect((err as OpsError).message).toContain('evil.example');
    expect((err as OpsError).exitCode).toBe(1);
  });

  it('202 naming no operation is a bad answer (exit 7) that says what was missing', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(202, '');
    const err = await (await client()).createUpdateSqlRoleAssignment(ID, PROPS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toBe(
      'db answered 202 with no operation to follow (no Azure-AsyncOperation or Location header)',
    );
    expect((err as NetworkError).exitCode).toBe(7);
  });

  it('GET one; DELETE 200 done and 204 did not exist', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'GET' })
      .reply(200, assignment(ID));
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'DELETE' })
      .reply(200, '');
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'DELETE' })
      .reply(204, '');
    const c = await client();
    expect(await c.getSqlRoleAssignment(ID)).toEqual(assignment(ID));
    expect(await c.deleteSqlRoleAssignment(ID)).toMatchObject({ done: true, status: 200 });
    expect(await c.deleteSqlRoleAssignment(ID)).toEqual({ done: true, status: 204, result: undefined });
  });

  it('list: value, and a nextLink followed as given (two pages)', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments${Q}`, method: 'GET' })
      .reply(200, { value: [assignment('a')], nextLink: `${ORIGIN}/next?page=2&api-version=2025-10-15` });
    pool()
      .intercept({
        path: '/next?page=2&api-version=2025-10-15',
        method: 'GET',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      .reply(200, { value: [assignment('b')] });
    const pages = await collect((await client()).listSqlRoleAssignments());
    expect(pages.flatMap((p) => p.items.map((a) => a.name))).toEqual(['a', 'b']);
  });

  it('a limit stops before the next page', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments${Q}`, method: 'GET' })
      .reply(200, { value: [assignment('a'), assignment('b')], nextLink: `${ORIGIN}/next` });
    const pages = await collect((await client()).listSqlRoleAssignments({ limit: 1 }));
    expect(pages.flatMap((p) => p.items.map((a) => a.name))).toEqual(['a']);
    expect(pages.at(-1)?.more).toBe(true);
  });

  it('path parameters are encoded', async () => {
    const http = await serviceHttp(
      descriptor,
      { token: TOKEN },
      { baseUrl: ORIGIN, dispatcher: mock.agent() },
    );
    const c = createDbClient(http, { ...TARGET, resourceGroup: 'rg (1)' });
    pool()
      .intercept({ path: `${ACCT.replace('sandbox-rg', 'rg%20(1)')}/sqlRoleAssignments${Q}`, method: 'GET' })
      .reply(200, { value: [] });
    expect(await collect(c.listSqlRoleAssignments())).toHaveLength(1);
  });
});

describe('role definitions', () => {
  it('list and get', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleDefinitions${Q}`, method: 'GET' })
      .reply(200, { value: [definition(READER, 'Reader'), definition(CONTRIBUTOR, 'Contributor')] });
    pool()
      .intercept({ path: `${ACCT}/sqlRoleDefinitions/${READER}${Q}`, method: 'GET' })
      .reply(200, definition(READER, 'Reader'));
    const c = await client();
    const pages = await collect(c.listSqlRoleDefinitions());
    expect(pages[0]!.items.map((d) => d.properties.roleName)).toEqual(['Reader', 'Contributor']);
    expect((await c.getSqlRoleDefinition(READER)).name).toBe(READER);
    expect(c.roleDefinitionId(READER)).toBe(`${ACCOUNT_ID}/sqlRoleDefinitions/${READER}`);
    expect(c.accountId()).toBe(ACCOUNT_ID);
  });
});

describe('operation status', () => {
  const op = (kind: AcceptedOperation['kind']): AcceptedOperation => ({
    url: `${ORIGIN}/ops/op1?api-version=v`,
    kind,
    headers: {},
  });

  it('Azure-AsyncOperation: the body, with Retry-After', async () => {
    pool()
      .intercept({
        path: '/ops/op1?api-version=v',
        method: 'GET',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      .reply(200, { status: 'InProgress' }, { headers: { 'retry-after': '4' } });
    const r = await (await client()).getOperationStatus(op('async-operation'));
    expect(r.value).toEqual({ status: 'InProgress' });
    expect(r.headers?.['retry-after']).toBe('4');
  });

  it('a status body without status is a bad answer (exit 7)', async () => {
    pool().intercept({ path: '/ops/op1?api-version=v', method: 'GET' }).reply(200, { id: 'x' });
    const err = await (await client()).getOperationStatus(op('async-operation')).catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.exitCode).toBe(7);
    expect(err.message).toMatch(
      /^db answered 200 with an operation status that has no status \(.+\/ops\/op1/,
    );
  });

  it('Location: 202 is InProgress, 200 and 204 Succeeded, an error status is the operation’s error', async () => {
    pool().intercept({ path: '/ops/op1?api-version=v', method: 'GET' }).reply(202, '');
    pool().intercept({ path: '/ops/op1?api-version=v', method: 'GET' }).reply(204, '');
    pool()
      .intercept({ path: '/ops/op1?api-version=v', method: 'GET' })
      .reply(400, { error: { code: 'RoleAssignmentOperationFailed', message: 'could not apply' } });
    const c = await client();
    expect((await c.getOperationStatus(op('location'))).value.status).toBe('InProgress');
    expect((await c.getOperationStatus(op('location'))).value.status).toBe('Succeeded');
    const err = (await c.getOperationStatus(op('location')).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({
      status: 400,
      code: 'RoleAssignmentOperationFailed',
      message: 'could not apply',
    });
  });
});

describe('errors', () => {
  it.each([
    [400, 'BadRequest', 1],
    [401, 'InvalidAuthenticationToken', 4],
    [403, 'AuthorizationFailed', 4],
    [404, 'ResourceNotFound', 3],
    [409, 'Conflict', 1],
  ])('%i %s → exit %i, with the CloudError code and message', async (status, code, exit) => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'GET' })
      .reply(
        status,
        { error: { code, message: `${code} happened` } },
        { headers: { 'x-ms-request-id': 'req-1' } },
      );
    const err = (await (await client()).getSqlRoleAssignment(ID).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status,
      code,
      message: `${code} happened`,
      exitCode: exit,
      requestId: 'req-1',
    });
    if (status !== 400) expect(err.hint).toBeTruthy();
  });

  it('a 429 with Retry-After, then success', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleDefinitions${Q}`, method: 'GET' })
      .reply(
        429,
        { error: { code: 'TooManyRequests', message: 'slow down' } },
        { headers: { 'retry-after': '5' } },
      );
    pool()
      .intercept({ path: `${ACCT}/sqlRoleDefinitions${Q}`, method: 'GET' })
      .reply(200, { value: [] });
    await collect((await client()).listSqlRoleDefinitions());
    expect(mock.sleeps()).toEqual([5000]);
  });

  it('503 then success on a PUT (idempotent: same id, same body)', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(503, 'busy');
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'PUT' })
      .reply(200, assignment(ID));
    expect((await (await client()).createUpdateSqlRoleAssignment(ID, PROPS)).done).toBe(true);
    expect(mock.sleeps()).toHaveLength(1);
  });

  it('the 401 hint of an expired token names ops db login', async () => {
    pool()
      .intercept({ path: `${ACCT}/sqlRoleAssignments/${ID}${Q}`, method: 'GET' })
      .reply(401, { error: { code: 'ExpiredAuthenticationToken', message: 'expired' } });
    const err = (await (await client()).getSqlRoleAssignment(ID).catch((e: unknown) => e)) as ApiError;
    expect(err.hint).toBe('the access token expired: sign in again with `ops db login`');
  });
});

describe('descriptor auth: the token and when it expires', () => {
  const jwt = (claims: Record<string, unknown>) =>
    ['{"alg":"none"}', JSON.stringify(claims), ''].map((p) => Buffer.from(p).toString('base64url')).join('.');

  it('no token: no scheme (the context says how to set one)', async () => {
    expect(await descriptor.auth(settingsReader({}))).toBeUndefined();
  });

  it('a bearer header, with the login hint for an expired token', async () => {
    const a = (await descriptor.auth(settingsReader({ token: 'opaque' }))) as AuthScheme;
    expect(a.headers).toEqual({ authorization: 'Bearer opaque' });
    expect(a.secrets).toEqual(['opaque']);
    expect(a.expiresAt).toBeUndefined();
    expect(a.expiredHint).toContain('ops db login');
  });

  it('the stored expiry applies to the token it was stored with, and only to it', () => {
    const stored = {
      token_expires_at: '2030-01-01T00:00:00.000Z',
      token_fingerprint: tokenFingerprint('t1'),
    };
    expect(tokenExpiry(settingsReader({ ...stored, token: 't1' }), 't1')).toBe(
      Date.parse('2030-01-01T00:00:00Z'),
    );
    expect(tokenExpiry(settingsReader({ ...stored, token: 't2' }), 't2')).toBeUndefined();
  });

  it('otherwise a JWT’s own exp claim', () => {
    const t = jwt({ exp: 1_900_000_000 });
    expect(jwtExpiry(t)).toBe(1_900_000_000_000);
    expect(tokenExpiry(settingsReader({ token: t }), t)).toBe(1_900_000_000_000);
    expect(jwtExpiry('a.b.c')).toBeUndefined();
    expect(jwtExpiry(jwt({ exp: 'soon' }))).toBeUndefined();
  });
});
