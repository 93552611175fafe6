import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
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
      /^ops: db: The role definition with id '.+' does not exist\. \(HTTP 404, request [0-9a-f-]{36}\)\n$/,
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

  it('delete --yes follows the operation: Deleted, and gone; again: NotFound (the API’s 204), exit 0', async () => {
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes']);
    expect(r).toEqual({
      code: 0,
      stdout: `name    ${SEED_READER_ASSIGNMENT}\nstatus  Deleted\n`,
      stderr: '',
    });
    expect((await ops(['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT])).code).toBe(3);
    const again = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes', '--json']);
    expect(json(again.stdout)).toEqual({ name: SEED_READER_ASSIGNMENT, status: 'NotFound' });
  });

  it('delete without --yes and without a terminal: exit 2, nothing sent', async () => {
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ops: Delete role assignment ${SEED_READER_ASSIGNMENT} of account sandbox-docs needs confirmation\nhint: pass --yes to confirm when not at a terminal\n`,
    );
    expect(await requests()).toEqual({});
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
