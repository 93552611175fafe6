import type { Command } from 'commander';
import { ROLE_ASSIGNMENT_FIELDS, ROLE_DEFINITION_FIELDS } from '../../clients/db/types.js';
import type { Factory, ServiceCommands } from '../../app/types.js';
import { settingPart } from '../shared/context-part.js';
import { dbLoginCommand } from './login.js';
import { roleAssignmentCreateCommand } from './role-assignment/create.js';
import { roleAssignmentDeleteCommand } from './role-assignment/delete.js';
import { roleAssignmentGetCommand } from './role-assignment/get.js';
import { roleAssignmentListCommand } from './role-assignment/list.js';
import { roleDefinitionGetCommand } from './role-definition/get.js';
import { roleDefinitionListCommand } from './role-definition/list.js';
import { addVerbs, destructive, read, write, groupCommand } from '../shared/verbs.js';

/** `ops db`: role assignments of a document-database account (seed 001 C). */
/** `ops api`'s {subscription}, {resource_group}, {account} and {api_version}: the account's path parts. */
export const apiPlaceholders: ServiceCommands['apiPlaceholders'] = {
  subscription: settingPart('db', 'subscription'),
  resource_group: settingPart('db', 'resource_group'),
  account: settingPart('db', 'account'),
  api_version: settingPart('db', 'api_version'),
};

export function register(parent: Command, factory: Factory): void {
  const db = groupCommand(
    parent,
    'db',
    'Database role assignment: sign in, grant principals data-plane roles, list and revoke them',
    [
      'eval "$(ops sandbox env)"',
      'ops db login',
      'ops db role-definition list',
      'ops db role-assignment list',
    ],
    {
      notes: `Every API verb addresses one account: --subscription, --resource-group and --account, or
OPS_DB_SUBSCRIPTION, OPS_DB_RESOURCE_GROUP and OPS_DB_ACCOUNT, or the profile (ops config set db.account …).`,
    },
  );
  addVerbs(db, { login: write(dbLoginCommand) }, factory);
  const assignment = groupCommand(
    db,
    'role-assignment',
    'Role assignments: create (or update), get, list, delete',
    ['ops db role-assignment list', 'ops db role-assignment get 4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21'],
  );
  addVerbs(
    assignment,
    {
      create: write(roleAssignmentCreateCommand, { idempotent: true }),
      get: read(roleAssignmentGetCommand, { fields: ROLE_ASSIGNMENT_FIELDS }),
      list: read(roleAssignmentListCommand, { list: true, fields: ROLE_ASSIGNMENT_FIELDS }),
      delete: destructive(roleAssignmentDeleteCommand),
    },
    factory,
  );
  const definition = groupCommand(db, 'role-definition', 'Role definitions of the account: list, get', [
    'ops db role-definition list',
    'ops db role-definition get 00000000-0000-0000-0000-000000000001',
  ]);
  addVerbs(
    definition,
    {
      list: read(roleDefinitionListCommand, { list: true, fields: ROLE_DEFINITION_FIELDS }),
      get: read(roleDefinitionGetCommand, { fields: ROLE_DEFINITION_FIELDS }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps: read-only, each succeeds against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Database role assignment: the role definitions', argv: ['db', 'role-definition', 'list'] },
  { title: 'Database role assignment: who has which role', argv: ['db', 'role-assignment', 'list'] },
];
