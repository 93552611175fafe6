import { describe, expect, it } from 'vitest';
import type { AcceptedOperation, DbClient } from '../../src/clients/db/client.js';
import type { OperationStatusWire } from '../../src/clients/db/types.js';
import { runRoleAssignmentCreate } from '../../src/commands/db/role-assignment/create.js';
import { runRoleAssignmentDelete } from '../../src/commands/db/role-assignment/delete.js';
import { runRoleAssignmentGet } from '../../src/commands/db/role-assignment/get.js';
import { runRoleAssignmentList } from '../../src/commands/db/role-assignment/list.js';
import { runRoleDefinitionGet } from '../../src/commands/db/role-definition/get.js';
import { runRoleDefinitionList } from '../../src/commands/db/role-definition/list.js';
import type { WaitOptions } from '../../src/commands/shared/wait.js';
import { OpsError, TimeoutError } from '../../src/errors.js';
import type { OutputFormat } from '../../src/output/printer.js';
import {
  ACCOUNT_ID,
  CONTRIBUTOR,
  READER,
  TARGET,
  assignment,
  definition,
  output,
  pageOf,
  stubClient,
} from './helpers.js';

const ID = '3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a';
const OP: AcceptedOperation = {
  url: 'http://sb/db/ops/1?api-version=2025-10-15',
  kind: 'async-operation',
  headers: { 'retry-after': '3' },
};
const WAIT: WaitOptions = { wait: true, timeoutSeconds: undefined, intervalSeconds: 2 };

/** A status sequence, one answer per poll, each with the Retry-After given. */
function statuses(...seq: Array<[OperationStatusWire, string | undefined]>): DbClient['getOperationStatus'] {
  return async () => {
    const [value, retryAfter] = seq.shift()!;
    const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
    return { value, headers };
  };
}

function createOptions(
  client: DbClient,
  o: { format?: OutputFormat; wait?: typeof WAIT; now?: () => number } = {},
) {
  const out = output({ format: o.format ?? 'table' });
  const sleeps: number[] = [];
  return {
    out,
    sleeps,
    options: {
      ...out,
      client: async () => client,
      target: TARGET,
      id: ID,
      principalId: 'p',
      roleDefinition: { id: `${ACCOUNT_ID}/sqlRoleDefinitions/${READER}` },
      scope: `${ACCOUNT_ID}/dbs/orders`,
      wait: o.wait ?? WAIT,
      sleep: async (ms: number) => void sleeps.push(ms),
      now: o.now,
    },
  };
}

describe('role-assignment create', () => {
  it('202: waits the 202’s Retry-After, polls until Succeeded (each answer’s Retry-After), then GETs and prints', async () => {
    const calls: string[] = [];
    const client = stubClient({
      createUpdateSqlRoleAssignment: async (id, props) => {
        calls.push(`put ${id} ${props.scope}`);
        return { done: false, operation: OP };
      },
      getOperationStatus: statuses([{ status: 'InProgress' }, '1'], [{ status: 'succeeded' }, undefined]),
      getSqlRoleAssignment: async (id) => {
        calls.push(`get ${id}`);
        return assignment(id, { scope: '/dbs/orders' });
      },
    });
    const { out, sleeps, options } = createOptions(client);
    await runRoleAssignmentCreate(options);
    expect(calls).toEqual([`put ${ID} ${ACCOUNT_ID}/dbs/orders`, `get ${ID}`]);
    expect(sleeps).toEqual([3000, 1000]);
    expect(out.io.out()).toBe(
      [
        `name             ${ID}`,
        'principal        7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6',
        `role definition  ${READER}`,
        'scope            /dbs/orders',
        '',
      ].join('\n'),
    );
  });

  it('no Retry-After anywhere: the --interval', async () => {
    const client = stubClient({
      createUpdateSqlRoleAssignment: async () => ({ done: false, operation: { ...OP, headers: {} } }),
      getOperationStatus: statuses([{ status: 'Enqueued' }, undefined], [{ status: 'Succeeded' }, undefined]),
      getSqlRoleAssignment: async (id) => assignment(id),
    });
    const { sleeps, options } = createOptions(client, { wait: { ...WAIT, intervalSeconds: 0.5 } });
    await runRoleAssignmentCreate(options);
    expect(sleeps).toEqual([500, 500]);
  });

  it('200 at once: printed without polling', async () => {
    const client = stubClient({
      createUpdateSqlRoleAssignment: async (id) => ({ done: true, status: 200, result: assignment(id) }),
    });
    const { out, options } = createOptions(client, { format: 'json' });
    await runRoleAssignmentCreate(options);
    expect(JSON.parse(out.io.out())).toEqual(assignment(ID));
  });

  it('--no-wait prints the operation URL and does not poll', async () => {
    const client = stubClient({
      createUpdateSqlRoleAssignment: async () => ({ done: false, operation: OP }),
    });
    const { out, options } = createOptions(client, { wait: { ...WAIT, wait: false } });
    await runRoleAssignmentCreate(options);
    expect(out.io.out()).toBe(`name       ${ID}\nstatus     Accepted\noperation  ${OP.url}\n`);
  });

  it.each([
    ['Failed', { code: 'RoleAssignmentOperationFailed', message: 'could not apply' }],
    ['Canceled', undefined],
  ])(
    '%s: exit 8 (an awaited failure) with the operation’s code and message; nothing printed',
    async (status, error) => {
      const client = stubClient({
        createUpdateSqlRoleAssignment: async () => ({ done: false, operation: OP }),
        getOperationStatus: statuses([{ status, ...(error ? { error } : {}) }, undefined]),
      });
      const { out, options } = createOptions(client);
      const err = (await runRoleAssignmentCreate(options).catch((e: unknown) => e)) as OpsError;
      expect(err).toBeInstanceOf(OpsError);
      expect(err.exitCode).toBe(8);
      expect(err.code).toBe(error?.code ?? status);
      expect(err.message).toBe(
        `db: role assignment ${ID} ended ${status}: ${error?.message ?? 'the service gave no reason'} (${error?.code ?? status})`,
      );
      expect(out.io.out()).toBe('');
    },
  );

  it('--wait-timeout elapsed: exit 6 naming the last state', async () => {
    let t = 0;
    const client = stubClient({
      createUpdateSqlRoleAssignment: async () => ({ done: false, operation: OP }),
      getOperationStatus: async () => ({ value: { status: 'InProgress' }, headers: { 'retry-after': '2' } }),
    });
    const { options } = createOptions(client, { wait: { ...WAIT, timeoutSeconds: 5 }, now: () => t });
    options.sleep = async (ms: number) => void (t += ms);
    const err = (await runRoleAssignmentCreate(options).catch((e: unknown) => e)) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.exitCode).toBe(6);
    expect(err.message).toBe(`gave up waiting for role assignment ${ID} after 5 s (still InProgress)`);
    expect(err.hint).toContain('--wait-timeout');
  });

  it('a role name is resolved through the role-definition list (any case)', async () => {
    let sent = '';
    const client = stubClient({
      listSqlRoleDefinitions: () =>
        pageOf([
          definition(READER, 'Built-in Data Reader'),
          definition(CONTRIBUTOR, 'Built-in Data Contributor'),
        ]),
      createUpdateSqlRoleAssignment: async (id, props) => {
        sent = props.roleDefinitionId;
        return { done: true, status: 200, result: assignment(id, { definition: CONTRIBUTOR }) };
      },
    });
    const { options } = createOptions(client);
    await runRoleAssignmentCreate({ ...options, roleDefinition: { name: 'built-in data contributor' } });
    expect(sent).toBe(`${ACCOUNT_ID}/sqlRoleDefinitions/${CONTRIBUTOR}`);
  });

  it('a role name that matches none: exit 3, naming the account’s roles, nothing created', async () => {
    const client = stubClient({
      listSqlRoleDefinitions: () => pageOf([definition(READER, 'Built-in Data Reader')]),
    });
    const { options } = createOptions(client);
    const err = (await runRoleAssignmentCreate({ ...options, roleDefinition: { name: 'Owner' } }).catch(
      (e: unknown) => e,
    )) as OpsError;
    expect(err.exitCode).toBe(3);
    expect(err.message).toBe('db: account sandbox-docs has no role definition named "Owner"');
    expect(err.hint).toBe('its role definitions: Built-in Data Reader');
  });
});

describe('role-assignment delete', () => {
  const options = (client: DbClient, confirmed: string[], wait = WAIT) => {
    const out = output();
    const sleeps: number[] = [];
    return {
      out,
      options: {
        ...out,
        client: async () => client,
        target: TARGET,
        id: ID,
        wait,
        confirm: async (a: string) => void confirmed.push(a),
        sleep: async (ms: number) => void sleeps.push(ms),
      },
    };
  };

  it('asks first, then follows the operation; nothing on stdout (the one delete outcome)', async () => {
    const confirmed: string[] = [];
    const client = stubClient({
      deleteSqlRoleAssignment: async () => ({ done: false, operation: OP }),
      getOperationStatus: statuses([{ status: 'Succeeded' }, undefined]),
    });
    const { out, options: o } = options(client, confirmed);
    await runRoleAssignmentDelete(o);
    expect(confirmed).toEqual([`Delete role assignment ${ID} of account sandbox-docs`]);
    expect(out.io.out()).toBe('');
  });

  it('204: it did not exist, exit 3 naming it and the account', async () => {
    const client = stubClient({
      deleteSqlRoleAssignment: async () => ({ done: true, status: 204, result: undefined }),
    });
    const { out, options: o } = options(client, []);
    const err = (await runRoleAssignmentDelete(o).catch((e: unknown) => e)) as OpsError;
    expect(err.exitCode).toBe(3);
    expect(err.message).toBe(`role assignment ${ID} not found in account sandbox-docs`);
    expect(out.io.out()).toBe('');
  });

  it('not confirmed: nothing is sent', async () => {
    const client = stubClient({});
    const { options: o } = options(client, []);
    o.confirm = async () => {
      throw new OpsError('not confirmed', { exitCode: 2 });
    };
    await expect(runRoleAssignmentDelete(o)).rejects.toThrow('not confirmed');
  });

  it('--no-wait: the operation URL', async () => {
    const client = stubClient({ deleteSqlRoleAssignment: async () => ({ done: false, operation: OP }) });
    const { out, options: o } = options(client, [], { ...WAIT, wait: false });
    await runRoleAssignmentDelete(o);
    expect(out.io.out()).toContain(`operation  ${OP.url}`);
  });
});

describe('get and list', () => {
  it('list: a table with short scopes; an empty list prints nothing, [] in JSON', async () => {
    const client = stubClient({
      listSqlRoleAssignments: () =>
        pageOf([
          assignment('a'),
          assignment('b', { scope: '/dbs/orders/colls/invoices', definition: CONTRIBUTOR }),
        ]),
    });
    const { io, printer, feedback } = output();
    await runRoleAssignmentList({
      printer,
      feedback,
      client: async () => client,
      target: TARGET,
      limit: 100,
    });
    expect(io.out()).toBe(
      [
        'NAME  PRINCIPAL                             ROLE DEFINITION                       SCOPE',
        `a     7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6  ${READER}  /`,
        `b     7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6  ${CONTRIBUTOR}  /dbs/orders/colls/invoices`,
        '',
      ].join('\n'),
    );
    const empty = stubClient({ listSqlRoleAssignments: () => pageOf([]) });
    const j = output({ format: 'json' });
    await runRoleAssignmentList({ ...j, client: async () => empty, target: TARGET, limit: 100 });
    expect(j.io.out()).toBe('[]\n');
  });

  it('get prints one assignment; JSON is the API’s own object', async () => {
    const client = stubClient({ getSqlRoleAssignment: async (id) => assignment(id) });
    const { io, printer } = output({ format: 'json' });
    await runRoleAssignmentGet({ printer, client: async () => client, target: TARGET, id: ID });
    expect(JSON.parse(io.out())).toEqual(assignment(ID));
  });

  it('role definitions: list and get', async () => {
    const client = stubClient({
      listSqlRoleDefinitions: () => pageOf([definition(READER, 'Built-in Data Reader')]),
      getSqlRoleDefinition: async (id) => definition(id, 'Built-in Data Contributor'),
    });
    const l = output();
    await runRoleDefinitionList({ ...l, client: async () => client, limit: 100 });
    expect(l.io.out()).toBe(
      `NAME                                  ROLE NAME             TYPE         DATA ACTIONS\n${READER}  Built-in Data Reader  BuiltInRole  Microsoft.DocumentDB/databaseAccounts/readMetadata\n`,
    );
    const g = output();
    await runRoleDefinitionGet({ printer: g.printer, client: async () => client, id: CONTRIBUTOR });
    expect(g.io.out()).toContain('role name     Built-in Data Contributor');
  });
});
