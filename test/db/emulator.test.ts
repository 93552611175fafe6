import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import {
  ACCOUNT_ID,
  BEARER,
  CONTRIBUTOR,
  PRINCIPAL,
  READER,
  SEED_CONTRIBUTOR_ASSIGNMENT,
  SEED_READER_ASSIGNMENT,
  TARGET,
  emulator,
} from './helpers.js';

const SB = SANDBOX_CREDENTIALS.db!;
const V = '?api-version=2025-10-15';
const ACCT = ACCOUNT_ID;
const ID = '3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a';
const body = (o: Partial<{ roleDefinitionId: string; scope: string; principalId: string }> = {}) => ({
  properties: {
    roleDefinitionId: `${ACCT}/sqlRoleDefinitions/${READER}`,
    scope: `${ACCT}/dbs/orders`,
    principalId: PRINCIPAL,
    ...o,
  },
});
type Err = { error: { code: string; message: string } };
const opPath = (url: string) => {
  const u = new URL(url, 'http://127.0.0.1');
  return `${u.pathname.replace(/^\/db/, '')}${u.search}`;
};

describe('bearer check', () => {
  it.each([
    [undefined, 'AuthenticationFailed'],
    ['Basic abc', 'AuthenticationFailedInvalidHeader'],
    ['Bearer nope', 'InvalidAuthenticationToken'],
  ])('%s → 401 %s, CloudError and WWW-Authenticate', async (header, code) => {
    const { call } = emulator();
    const r = await call<Err>('GET', `${ACCT}/sqlRoleAssignments${V}`, {
      headers: header ? { authorization: header } : {},
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(code);
    expect(r.headers['www-authenticate']).toMatch(/^Bearer authorization_uri=/);
  });

  it('the fixed sandbox token is accepted', async () => {
    const { call } = emulator();
    expect((await call('GET', `${ACCT}/sqlRoleAssignments${V}`, { headers: BEARER })).status).toBe(200);
  });
});

describe('authorize endpoint (implicit flow)', () => {
  const authorize = (q: Record<string, string>) => `/common/oauth2/authorize?${new URLSearchParams(q)}`;
  const ok = {
    client_id: SB.client_id!,
    response_type: 'token',
    redirect_uri: 'http://127.0.0.1:5555/',
    scope: 'user_impersonation',
    state: 'st4te',
  };

  it('signs in the sandbox user and redirects with the token in the fragment; the token works until it expires', async () => {
    const { call, clock, emulator: e } = emulator();
    const r = await call('GET', authorize(ok));
    expect(r.status).toBe(302);
    const location = new URL(r.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:5555/');
    const f = new URLSearchParams(location.hash.slice(1));
    expect(f.get('token_type')).toBe('Bearer');
    expect(f.get('expires_in')).toBe('3599');
    expect(f.get('state')).toBe('st4te');
    const token = f.get('access_token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      upn: 'sandbox.user@example.com',
      scp: 'user_impersonation',
      appid: SB.client_id,
    });
    expect(e.stats!()).toMatchObject({
      tokensIssued: 1,
      issuedTokenSha256: [createHash('sha256').update(token).digest('hex')],
    });
    const auth = { authorization: `Bearer ${token}` };
    expect((await call('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: auth })).status).toBe(200);
    clock.advance(3600 * 1000);
    const expired = await call<Err>('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: auth });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('ExpiredAuthenticationToken');
    expect(expired.body.error.message).toMatch(
      /^The access token expiry UTC time '.+' is earlier than current UTC time/,
    );
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }, /invalid_client/],
    ['a redirect off this machine', { redirect_uri: 'https://evil.example/cb' }, /redirect_uri must be/],
    ['a redirect with a fragment', { redirect_uri: 'http://127.0.0.1:5555/#x' }, /redirect_uri must be/],
  ])('%s: an error page, no redirect', async (_n, over, message) => {
    const r = await emulator().call('GET', authorize({ ...ok, ...over }));
    expect(r.status).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect(String(r.raw)).toMatch(message);
  });

  it.each([
    ['response_type code', { response_type: 'code' }, 'unsupported_response_type'],
    ['a scope without user_impersonation', { scope: 'openid' }, 'invalid_scope'],
  ])('%s: redirected back with the error and the state', async (_n, over, error) => {
    const r = await emulator().call('GET', authorize({ ...ok, ...over }));
    expect(r.status).toBe(302);
    const f = new URLSearchParams(new URL(r.headers.location!).hash.slice(1));
    expect(f.get('error')).toBe(error);
    expect(f.get('state')).toBe('st4te');
    expect(f.get('access_token')).toBeNull();
  });

  it('an unknown tenant is an error page', async () => {
    const r = await emulator().call('GET', `/other/oauth2/authorize?${new URLSearchParams(ok)}`);
    expect(r.status).toBe(400);
  });
});

describe('role assignments', () => {
  it('lists the seed assignments in ARM shape', async () => {
    const { call } = emulator();
    const r = await call<{ value: Array<{ name: string; type: string; properties: { scope: string } }> }>(
      'GET',
      `${ACCT}/sqlRoleAssignments${V}`,
      { headers: BEARER },
    );
    expect(r.body.value.map((a) => a.name)).toEqual([SEED_READER_ASSIGNMENT, SEED_CONTRIBUTOR_ASSIGNMENT]);
    expect(r.body.value[1]).toMatchObject({
      id: `${ACCT}/sqlRoleAssignments/${SEED_CONTRIBUTOR_ASSIGNMENT}`,
      type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments',
      properties: {
        scope: `${ACCT}/dbs/orders/colls/invoices`,
        roleDefinitionId: `${ACCT}/sqlRoleDefinitions/${CONTRIBUTOR}`,
      },
    });
    expect(r.headers['x-ms-ratelimit-remaining-subscription-reads']).toBeDefined();
  });

  it('PUT answers 202 with both operation URLs and Retry-After; InProgress until the clock reaches its end', async () => {
    const { call, clock, emulator: e } = emulator({ 'db.operation_seconds': '30', 'db.retry_after': '10' });
    const put = await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, {
      headers: { ...BEARER, host: '127.0.0.1:4010' },
      body: body(),
    });
    expect(put.status).toBe(202);
    expect(put.headers['azure-asyncoperation']).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:4010/db/subscriptions/${TARGET.subscription}/providers/Microsoft\\.DocumentDB/locations/westus2/operationsStatus/[0-9a-f-]{36}\\?api-version=2025-10-15$`,
      ),
    );
    expect(put.headers.location).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/db\/.*\/operationResults\/[0-9a-f-]{36}\?api-version=2025-10-15$/,
    );
    expect(put.headers['retry-after']).toBe('10');
    const status = () =>
      call<{ status: string; endTime?: string }>('GET', opPath(put.headers['azure-asyncoperation']!), {
        headers: BEARER,
      });
    const result = () => call('GET', opPath(put.headers.location!), { headers: BEARER });
    expect((await status()).body.status).toBe('InProgress');
    expect((await status()).headers['retry-after']).toBe('10');
    expect((await result()).status).toBe(202);
    expect((await call('GET', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER })).status).toBe(404);
    clock.advance(25_000);
    expect((await status()).headers['retry-after']).toBe('5');
    clock.advance(5_000);
    expect((await status()).body).toMatchObject({ status: 'Succeeded', endTime: expect.any(String) });
    expect((await result()).status).toBe(200);
    const got = await call('GET', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER });
    expect(got.body).toMatchObject({ name: ID, properties: body().properties });
    expect(e.stats!()).toMatchObject({ operationsStarted: 1, assignments: 3 });
  });

  it('the same id again updates the assignment rather than adding one', async () => {
    const { call } = emulator({ 'db.async': 'false' });
    await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER, body: body() });
    const again = await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, {
      headers: BEARER,
      body: body({ scope: `${ACCT}/dbs/orders/colls/x` }),
    });
    expect(again.status).toBe(200);
    const list = await call<{ value: unknown[] }>('GET', `${ACCT}/sqlRoleAssignments${V}`, {
      headers: BEARER,
    });
    expect(list.body.value).toHaveLength(3);
  });

  it('a duplicate of another assignment is 409 Conflict', async () => {
    const { call } = emulator();
    const r = await call<Err>('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, {
      headers: BEARER,
      body: body({ principalId: 'a3f5c2d1-7b8e-4f90-8c1d-2e3f4a5b6c7d', scope: `${ACCT}/` }),
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({
      code: 'Conflict',
      message: expect.stringContaining(SEED_READER_ASSIGNMENT),
    });
  });

  it('a change while another on the same assignment runs is 409 AnotherOperationInProgress', async () => {
    const { call } = emulator({ 'db.operation_seconds': '30' });
    await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER, body: body() });
    const r = await call<Err>('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, {
      headers: BEARER,
      body: body(),
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('AnotherOperationInProgress');
  });

  it.each([
    ['Failed', 'RoleAssignmentOperationFailed'],
    ['Canceled', 'OperationCanceled'],
  ])('outcome %s: the operation ends so, with its error, and nothing changes', async (outcome, code) => {
    const { call } = emulator({ 'db.operation_outcome': outcome, 'db.operation_seconds': '0' });
    const put = await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER, body: body() });
    const s = await call<{ status: string; error: { code: string } }>(
      'GET',
      opPath(put.headers['azure-asyncoperation']!),
      {
        headers: BEARER,
      },
    );
    expect(s.body).toMatchObject({ status: outcome, error: { code } });
    const loc = await call<Err>('GET', opPath(put.headers.location!), { headers: BEARER });
    expect(loc.status).toBe(400);
    expect((await call('GET', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER })).status).toBe(404);
  });

  it('db.async=false: PUT 200 with the assignment, DELETE 200, DELETE again 204', async () => {
    const { call } = emulator({ 'db.async': 'false' });
    const put = await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER, body: body() });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: ID, properties: body().properties });
    expect((await call('DELETE', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER })).status).toBe(
      200,
    );
    expect((await call('DELETE', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER })).status).toBe(
      204,
    );
  });

  it('DELETE is asynchronous too; the Location URL answers 204 when done', async () => {
    const { call } = emulator({ 'db.operation_seconds': '0' });
    const del = await call('DELETE', `${ACCT}/sqlRoleAssignments/${SEED_READER_ASSIGNMENT}${V}`, {
      headers: BEARER,
    });
    expect(del.status).toBe(202);
    expect((await call('GET', opPath(del.headers.location!), { headers: BEARER })).status).toBe(204);
    expect(
      (await call('GET', `${ACCT}/sqlRoleAssignments/${SEED_READER_ASSIGNMENT}${V}`, { headers: BEARER }))
        .status,
    ).toBe(404);
  });

  it.each([
    ['an id that is not a GUID', 'PUT', `${ACCT}/sqlRoleAssignments/not-a-guid${V}`, body(), 'BadRequest'],
    ['no body', 'PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, undefined, 'BadRequest'],
    [
      'a missing property',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      { properties: { scope: `${ACCT}/`, principalId: PRINCIPAL } },
      'BadRequest',
    ],
    [
      'a principal that is not a GUID',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      body({ principalId: 'alice' }),
      'BadRequest',
    ],
    [
      'a bare GUID role definition (the service wants the full id)',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      body({ roleDefinitionId: READER }),
      'BadRequest',
    ],
    [
      'an unknown role definition',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      body({ roleDefinitionId: `${ACCT}/sqlRoleDefinitions/${ID}` }),
      'BadRequest',
    ],
    [
      'a short scope (the service wants it fully qualified)',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      body({ scope: '/dbs/orders' }),
      'BadRequest',
    ],
    [
      'a scope below a collection',
      'PUT',
      `${ACCT}/sqlRoleAssignments/${ID}${V}`,
      body({ scope: `${ACCT}/dbs/a/colls/b/docs/c` }),
      'BadRequest',
    ],
    ['no api-version', 'GET', `${ACCT}/sqlRoleAssignments`, undefined, 'MissingApiVersionParameter'],
    [
      'a version from before the reference',
      'GET',
      `${ACCT}/sqlRoleAssignments?api-version=2024-11-15`,
      undefined,
      'InvalidApiVersionParameter',
    ],
    [
      'an unknown api-version',
      'GET',
      `${ACCT}/sqlRoleAssignments?api-version=2019-01-01`,
      undefined,
      'InvalidApiVersionParameter',
    ],
    [
      'an account name that breaks the pattern at its end',
      'GET',
      `${ACCT.replace('sandbox-docs', 'docs-')}/sqlRoleAssignments${V}`,
      undefined,
      'BadRequest',
    ],
    [
      'a resource group name with a space',
      'GET',
      `${ACCT.replace('sandbox-rg', 'my%20rg')}/sqlRoleAssignments${V}`,
      undefined,
      'BadRequest',
    ],
  ])('%s → 400 %s', async (_n, method, path, b, code) => {
    const r = await emulator().call<Err>(method, path, { headers: BEARER, ...(b ? { body: b } : {}) });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });

  it.each([
    ['an unknown account', ACCT.replace('sandbox-docs', 'other-docs'), 'ResourceNotFound'],
    [
      'an unknown resource group (names compared without case)',
      ACCT.replace('sandbox-rg', 'other-rg'),
      'ResourceGroupNotFound',
    ],
    [
      'an unknown subscription',
      ACCT.replace(TARGET.subscription, '00000000-0000-4000-8000-000000000000'),
      'SubscriptionNotFound',
    ],
  ])('%s → 404 %s', async (_n, acct, code) => {
    const r = await emulator().call<Err>('GET', `${acct}/sqlRoleAssignments${V}`, { headers: BEARER });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe(code);
    const upper = await emulator().call(
      'GET',
      `${ACCT.replace('sandbox-rg', 'SANDBOX-RG')}/sqlRoleAssignments${V}`,
      { headers: BEARER },
    );
    expect(upper.status).toBe(200);
  });

  it('an unknown assignment is 404 NotFound', async () => {
    const r = await emulator().call<Err>('GET', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NotFound');
  });
});

describe('role definitions', () => {
  it('two built-ins, a reader and a contributor; one by id; an unknown one is 404', async () => {
    const { call } = emulator();
    const list = await call<{
      value: Array<{
        name: string;
        properties: { roleName: string; type: string; assignableScopes: string[] };
      }>;
    }>('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: BEARER });
    expect(list.body.value.map((d) => [d.name, d.properties.roleName, d.properties.type])).toEqual([
      [READER, 'Built-in Data Reader', 'BuiltInRole'],
      [CONTRIBUTOR, 'Built-in Data Contributor', 'BuiltInRole'],
    ]);
    expect(list.body.value[0]!.properties.assignableScopes).toEqual([ACCT]);
    expect(
      (await call('GET', `${ACCT}/sqlRoleDefinitions/${CONTRIBUTOR}${V}`, { headers: BEARER })).status,
    ).toBe(200);
    expect((await call('GET', `${ACCT}/sqlRoleDefinitions/${ID}${V}`, { headers: BEARER })).status).toBe(404);
  });
});

describe('rate limit and reset', () => {
  it('past db.rate_limit reads a minute: 429 with Retry-After; the next window is open again', async () => {
    const { call, clock, emulator: e } = emulator({ 'db.rate_limit': '2' });
    for (let i = 0; i < 2; i++)
      expect((await call('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: BEARER })).status).toBe(200);
    const limited = await call<Err>('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: BEARER });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TooManyRequests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(e.stats!()).toMatchObject({ rateLimited: 1 });
    clock.advance(60_000);
    expect((await call('GET', `${ACCT}/sqlRoleDefinitions${V}`, { headers: BEARER })).status).toBe(200);
  });

  it('reset: back to the seed assignments, issued tokens forgotten', async () => {
    const { call, emulator: e } = emulator({ 'db.async': 'false' });
    await call('PUT', `${ACCT}/sqlRoleAssignments/${ID}${V}`, { headers: BEARER, body: body() });
    e.reset();
    const list = await call<{ value: unknown[] }>('GET', `${ACCT}/sqlRoleAssignments${V}`, {
      headers: BEARER,
    });
    expect(list.body.value).toHaveLength(2);
    expect(e.stats!()).toMatchObject({ tokensIssued: 0, requests: 1 });
  });

  it('a bad setting is refused when the sandbox starts', () => {
    expect(() => emulator({ 'db.operation_outcome': 'Maybe' })).toThrow(/db.operation_outcome/);
    expect(() => emulator({ 'db.operation_seconds': '-1' })).toThrow(/db.operation_seconds/);
  });
});

describe('the api-version of the current Azure SDK', () => {
  it('2026-03-15, which @azure/arm-cosmosdb 17 sends by default, is answered', async () => {
    const { call } = emulator();
    const r = await call('GET', `${ACCT}/sqlRoleAssignments?api-version=2026-03-15`, { headers: BEARER });
    expect(r.status).toBe(200);
  });
});
