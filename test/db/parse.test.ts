import { describe, expect, it } from 'vitest';
import { roleAssignmentCreateCommand } from '../../src/commands/db/role-assignment/create.js';
import { roleAssignmentDeleteCommand } from '../../src/commands/db/role-assignment/delete.js';
import { roleAssignmentGetCommand } from '../../src/commands/db/role-assignment/get.js';
import { roleAssignmentListCommand } from '../../src/commands/db/role-assignment/list.js';
import { roleDefinitionGetCommand } from '../../src/commands/db/role-definition/get.js';
import { roleDefinitionListCommand } from '../../src/commands/db/role-definition/list.js';
import {
  ACCOUNT_ID,
  CONTRIBUTOR,
  PRINCIPAL,
  READER,
  SEED_READER_ASSIGNMENT,
  TARGET,
  parseVerb,
} from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const RA = { groups: ['role-assignment'] };
const RD = { groups: ['role-definition'] };
const ID = '3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a';
const WAIT = { wait: true, timeoutSeconds: undefined, intervalSeconds: 2 };
const create = ['create', '--principal', PRINCIPAL, '--id', ID];
const createdWith = (roleDefinition: unknown, scope: string, over: Record<string, unknown> = {}) => ({
  id: ID,
  principalId: PRINCIPAL,
  roleDefinition,
  scope,
  target: TARGET,
  wait: WAIT,
  ...over,
});
const readerId = { id: `${ACCOUNT_ID}/sqlRoleDefinitions/${READER}` };

const ok: Array<
  [string, Make, string[], Record<string, unknown>, { groups: string[]; env?: Record<string, string> }]
> = [
  [
    'create: a GUID role definition is expanded, / is the account',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/'],
    createdWith(readerId, ACCOUNT_ID),
    RA,
  ],
  [
    'create: a role name is kept for the run to resolve; /dbs/<db>',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', 'Built-in Data Reader', '--scope', '/dbs/orders'],
    createdWith({ name: 'Built-in Data Reader' }, `${ACCOUNT_ID}/dbs/orders`),
    RA,
  ],
  [
    'create: a full role definition id and /dbs/<db>/colls/<coll>/ (trailing slash dropped)',
    roleAssignmentCreateCommand,
    [
      ...create,
      '--role-definition',
      `${ACCOUNT_ID}/sqlRoleDefinitions/${CONTRIBUTOR.toUpperCase()}`,
      '--scope',
      '/dbs/orders/colls/invoices/',
    ],
    createdWith(
      { id: `${ACCOUNT_ID}/sqlRoleDefinitions/${CONTRIBUTOR}` },
      `${ACCOUNT_ID}/dbs/orders/colls/invoices`,
    ),
    RA,
  ],
  [
    'create: the fully qualified scope, GUIDs lower-cased',
    roleAssignmentCreateCommand,
    [
      'create',
      '--principal',
      PRINCIPAL.toUpperCase(),
      '--id',
      ID.toUpperCase(),
      '--role-definition',
      READER,
      '--scope',
      `${ACCOUNT_ID}/dbs/orders`,
    ],
    createdWith(readerId, `${ACCOUNT_ID}/dbs/orders`),
    RA,
  ],
  [
    'create --no-wait',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/', '--no-wait'],
    createdWith(readerId, ACCOUNT_ID, {
      wait: { wait: false, timeoutSeconds: undefined, intervalSeconds: 2 },
    }),
    RA,
  ],
  [
    'create --wait-timeout --interval',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/', '--wait-timeout', '30', '--interval', '0.5'],
    createdWith(readerId, ACCOUNT_ID, { wait: { wait: true, timeoutSeconds: 30, intervalSeconds: 0.5 } }),
    RA,
  ],
  [
    'create: target flags win over the environment',
    roleAssignmentCreateCommand,
    [
      ...create,
      '--role-definition',
      READER,
      '--scope',
      '/dbs/a',
      '--account',
      'other-acct',
      '--resource-group',
      'Other.RG_(1)',
      '--subscription',
      'AAAAAAAA-0000-4000-8000-000000000000',
      '--api-version',
      '2025-04-15',
    ],
    (() => {
      const target = {
        subscription: 'AAAAAAAA-0000-4000-8000-000000000000',
        resourceGroup: 'Other.RG_(1)',
        account: 'other-acct',
        apiVersion: '2025-04-15',
      };
      const acct = `/subscriptions/${target.subscription}/resourceGroups/${target.resourceGroup}/providers/Microsoft.DocumentDB/databaseAccounts/other-acct`;
      return createdWith({ id: `${acct}/sqlRoleDefinitions/${READER}` }, `${acct}/dbs/a`, { target });
    })(),
    RA,
  ],
  [
    'get: api-version from the environment',
    roleAssignmentGetCommand,
    ['get', SEED_READER_ASSIGNMENT],
    { id: SEED_READER_ASSIGNMENT, target: { ...TARGET, apiVersion: '2025-04-15' } },
    { ...RA, env: { OPS_DB_API_VERSION: '2025-04-15' } },
  ],
  ['list: 30 at most', roleAssignmentListCommand, ['list'], { limit: 30, target: TARGET }, RA],
  ['list --all', roleAssignmentListCommand, ['list', '--all'], { limit: undefined, target: TARGET }, RA],
  ['list --limit 1', roleAssignmentListCommand, ['list', '--limit', '1'], { limit: 1, target: TARGET }, RA],
  [
    'delete --yes (waits by default)',
    roleAssignmentDeleteCommand,
    ['delete', SEED_READER_ASSIGNMENT, '--yes'],
    { id: SEED_READER_ASSIGNMENT, target: TARGET, wait: WAIT },
    RA,
  ],
  [
    'delete --no-wait',
    roleAssignmentDeleteCommand,
    ['delete', SEED_READER_ASSIGNMENT, '--no-wait'],
    { id: SEED_READER_ASSIGNMENT, target: TARGET, wait: { ...WAIT, wait: false } },
    RA,
  ],
  ['role-definition list', roleDefinitionListCommand, ['list'], { limit: 30 }, RD],
  ['role-definition get GUID', roleDefinitionGetCommand, ['get', READER], { id: READER }, RD],
  [
    'role-definition get by full id',
    roleDefinitionGetCommand,
    ['get', `${ACCOUNT_ID}/sqlRoleDefinitions/${CONTRIBUTOR}`],
    { id: CONTRIBUTOR },
    RD,
  ],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected, o) => {
    const { values, calls } = await parseVerb(make, args, o);
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it('the account from the profile when neither flag nor environment gives it (flag > env > profile)', async () => {
    const { ConfigStore } = await import('../../src/config/store.js');
    const { tempConfigDir } = await import('../helpers/cli.js');
    const dir = tempConfigDir();
    new ConfigStore({ OPS_CONFIG_DIR: dir }).set('default', 'db.account', 'profile-docs');
    const env = { OPS_CONFIG_DIR: dir, OPS_DB_ACCOUNT: '' };
    const fromProfile = await parseVerb(roleAssignmentListCommand, ['list'], { ...RA, env });
    expect(fromProfile.values.target).toEqual({ ...TARGET, account: 'profile-docs' });
    const fromEnv = await parseVerb(roleAssignmentListCommand, ['list'], {
      ...RA,
      env: { ...env, OPS_DB_ACCOUNT: 'env-docs' },
    });
    expect((fromEnv.values.target as { account: string }).account).toBe('env-docs');
  });

  it('create without --id makes a new GUID each time', async () => {
    const args = ['create', '--principal', PRINCIPAL, '--role-definition', READER, '--scope', '/'];
    const a = await parseVerb(roleAssignmentCreateCommand, args, RA);
    const b = await parseVerb(roleAssignmentCreateCommand, args, RA);
    expect(a.values.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.values.id).not.toBe(b.values.id);
  });
});

const cr = (...extra: string[]) => [...create, '--role-definition', READER, '--scope', '/', ...extra];
const bad: Array<[string, Make, string[], RegExp, Record<string, string>?]> = [
  [
    'principal not a GUID',
    roleAssignmentCreateCommand,
    ['create', '--principal', 'alice', '--role-definition', READER, '--scope', '/'],
    /invalid --principal "alice"/,
  ],
  [
    '--id not a GUID',
    roleAssignmentCreateCommand,
    ['create', '--principal', PRINCIPAL, '--id', '42', '--role-definition', READER, '--scope', '/'],
    /invalid --id "42"/,
  ],
  [
    'scope /dbs',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/dbs'],
    /invalid --scope "\/dbs"/,
  ],
  [
    'scope /dbs/a/colls',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/dbs/a/colls'],
    /invalid --scope/,
  ],
  [
    'scope /dbs/a/docs/b',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/dbs/a/docs/b'],
    /invalid --scope/,
  ],
  [
    'scope without a leading slash',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', 'dbs/a'],
    /invalid --scope/,
  ],
  [
    'scope with ..',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', READER, '--scope', '/dbs/a/colls/b/../../x'],
    /invalid --scope/,
  ],
  [
    'scope of another account',
    roleAssignmentCreateCommand,
    [
      ...create,
      '--role-definition',
      READER,
      '--scope',
      `${ACCOUNT_ID.replace('sandbox-docs', 'other')}/dbs/a`,
    ],
    /is not in account sandbox-docs/,
  ],
  [
    'role definition of another account',
    roleAssignmentCreateCommand,
    [
      ...create,
      '--role-definition',
      `${ACCOUNT_ID.replace('sandbox-docs', 'other')}/sqlRoleDefinitions/${READER}`,
      '--scope',
      '/',
    ],
    /is not a role definition of account sandbox-docs/,
  ],
  [
    'role definition full id with a bad GUID',
    roleAssignmentCreateCommand,
    [...create, '--role-definition', `${ACCOUNT_ID}/sqlRoleDefinitions/1`, '--scope', '/'],
    /invalid --role-definition "1"/,
  ],
  ['account too short', roleAssignmentCreateCommand, cr('--account', 'ab'), /invalid --account "ab"/],
  [
    'account upper case',
    roleAssignmentCreateCommand,
    cr('--account', 'Sandbox'),
    /invalid --account "Sandbox"/,
  ],
  [
    'account ending in a hyphen (the pattern over the whole name)',
    roleAssignmentCreateCommand,
    cr('--account', 'docs-'),
    /invalid --account "docs-"/,
  ],
  [
    'account of 51 characters',
    roleAssignmentCreateCommand,
    cr('--account', 'a'.repeat(51)),
    /invalid --account/,
  ],
  [
    'resource group of 91 characters',
    roleAssignmentCreateCommand,
    cr('--resource-group', 'r'.repeat(91)),
    /invalid --resource-group/,
  ],
  [
    'resource group with a space',
    roleAssignmentCreateCommand,
    cr('--resource-group', 'my rg'),
    /invalid --resource-group "my rg"/,
  ],
  [
    'subscription not a GUID',
    roleAssignmentCreateCommand,
    cr('--subscription', 'prod'),
    /invalid --subscription "prod"/,
  ],
  ['empty --account', roleAssignmentCreateCommand, cr('--account', ''), /--account is empty/],
  [
    'api-version not a date',
    roleAssignmentListCommand,
    ['list', '--api-version', 'latest'],
    /invalid --api-version "latest"/,
  ],
  [
    'api-version an impossible date',
    roleAssignmentListCommand,
    ['list', '--api-version', '2025-02-30'],
    /^invalid --api-version "2025-02-30"$/,
  ],
  [
    'api-version a month that does not exist',
    roleAssignmentListCommand,
    ['list', '--api-version', '2025-13-01-preview'],
    /^invalid --api-version "2025-13-01-preview"$/,
  ],
  [
    'api-version from the environment, named as such',
    roleAssignmentListCommand,
    ['list'],
    /^invalid OPS_DB_API_VERSION "2025-04-31"$/,
    { OPS_DB_API_VERSION: '2025-04-31' },
  ],
  [
    'account from the environment, named as such',
    roleAssignmentListCommand,
    ['list'],
    /^invalid OPS_DB_ACCOUNT "Docs"$/,
    { OPS_DB_ACCOUNT: 'Docs' },
  ],
  [
    '--wait-timeout with --no-wait',
    roleAssignmentCreateCommand,
    cr('--no-wait', '--wait-timeout', '5'),
    /--wait-timeout and --interval mean nothing with --no-wait/,
  ],
  [
    '--wait-timeout 0',
    roleAssignmentDeleteCommand,
    ['delete', SEED_READER_ASSIGNMENT, '--wait-timeout', '0'],
    /invalid --wait-timeout "0"/,
  ],
  ['get: id not a GUID', roleAssignmentGetCommand, ['get', '../x'], /invalid role assignment id "..\/x"/],
  [
    'delete: id not a GUID',
    roleAssignmentDeleteCommand,
    ['delete', 'all', '--yes'],
    /invalid role assignment id "all"/,
  ],
  ['list --limit 0', roleAssignmentListCommand, ['list', '--limit', '0'], /invalid --limit "0"/],
  [
    'role-definition get: not a GUID',
    roleDefinitionGetCommand,
    ['get', 'reader'],
    /invalid role definition id "reader"/,
  ],
  [
    'no account anywhere',
    roleAssignmentListCommand,
    ['list'],
    /db: no account is set/,
    { OPS_DB_ACCOUNT: '' },
  ],
  [
    'no subscription anywhere',
    roleAssignmentListCommand,
    ['list'],
    /db: no subscription is set/,
    { OPS_DB_SUBSCRIPTION: '' },
  ],
  [
    'no resource group anywhere',
    roleAssignmentListCommand,
    ['list'],
    /db: no resource group is set/,
    { OPS_DB_RESOURCE_GROUP: '' },
  ],
];

describe('bad input: a usage error (exit 2) before any request', () => {
  it.each(bad)('%s', async (_name, make, args, message, env) => {
    const groups = make === roleDefinitionGetCommand ? RD : RA;
    const err = await parseVerb(make, args, { ...groups, env }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(message);
    expect((err as { exitCode?: number }).exitCode).toBe(2);
  });

  it('a missing token is exit 4 and names ops db login, after the input checks', async () => {
    const err = (await parseVerb(roleAssignmentListCommand, ['list'], {
      ...RA,
      env: { OPS_DB_TOKEN: '' },
    }).catch((e: unknown) => e)) as { exitCode: number; message: string; hint: string };
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('db: no token is set');
    expect(err.hint).toContain('ops db login');
  });
});
