/** Seed data of the role-assignment emulator: the sandbox's account, its role definitions and assignments. */

export const PROVIDER = 'Microsoft.DocumentDB';
export const ASSIGNMENT_TYPE = `${PROVIDER}/databaseAccounts/sqlRoleAssignments`;
export const DEFINITION_TYPE = `${PROVIDER}/databaseAccounts/sqlRoleDefinitions`;
/** The api-versions the emulator serves: the reference's newest (C.2) and the one before, same shape. */
/**
 * The versions the emulator answers: the reference's newest stable (2025-10-15), the one before with
 * the same shape, and 2026-03-15, the default of the current @azure/arm-cosmosdb (17.0.0).
 */
export const API_VERSIONS = ['2025-10-15', '2025-04-15', '2026-03-15'];
/** Where the sandbox account lives: it names the operation URLs (`locations/{region}`). */
export const REGION = 'westus2';

/** The directory of the sandbox: the user the authorize endpoint signs in, and its tenant. */
export const SANDBOX_TENANT = 'c0ffee00-1234-4abc-9def-0123456789ab';
export const SANDBOX_USER = {
  oid: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  upn: 'sandbox.user@example.com',
  name: 'Sandbox User',
};

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The seed's account name rule, over the whole name (3 to 50 characters). */
export const ACCOUNT_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The resource group rule of the API (1 to 90 characters). */
export const RESOURCE_GROUP = /^[-\w._()]+$/;

export const READER_ID = '00000000-0000-0000-0000-000000000001';
export const CONTRIBUTOR_ID = '00000000-0000-0000-0000-000000000002';

export interface Definition {
  id: string;
  roleName: string;
  type: 'BuiltInRole' | 'CustomRole';
  permissions: Array<{ dataActions: string[]; notDataActions: string[] }>;
}

const ACCOUNT_ACTIONS = `${PROVIDER}/databaseAccounts`;

/** The two built-in role definitions every account has: a data reader and a data contributor. */
export const BUILT_IN: Definition[] = [
  {
    id: READER_ID,
    roleName: 'Built-in Data Reader',
    type: 'BuiltInRole',
    permissions: [
      {
        dataActions: [
          `${ACCOUNT_ACTIONS}/readMetadata`,
          `${ACCOUNT_ACTIONS}/sqlDatabases/containers/executeQuery`,
          `${ACCOUNT_ACTIONS}/sqlDatabases/containers/readChangeFeed`,
          `${ACCOUNT_ACTIONS}/sqlDatabases/containers/items/read`,
        ],
        notDataActions: [],
      },
    ],
  },
  {
    id: CONTRIBUTOR_ID,
    roleName: 'Built-in Data Contributor',
    type: 'BuiltInRole',
    permissions: [
      {
        dataActions: [
          `${ACCOUNT_ACTIONS}/readMetadata`,
          `${ACCOUNT_ACTIONS}/sqlDatabases/containers/*`,
          `${ACCOUNT_ACTIONS}/sqlDatabases/containers/items/*`,
        ],
        notDataActions: [],
      },
    ],
  },
];

export interface Assignment {
  id: string;
  principalId: string;
  /** The GUID of the role definition (the answer gives its full id). */
  definition: string;
  /** Below the account: '' (the account), `/dbs/<db>` or `/dbs/<db>/colls/<coll>`. */
  scope: string;
}

/** Two assignments in the seed data: a reporting app reads the account, a service writes one container. */
export const SEED_ASSIGNMENTS: Assignment[] = [
  {
    id: '4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21',
    principalId: 'a3f5c2d1-7b8e-4f90-8c1d-2e3f4a5b6c7d',
    definition: READER_ID,
    scope: '',
  },
  {
    id: '9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c',
    principalId: 'e1d2c3b4-a596-4871-9c0d-1e2f3a4b5c6d',
    definition: CONTRIBUTOR_ID,
    scope: '/dbs/orders/colls/invoices',
  },
];
