import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { DbAccount, DbClient } from '../../src/clients/db/client.js';
import type { SqlRoleAssignmentWire, SqlRoleDefinitionWire } from '../../src/clients/db/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { createEmulator } from '../../src/sandbox/db/index.js';
import { directEmulator } from '../helpers/emulator.js';
import { strictStub } from '../helpers/http.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

export { output };

const SB = SANDBOX_CREDENTIALS.db!;

/** The sandbox's account, as `ops sandbox env` exports it. */
export const TARGET: DbAccount = {
  subscription: SB.subscription!,
  resourceGroup: SB.resource_group!,
  account: SB.account!,
  apiVersion: '2025-10-15',
};
export const ACCOUNT_ID = `/subscriptions/${TARGET.subscription}/resourceGroups/${TARGET.resourceGroup}/providers/Microsoft.DocumentDB/databaseAccounts/${TARGET.account}`;
export const READER = '00000000-0000-0000-0000-000000000001';
export const CONTRIBUTOR = '00000000-0000-0000-0000-000000000002';
export const PRINCIPAL = '7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6';
export const SEED_READER_ASSIGNMENT = '4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21';
export const SEED_CONTRIBUTOR_ASSIGNMENT = '9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c';
export const BEARER = { authorization: `Bearer ${SB.token}` };

/** The sandbox's environment for db (no server listens at this address: parse tests send nothing). */
export const DB_ENV = Object.fromEntries(
  Object.entries(sandboxEnv('http://127.0.0.1:9')).filter(([k]) => k.startsWith('OPS_DB_')),
);

/**
 * `ops db <groups> <args>` parsed with the run function a spy; the values are the parsed options with
 * the injected things (functions, the wait's sleep and clock) left out.
 */
export async function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  const r = await parseVerbOf('db', make, args, { ...o, env: { ...DB_ENV, ...o.env } });
  const values = Object.fromEntries(Object.entries(r.values).filter(([, v]) => typeof v !== 'function'));
  return { ...r, values };
}

export function assignment(
  id: string,
  o: Partial<{ principalId: string; definition: string; scope: string }> = {},
): SqlRoleAssignmentWire {
  return {
    id: `${ACCOUNT_ID}/sqlRoleAssignments/${id}`,
    name: id,
    type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments',
    properties: {
      principalId: o.principalId ?? PRINCIPAL,
      roleDefinitionId: `${ACCOUNT_ID}/sqlRoleDefinitions/${o.definition ?? READER}`,
      scope: `${ACCOUNT_ID}${o.scope ?? ''}`,
    },
  };
}

export function definition(id: string, roleName: string): SqlRoleDefinitionWire {
  return {
    id: `${ACCOUNT_ID}/sqlRoleDefinitions/${id}`,
    name: id,
    type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleDefinitions',
    properties: {
      roleName,
      type: 'BuiltInRole',
      assignableScopes: [ACCOUNT_ID],
      permissions: [
        { dataActions: ['Microsoft.DocumentDB/databaseAccounts/readMetadata'], notDataActions: [] },
      ],
    },
  };
}

/** One page as the paginator yields it. */
export async function* pageOf<T>(items: T[]): AsyncGenerator<Page<T>> {
  yield {
    items,
    more: false,
    response: { status: 200, headers: {}, data: { value: items }, url: '', attempts: 1 },
  };
}

/** A client whose every method the test did not give fails at once. */
export function stubClient(methods: Partial<DbClient>): DbClient {
  return strictStub<DbClient>('db', { target: TARGET, ...methods });
}

/** The emulator alone, on its own clock. */
export function emulator(settings: Record<string, string> = {}) {
  return directEmulator('db', createEmulator, { settings });
}
