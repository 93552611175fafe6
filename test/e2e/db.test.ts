import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenFingerprint } from '../../src/clients/db/index.js';
import { VERSION } from '../../src/version.js';
import { keptInFile, runCli, runMain, tempConfigDir } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { CHROMIUM, hasChromium, useChromium } from '../helpers/chromium.js';
import { useSandbox } from '../helpers/sandbox.js';
import {
  ACCOUNT_ID,
  CONTRIBUTOR,
  PRINCIPAL,
  READER,
  SEED_CONTRIBUTOR_ASSIGNMENT,
  SEED_READER_ASSIGNMENT,
} from '../db/helpers.js';

interface Assignment {
  id: string;
  name: string;
  type: string;
  properties: { principalId: string; roleDefinitionId: string; scope: string };
}

// Operations end at once (on the next look) and ask for no wait: the tests need no real sleeps.
const sb = await useSandbox({
  services: ['db'],
  settings: { 'db.operation_seconds': '0', 'db.retry_after': '0' },
});
// Operations that take 30 s of sandbox time, for the test that moves the clock while the CLI polls.
const slow = await useSandbox({
  services: ['db'],
  settings: { 'db.operation_seconds': '30', 'db.retry_after': '0' },
});

// Every operation ends Canceled: the emulator's own way to the failure path, state unchanged.
const canceling = await useSandbox({
  services: ['db'],
  settings: { 'db.operation_outcome': 'Canceled', 'db.operation_seconds': '0', 'db.retry_after': '0' },
});
// One read and one write a minute.
const limited = await useSandbox({ services: ['db'], settings: { 'db.rate_limit': '1' } });
// PUT and DELETE answer 200 at once: every step of the conformance run is one request and its answer.
const sync = await useSandbox({ services: ['db'], settings: { 'db.async': 'false' } });
const conformance = await useConformance('db', `${sync.url}/db`);
const asyncConformance = await useConformance('db', `${sb.url}/db`);

const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; on?: typeof sb } = {},
) => runMain(args, { env: { ...(o.on ?? sb).env, ...o.env }, input: o.input });
const json = <T>(s: string) => JSON.parse(s) as T;
const requests = async (on = sb) => (await on.counters()).requests.db ?? {};
const stats = async (on = sb) => (await on.counters()).emulators.db as Record<string, number>;
const PATH = ACCOUNT_ID;
const ID = '3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a';
const create = (...extra: string[]) => [
  'db',
  'role-assignment',
  'create',
  '--principal',
  PRINCIPAL,
  '--role-definition',
  'Built-in Data Reader',
  '--scope',
  '/dbs/orders',
  ...extra,
];

describe('ops db role-definition', () => {
  it('list: the two built-ins as a table', async () => {
    const r = await ops(['db', 'role-definition', 'list']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+ROLE NAME\s+TYPE\s+DATA ACTIONS$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 3))).toEqual([
      [READER, 'Built-in Data Reader', 'BuiltInRole'],
      [CONTRIBUTOR, 'Built-in Data Contributor', 'BuiltInRole'],
    ]);
  });

  it('get by GUID: JSON is the API’s object; an unknown id is exit 3', async () => {
    const r = await ops(['db', 'role-definition', 'get', CONTRIBUTOR, '--json']);
    expect(json<{ id: string; properties: { roleName: string } }>(r.stdout)).toMatchObject({
      id: `${PATH}/sqlRoleDefinitions/${CONTRIBUTOR}`,
      properties: { roleName: 'Built-in Data Contributor' },
    });
    const missing = await ops(['db', 'role-definition', 'get', ID]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(
      /^ops: db: role definition [0-9a-f-]{36} not found in account \S+ \(HTTP 404, request [0-9a-f-]{36}\)\nhint: `ops db role-definition list` shows them; --account looks in another account\n$/,
    );
  });
});

describe('ops db role-assignment', () => {
  it('list: the seed assignments with short scopes', async () => {
    const r = await ops(['db', 'role-assignment', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'NAME                                  PRINCIPAL                             ROLE DEFINITION                       SCOPE',
        `${SEED_READER_ASSIGNMENT}  a3f5c2d1-7b8e-4f90-8c1d-2e3f4a5b6c7d  ${READER}  /`,
        `${SEED_CONTRIBUTOR_ASSIGNMENT}  e1d2c3b4-a596-4871-9c0d-1e2f3a4b5c6d  ${CONTRIBUTOR}  /dbs/orders/colls/invoices`,
        '',
      ].join('\n'),
    );
  });

  it('create by role name: 202, polled to Succeeded, then read and printed', async () => {
    const r = await ops([...create('--id', ID), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(json<Assignment>(r.stdout)).toEqual({
      id: `${PATH}/sqlRoleAssignments/${ID}`,
      name: ID,
      type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments',
      properties: {
        principalId: PRINCIPAL,
        roleDefinitionId: `${PATH}/sqlRoleDefinitions/${READER}`,
        scope: `${PATH}/dbs/orders`,
      },
    });
    const req = await requests();
    expect(req[`PUT ${PATH}/sqlRoleAssignments/${ID}`]).toBe(1);
    expect(req[`GET ${PATH}/sqlRoleDefinitions`]).toBe(1);
    expect(req[`GET ${PATH}/sqlRoleAssignments/${ID}`]).toBe(1);
    expect((await stats()).statusPolls).toBe(1);
  });

  it('the same --id again updates the assignment instead of adding one', async () => {
    await ops(create('--id', ID));
    const r = await ops([
      'db',
      'role-assignment',
      'create',
      '--id',
      ID,
      '--principal',
      PRINCIPAL,
      '--role-definition',
      CONTRIBUTOR,
      '--scope',
      `${PATH}/dbs/orders/colls/invoices`,
      '--field',
      'properties.roleDefinitionId',
    ]);
    expect(r.stdout).toBe(`${PATH}/sqlRoleDefinitions/${CONTRIBUTOR}\n`);
    const list = json<Assignment[]>((await ops(['db', 'role-assignment', 'list', '--json'])).stdout);
    expect(list.map((a) => a.name)).toEqual([SEED_READER_ASSIGNMENT, SEED_CONTRIBUTOR_ASSIGNMENT, ID]);
  });

  it('--no-wait prints the operation URL and exits 0; that URL answers the operation', async () => {
    const r = await ops(create('--id', ID, '--no-wait', '--field', 'operation'));
    expect(r.code).toBe(0);
    const url = r.stdout.trim();
    expect(url).toMatch(
      new RegExp(
        `^${sb.url}/db/subscriptions/[0-9a-f-]+/providers/Microsoft\\.DocumentDB/locations/westus2/operationsStatus/[0-9a-f-]{36}\\?api-version=2025-10-15$`,
      ),
    );
    const status = await ops(['api', 'db', 'GET', url.slice(`${sb.url}/db`.length)]);
    expect(json<{ status: string }>(status.stdout).status).toBe('Succeeded');
    expect((await stats()).statusPolls).toBe(1);
  });

  it('waits while the operation is InProgress on the sandbox clock, and finishes once the clock moves', async () => {
    const run = ops(create('--id', ID, '--json'), { on: slow });
    // The CLI polls (Retry-After 0) until the operation ends; the clock moves once it has looked twice.
    while (((await stats(slow)).statusPolls ?? 0) < 2) await new Promise((r) => setImmediate(r));
    // Not in place yet (a second CLI in this process would share the first one's connection pool).
    expect((await stats(slow)).assignments).toBe(2);
    await slow.advance(30);
    const r = await run;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(json<Assignment>(r.stdout).name).toBe(ID);
    expect((await ops(['db', 'role-assignment', 'get', ID], { on: slow })).code).toBe(0);
  });

  it('get: a table with the short scope', async () => {
    const r = await ops(['db', 'role-assignment', 'get', SEED_CONTRIBUTOR_ASSIGNMENT]);
    expect(r.stdout).toBe(
      [
        `name             ${SEED_CONTRIBUTOR_ASSIGNMENT}`,
        'principal        e1d2c3b4-a596-4871-9c0d-1e2f3a4b5c6d',
        `role definition  ${CONTRIBUTOR}`,
        'scope            /dbs/orders/colls/invoices',
        '',
      ].join('\n'),
    );
  });

  it('delete --yes follows the operation: nothing on stdout, and gone; again: exit 3 (the API’s 204)', async () => {
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes']);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await ops(['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT])).code).toBe(3);
    const again = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes']);
    expect(again.code).toBe(3);
    expect(again.stdout).toBe('');
    expect(again.stderr.split('\n')[0]).toBe(
      `ops: db: role assignment ${SEED_READER_ASSIGNMENT} not found in account sandbox-docs (HTTP 204)`,
    );
  });

  it('delete -o json: the one delete outcome', async () => {
    const r = await ops(['db', 'role-assignment', 'delete', SEED_CONTRIBUTOR_ASSIGNMENT, '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({
      deleted: true,
      kind: 'role assignment',
      id: SEED_CONTRIBUTOR_ASSIGNMENT,
    });
  });

  it('delete without --yes and without a terminal: exit 2, nothing sent', async () => {
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ops: db role-assignment delete ${SEED_READER_ASSIGNMENT}: needs confirmation\nhint: pass --yes to confirm when not at a terminal (or --dry-run to see what it would do)\n`,
    );
    expect(await requests()).toEqual({});
  });

  it('--dry-run prints the change as curl (token masked) and sends only the reads that plan it', async () => {
    const UA = `ops/${VERSION}`;
    const r = await ops([
      'db',
      'role-assignment',
      'create',
      '--id',
      ID,
      '--principal',
      PRINCIPAL,
      '--role-definition',
      READER,
      '--scope',
      '/dbs/orders',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `curl -X PUT '${sb.url}/db${PATH}/sqlRoleAssignments/${ID}?api-version=2025-10-15' -H 'accept: application/json' -H 'user-agent: ${UA}' -H 'content-type: application/json' -H 'authorization: Bearer '"$(ops auth token db)" --data-binary '{"properties":{"roleDefinitionId":"${PATH}/sqlRoleDefinitions/${READER}","scope":"${PATH}/dbs/orders","principalId":"${PRINCIPAL}"}}'\n`,
    );
    const del = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--dry-run']);
    expect(del.stdout).toMatch(/^curl -X DELETE /);
    expect(await requests()).toEqual({});
    // By role name, the role definitions are read to plan (sent, named on stderr), then the PUT shown.
    const byName = await ops(create('--dry-run'));
    expect(byName.code).toBe(0);
    expect(byName.stderr).toMatch(
      /^dry run: sent GET \S+\/sqlRoleDefinitions\?api-version=2025-10-15 \(read-only, to plan\)\n$/,
    );
    expect(byName.stdout).toMatch(/^curl -X PUT '.+\/sqlRoleAssignments\//);
    expect(Object.values(await requests())).toEqual([1]);
  });

  it('ops sandbox env exports the sandbox’s account, client id and relative auth URL', async () => {
    const r = await ops(['sandbox', 'env', '--port', '4321']);
    for (const line of [
      "export OPS_DB_BASE_URL='http://127.0.0.1:4321/db'",
      "export OPS_DB_SUBSCRIPTION='5f1e9a3c-7d2b-4c8e-9f0a-1b2c3d4e5f60'",
      "export OPS_DB_RESOURCE_GROUP='sandbox-rg'",
      "export OPS_DB_ACCOUNT='sandbox-docs'",
      "export OPS_DB_AUTH_URL='/db'",
      "export OPS_DB_CLIENT_ID='8a0c6e2f-4b1d-4f3a-9e7c-5d2b1a0f9e8d'",
    ])
      expect(r.stdout).toContain(`${line}\n`);
  });

  it('the built CLI as scripts run it: create, then list with --query', async () => {
    const c = await runCli(
      [
        'db',
        'role-assignment',
        'create',
        '--principal',
        PRINCIPAL,
        '--role-definition',
        READER,
        '--scope',
        '/',
        '--field',
        'name',
      ],
      { env: sb.env },
    );
    expect(c.stderr).toBe('');
    expect(c.code).toBe(0);
    const name = c.stdout.trim();
    const l = await runCli(
      ['db', 'role-assignment', 'list', '--query', `[?name=='${name}'].properties.scope`, '-o', 'json'],
      {
        env: sb.env,
      },
    );
    expect(json(l.stdout)).toEqual([PATH]);
  });
});

const FAKE_BROWSER = `${process.execPath} ${join(import.meta.dirname, '..', 'db', 'fake-browser.mjs')}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const profileOf = (dir: string) =>
  (
    JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { db?: Record<string, string> }>;
    }
  ).profiles.default?.db ?? {};

describe('ops db login', () => {
  it('refuses while OPS_DB_TOKEN is set, which would win over what it stores: exit 2, nothing sent', async () => {
    const dir = tempConfigDir();
    const r = await ops(['db', 'login', '--token-stdin'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: 'stale' },
      input: 'sandbox-db-token',
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ops: OPS_DB_TOKEN is set, and a token from the environment is used instead of the one ops db login stores\nhint: unset OPS_DB_TOKEN, then run ops db login again\n',
    });
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    expect(await requests()).toEqual({});
  });

  it('signs in through the sandbox’s authorize endpoint; the token it issued is stored (0600) and works', async () => {
    const dir = tempConfigDir();
    const r = await ops(['db', 'login', '--json'], {
      env: { OPS_CONFIG_DIR: dir, BROWSER: FAKE_BROWSER, OPS_DB_TOKEN: '' },
    });
    expect(r.stderr).toMatch(keptInFile('db.token'));
    expect(r.code).toBe(0);
    const shown = json<{ profile: string; user: string; expires_at: string }>(r.stdout);
    expect(shown).toMatchObject({ profile: 'default', user: 'sandbox.user@example.com' });
    const stored = profileOf(dir);
    expect((await stats()).issuedTokenSha256).toEqual([sha256(stored.token!)]);
    expect(stored.token_expires_at).toBe(shown.expires_at);
    expect(Date.parse(stored.token_expires_at!) - Date.now()).toBeGreaterThan(3500_000);
    expect(stored.token_fingerprint).toBe(tokenFingerprint(stored.token!));
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    // With OPS_DB_TOKEN unset, the stored token is the one sent.
    const list = await ops(['db', 'role-definition', 'list', '--json'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: '' },
    });
    expect(list.code).toBe(0);
    expect(json<unknown[]>(list.stdout)).toHaveLength(2);
  });

  it('a forged state is refused: exit 4, nothing stored', async () => {
    const dir = tempConfigDir();
    const r = await ops(['db', 'login'], {
      env: { OPS_CONFIG_DIR: dir, BROWSER: FAKE_BROWSER, FAKE_BROWSER_TAMPER: 'state', OPS_DB_TOKEN: '' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      "ops: db: the sign-in answer's state does not match this login (a stale or forged answer); nothing was stored\nhint: run `ops db login` again\n",
    );
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('--token-stdin stores a token obtained elsewhere (JSON with accessToken and expires_on)', async () => {
    const dir = tempConfigDir();
    const at = Math.floor(Date.now() / 1000) + 600;
    const r = await ops(['db', 'login', '--token-stdin', '--field', 'expires_at'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: '' },
      input: JSON.stringify({ accessToken: 'sandbox-db-token', expires_on: at, tokenType: 'Bearer' }),
    });
    expect(r).toEqual({
      code: 0,
      stdout: `${new Date(at * 1000).toISOString()}\n`,
      stderr: expect.stringMatching(keptInFile('db.token')),
    });
    expect(profileOf(dir).token).toBe('sandbox-db-token');
    const get = await ops(['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT, '--field', 'name'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: '' },
    });
    expect(get.stdout).toBe(`${SEED_READER_ASSIGNMENT}\n`);
  });

  it('a stored token past its expiry: exit 4 pointing at ops db login, before any request', async () => {
    const dir = tempConfigDir();
    await ops(['config', 'set', 'db.token', '-'], {
      env: { OPS_CONFIG_DIR: dir },
      input: 'token-of-yesterday',
    });
    await ops(['config', 'set', 'db.token_expires_at', '2020-01-01T00:00:00Z'], {
      env: { OPS_CONFIG_DIR: dir },
    });
    await ops(['config', 'set', 'db.token_fingerprint', tokenFingerprint('token-of-yesterday')], {
      env: { OPS_CONFIG_DIR: dir },
    });
    const r = await ops(['db', 'role-assignment', 'list'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: '' },
    });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'ops: db: the access token expired at 2020-01-01T00:00:00.000Z\nhint: sign in again with `ops db login`\n',
    });
    expect(await requests()).toEqual({});
    // The same expiry does not judge a token from the environment.
    expect((await ops(['db', 'role-assignment', 'list'], { env: { OPS_CONFIG_DIR: dir } })).code).toBe(0);
  });

  it('a token the sandbox issued, expired on the sandbox clock: 401, exit 4 pointing at ops db login', async () => {
    const dir = tempConfigDir();
    await ops(['db', 'login'], { env: { OPS_CONFIG_DIR: dir, BROWSER: FAKE_BROWSER, OPS_DB_TOKEN: '' } });
    await sb.advance(3600);
    const r = await ops(['db', 'role-assignment', 'list'], {
      env: { OPS_CONFIG_DIR: dir, OPS_DB_TOKEN: '' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: db: The access token expiry UTC time '.+' is earlier than current UTC time '.+'\. \(HTTP 401, request [0-9a-f-]{36}\)\nhint: the access token expired: sign in again with `ops db login`\n$/,
    );
  });
});

if (!hasChromium)
  console.warn(
    `db login in a real browser: skipped, ${CHROMIUM} is not installed (CI: apt-get install -y chromium)`,
  );

describe('ops db login in a real browser (headless Chromium)', () => {
  const browser = useChromium();

  it.skipIf(!hasChromium)(
    hasChromium
      ? 'BROWSER starts Chromium, which loads the authorize page and follows its redirect; the CLI stores the issued token'
      : `skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`,
    async () => {
      const { wrapper, pidFile, work } = browser();
      const dir = tempConfigDir();
      const r = await ops(['db', 'login', '--wait-timeout', '60', '--json'], {
        env: { OPS_CONFIG_DIR: dir, BROWSER: wrapper, HOME: work, PATH: process.env.PATH, OPS_DB_TOKEN: '' },
      });
      expect(r.stderr).toMatch(keptInFile('db.token'));
      expect(r.code).toBe(0);
      expect(existsSync(pidFile)).toBe(true);
      const token = profileOf(dir).token!;
      expect((await stats()).issuedTokenSha256).toEqual([sha256(token)]);
      expect(json<{ user: string }>(r.stdout).user).toBe('sandbox.user@example.com');
    },
  );
});

const OPERATIONS = `/subscriptions/${ACCOUNT_ID.split('/')[2]}/providers/Microsoft.DocumentDB/locations/`;

describe('errors and exit codes', () => {
  it('an unknown token: 401, exit 4, the hint names ops db login; the token is never printed', async () => {
    const r = await ops(['db', 'role-assignment', 'list', '--debug'], {
      env: { OPS_DB_TOKEN: 'stolen-or-typo' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /\nops: db: The access token is invalid\. \(HTTP 401, request [0-9a-f-]{36}\)\nhint: the token sent is OPS_DB_TOKEN from the environment, which wins over `ops db login`: unset it or give a valid one\n/,
    );
    expect(r.stderr).toContain('authorization: Bearer ***');
    expect(r.stderr).not.toContain('stolen-or-typo');
  });

  it('no token at all: exit 4 before any request, naming ops db login', async () => {
    const r = await ops(['db', 'role-assignment', 'list'], { env: { OPS_DB_TOKEN: '' } });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'ops: db: no token is set\nhint: set OPS_DB_TOKEN, or run: ops config set db.token -   (reads the value from stdin); or sign in with `ops db login`, or pipe a token to --token-stdin\n',
    });
    expect(await requests()).toEqual({});
  });

  it('an unknown account: 404, exit 3, with a hint naming the settings', async () => {
    const r = await ops(['db', 'role-assignment', 'list', '--account', 'no-such-account']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^ops: db: account no-such-account not found in resource group sandbox-rg \(HTTP 404, request [0-9a-f-]{36}\)\nhint: check the subscription, resource group and account \(OPS_DB_SUBSCRIPTION, OPS_DB_RESOURCE_GROUP, OPS_DB_ACCOUNT\)\n$/,
    );
    const rg = await ops(['db', 'role-assignment', 'list', '--resource-group', 'other-rg', '--json']);
    expect(rg.code).toBe(3);
    expect(json<{ error: { code: string; status: number } }>(rg.stderr).error).toMatchObject({
      code: 'ResourceGroupNotFound',
      status: 404,
    });
  });

  it('a duplicate of another assignment: 409, exit 1, naming it', async () => {
    const r = await ops([
      'db',
      'role-assignment',
      'create',
      '--principal',
      'a3f5c2d1-7b8e-4f90-8c1d-2e3f4a5b6c7d',
      '--role-definition',
      READER,
      '--scope',
      '/',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `ops: db: A role assignment with the same principal, role definition and scope already exists: '${SEED_READER_ASSIGNMENT}'. (HTTP 409`,
    );
    expect(r.stderr).toContain(
      'hint: an assignment of the same role to the same principal at the same scope exists under another id',
    );
  });

  it.each([
    ['Failed', { code: 'RoleAssignmentOperationFailed', message: 'The principal could not be resolved.' }],
    ['Canceled', { code: 'OperationCanceled', message: 'The operation was canceled.' }],
  ])(
    'the operation ends %s (fault injection): exit 8 (an awaited failure) with its code and message, nothing printed',
    async (status, error) => {
      await sb.fault({
        service: 'db',
        method: 'GET',
        path: OPERATIONS,
        kind: 'status',
        status: 200,
        body: { status, error },
      });
      const r = await ops(create('--id', ID));
      expect(r).toEqual({
        code: 8,
        stdout: '',
        stderr: `ops: db: role assignment ${ID} ended ${status}: ${error.message} (${error.code})\n`,
      });
      const j = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes', '--json'], {
        env: {},
      });
      expect(j.code).toBe(0);
      await sb.fault({
        service: 'db',
        method: 'GET',
        path: OPERATIONS,
        kind: 'status',
        status: 200,
        body: { status, error },
      });
      const k = await ops([
        'db',
        'role-assignment',
        'delete',
        SEED_CONTRIBUTOR_ASSIGNMENT,
        '--yes',
        '--json',
      ]);
      expect(k.code).toBe(8);
      expect(json<{ error: { code: string; message: string } }>(k.stderr).error).toMatchObject({
        code: error.code,
        message: `db: deletion of role assignment ${SEED_CONTRIBUTOR_ASSIGNMENT} ended ${status}: ${error.message} (${error.code})`,
      });
    },
  );

  it('a 202 that names no operation (fault injection, the built CLI): exit 7 saying what was missing', async () => {
    await sb.fault({ service: 'db', method: 'PUT', kind: 'status', status: 202, body: '' });
    const r = await runCli(create('--id', ID), { env: sb.env });
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr:
        'ops: db answered 202 with no operation to follow (no Azure-AsyncOperation or Location header)\n',
    });
  });

  it('the emulator’s own Canceled outcome (db.operation_outcome): exit 8, and nothing changed', async () => {
    const r = await ops(create('--id', ID), { on: canceling });
    expect(r.code).toBe(8);
    expect(r.stderr).toBe(
      `ops: db: role assignment ${ID} ended Canceled: The operation was canceled before it completed. (OperationCanceled)\n`,
    );
    expect((await stats(canceling)).assignments).toBe(2);
  });

  it('--wait-timeout elapsed while the operation is still InProgress: exit 6', async () => {
    await sb.fault({
      service: 'db',
      method: 'GET',
      path: OPERATIONS,
      kind: 'status',
      status: 200,
      retryAfter: 1,
      count: 5,
      body: { status: 'InProgress' },
    });
    const r = await ops(create('--id', ID, '--wait-timeout', '0.2'));
    expect(r.code).toBe(6);
    expect(r.stderr).toBe(
      `ops: gave up waiting for role assignment ${ID} after 0 s (still InProgress)\nhint: raise --wait-timeout (seconds), or give --no-wait and check later\n`,
    );
  });

  it('429 with Retry-After is waited out and retried; with the budget spent, exit 5', async () => {
    const rule = {
      service: 'db',
      method: 'GET',
      path: `${PATH}/sqlRoleAssignments`,
      kind: 'status' as const,
      status: 429,
      retryAfter: 0,
      body: { error: { code: 'TooManyRequests', message: 'The request is being throttled.' } },
    };
    await sb.fault({ ...rule, count: 1 });
    const ok = await ops(['db', 'role-assignment', 'list', '--json']);
    expect(ok.code).toBe(0);
    expect(json<unknown[]>(ok.stdout)).toHaveLength(2);
    expect((await requests())[`GET ${PATH}/sqlRoleAssignments`]).toBe(2);
    await sb.fault({ ...rule, count: 3 });
    const spent = await ops(['db', 'role-assignment', 'list', '--retries', '2']);
    expect(spent.code).toBe(5);
    expect(spent.stderr).toBe('ops: db: The request is being throttled. (HTTP 429)\n');
  });

  it('the emulator’s own rate limit (db.rate_limit): 429 with Retry-After, exit 5 when no retry is allowed', async () => {
    expect((await ops(['db', 'role-assignment', 'list'], { on: limited })).code).toBe(0);
    const r = await ops(['db', 'role-assignment', 'list', '--retries', '0', '--json'], { on: limited });
    expect(r.code).toBe(5);
    expect(json<{ error: { code: string; retryAfter: number } }>(r.stderr).error).toMatchObject({
      code: 'TooManyRequests',
      retryAfter: expect.any(Number),
    });
    expect((await stats(limited)).rateLimited).toBe(1);
  });

  it('5xx: a 503 on the PUT is retried (same id, same body); 503s past the budget are exit 7; a 500 is not retried', async () => {
    await sb.fault({ service: 'db', method: 'PUT', kind: 'status', status: 503, retryAfter: 0, count: 1 });
    expect((await ops(create('--id', ID))).code).toBe(0);
    expect((await requests())[`PUT ${PATH}/sqlRoleAssignments/${ID}`]).toBe(2);
    await sb.fault({ service: 'db', method: 'GET', kind: 'status', status: 503, retryAfter: 0, count: 3 });
    const r = await ops(['db', 'role-definition', 'list', '--retries', '2']);
    expect(r.code).toBe(7);
    await sb.fault({
      service: 'db',
      method: 'GET',
      kind: 'status',
      status: 500,
      count: 1,
      body: { error: { code: 'InternalServerError', message: 'boom' } },
    });
    const before = (await requests())[`GET ${PATH}/sqlRoleDefinitions`] ?? 0;
    const once = await ops(['db', 'role-definition', 'list']);
    expect(once.code).toBe(7);
    expect(once.stderr).toBe('ops: db: boom (HTTP 500)\n');
    expect((await requests())[`GET ${PATH}/sqlRoleDefinitions`]).toBe(before + 1);
  });

  it('a dropped connection is retried; a malformed body and an HTML error page are exit 7', async () => {
    await sb.fault({ service: 'db', method: 'GET', kind: 'drop', count: 1 });
    expect((await ops(['db', 'role-assignment', 'list'])).code).toBe(0);
    await sb.fault({ service: 'db', method: 'GET', kind: 'malformed', count: 1 });
    const bad = await ops(['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT]);
    expect(bad.code).toBe(7);
    expect(bad.stderr).toBe(
      'ops: db answered 200 with a body that is not valid JSON (application/json, 19 bytes): "{"truncated": [1, 2"\n',
    );
    await sb.fault({ service: 'db', method: 'GET', kind: 'html', count: 1 });
    const html = await ops(['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT, '--retries', '0']);
    expect(html.code).toBe(7);
    expect(html.stderr).toBe('ops: db: 502 Bad Gateway (HTTP 502)\n');
  });

  it.each([
    [
      [
        'db',
        'role-assignment',
        'create',
        '--principal',
        'alice',
        '--role-definition',
        READER,
        '--scope',
        '/',
      ],
    ],
    [
      [
        'db',
        'role-assignment',
        'create',
        '--principal',
        PRINCIPAL,
        '--role-definition',
        READER,
        '--scope',
        '/tables/x',
      ],
    ],
    [['db', 'role-assignment', 'create', '--principal', PRINCIPAL, '--role-definition', READER]],
    [['db', 'role-assignment', 'list', '--account', 'Bad_Name']],
    [['db', 'role-assignment', 'get', 'not-a-guid']],
    [
      [
        'db',
        'role-assignment',
        'delete',
        SEED_READER_ASSIGNMENT,
        '--no-wait',
        '--wait-timeout',
        '3',
        '--yes',
      ],
    ],
    [['db', 'role-definition', 'list', '--api-version', 'newest']],
    [['db', 'login', '--token-stdin', '--no-browser']],
  ])('bad input %j: exit 2, nothing sent', async (args) => {
    const r = await ops(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: .+\n/);
    expect(r.stdout).toBe('');
    expect(await requests()).toEqual({});
  });
});

describe('conformance with specs/roles.openapi.json', () => {
  it.skipIf(conformance.skipped)('requests and responses of every operation match the spec', async () => {
    if (conformance.skipped) return;
    const env = { OPS_DB_BASE_URL: conformance.baseUrl };
    const steps: Array<[string[], number]> = [
      [['db', 'role-definition', 'list'], 0],
      [['db', 'role-definition', 'get', READER], 0],
      [['db', 'role-definition', 'get', ID], 3],
      [['db', 'role-assignment', 'list'], 0],
      [['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT], 0],
      [['db', 'role-assignment', 'get', ID], 3],
      [create('--id', ID), 0],
      [create('--id', ID, '--role-definition', CONTRIBUTOR), 0],
      [create('--id', '6f1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b', '--role-definition', CONTRIBUTOR), 1],
      [['db', 'role-assignment', 'delete', ID, '--yes'], 0],
      [['db', 'role-assignment', 'delete', ID, '--yes'], 3],
      [['db', 'role-assignment', 'list', '--account', 'no-such-account'], 3],
      [['db', 'role-assignment', 'list'], 4],
    ];
    for (const [args, code] of steps) {
      const extra = code === 4 ? { OPS_DB_TOKEN: 'not-a-token' } : {};
      const r = await ops([...args, '--retries', '0'], { env: { ...env, ...extra }, on: sync });
      expect(`${args.join(' ')} → ${r.code} ${r.stderr}`).toBe(`${args.join(' ')} → ${code} ${r.stderr}`);
    }
    expect(conformance.seen()).toBeGreaterThanOrEqual(steps.length + 1);
    expect(conformance.violations()).toEqual([]);
  });

  it.skipIf(asyncConformance.skipped)('the 202 answers of PUT and DELETE match it too', async () => {
    if (asyncConformance.skipped) return;
    // The operation URL is the sandbox's own address (the proxy forwards the Host it was given), which
    // the spec does not describe (reference C.3): --no-wait prints it without following it.
    const env = { OPS_DB_BASE_URL: asyncConformance.baseUrl };
    const put = await ops(create('--id', ID, '--no-wait', '--field', 'operation'), { env });
    expect(put.stderr).toBe('');
    expect(put.stdout).toMatch(new RegExp(`^${sb.url}/db/subscriptions/.+/operationsStatus/`));
    const del = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes', '--no-wait'], {
      env,
    });
    expect(del.code).toBe(0);
    expect(asyncConformance.seen()).toBe(3);
    expect(asyncConformance.violations()).toEqual([]);
  });
});
