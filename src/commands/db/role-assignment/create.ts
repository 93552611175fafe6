import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbAccount, DbClient } from '../../../clients/db/client.js';
import { collect } from '../../../clients/http/paginate.js';
import { ExitCode, OpsError } from '../../../errors.js';
import type { Printer } from '../../../output/printer.js';
import { type WaitFlags, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';
import { ACCEPTED_COLUMNS, type FollowDeps, followOperation } from '../operation.js';
import {
  type RoleDefinitionRef,
  type TargetFlags,
  addTargetOptions,
  assignmentColumns,
  parseGuid,
  parseRoleDefinition,
  parseScope,
  start,
} from '../shared.js';

export interface RoleAssignmentCreateOptions extends FollowDeps {
  printer: Printer;
  client: () => Promise<DbClient>;
  target: DbAccount;
  id: string;
  principalId: string;
  roleDefinition: RoleDefinitionRef;
  /** Fully qualified. */
  scope: string;
}

interface CreateFlags extends TargetFlags, WaitFlags {
  principal: string;
  roleDefinition: string;
  scope: string;
  id?: string;
}

export function roleAssignmentCreateCommand(factory: Factory, run = runRoleAssignmentCreate): Command {
  const cmd = verbCommand(
    'create',
    'Create a role assignment, or update the one with the same --id, and wait for it',
    [
      'ops db role-assignment create \\\n' +
        '    --principal 7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6 \\\n' +
        '    --role-definition "Built-in Data Reader" --scope /',
      'ops db role-assignment create \\\n' +
        '    --principal 7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6 \\\n' +
        '    --role-definition 00000000-0000-0000-0000-000000000002 \\\n' +
        '    --scope /dbs/orders/colls/invoices \\\n' +
        '    --id 3b0c9a1e-5d7f-4e2a-8b6c-1f0e9d8c7b6a',
      'ops db role-assignment create \\\n' +
        '    --principal 7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6 \\\n' +
        '    --role-definition 00000000-0000-0000-0000-000000000001 --scope /dbs/orders \\\n' +
        '    --no-wait',
    ],
  )
    .requiredOption('--principal <id>', 'object id (GUID) of the directory principal to grant access')
    .requiredOption('--role-definition <id|name>', 'role definition: its GUID, full id, or role name')
    .requiredOption(
      '--scope <path>',
      'where: /, /dbs/<db>, /dbs/<db>/colls/<coll>, or the fully qualified path',
    )
    .option('--id <guid>', 'the assignment id (default: a new GUID; an existing id is updated)');
  addWaitOptions(cmd, { what: 'the assignment is in place', defaultInterval: 2 });
  return addTargetOptions(cmd).action(async (o: CreateFlags, c: Command) => {
    const wait = parseWaitOptions(o, { defaultInterval: 2 });
    const principalId = parseGuid('--principal', o.principal);
    const id = o.id === undefined ? randomUUID() : parseGuid('--id', o.id);
    const { ctx, base, target, roleDefinition, scope } = await start(factory, c, o, {
      scope: (_ctx, { target }) => ({
        roleDefinition: parseRoleDefinition(o.roleDefinition, target),
        scope: parseScope(o.scope, target),
      }),
    });
    await run({
      io: ctx.io,
      printer: ctx.printer,
      feedback: ctx.feedback,
      client: base.client,
      target,
      wait,
      id,
      principalId,
      roleDefinition,
      scope,
    });
  });
}

/** A role name, as `ops db role-definition list` shows it, to its id (one read of the definitions). */
async function resolveRoleName(client: DbClient, name: string): Promise<string> {
  const pages = await collect(client.listSqlRoleDefinitions({ plan: true }));
  const defs = pages.flatMap((p) => p.items);
  const hit = defs.find((d) => d.properties?.roleName?.toLowerCase() === name.toLowerCase());
  if (!hit)
    throw new OpsError(`db: account ${client.target.account} has no role definition named "${name}"`, {
      exitCode: ExitCode.notFound,
      code: 'NotFound',
      hint: `its role definitions: ${defs.map((d) => d.properties?.roleName).join(', ')}`,
    });
  return hit.id;
}

export async function runRoleAssignmentCreate(o: RoleAssignmentCreateOptions): Promise<void> {
  const client = await o.client();
  const roleDefinitionId =
    'id' in o.roleDefinition ? o.roleDefinition.id : await resolveRoleName(client, o.roleDefinition.name);
  const m = await client.createUpdateSqlRoleAssignment(o.id, {
    roleDefinitionId,
    scope: o.scope,
    principalId: o.principalId,
  });
  const columns = assignmentColumns(o.target);
  if (m.done) return o.printer.print(m.result ?? (await client.getSqlRoleAssignment(o.id)), { columns });
  if (!o.wait.wait)
    return o.printer.print(
      { name: o.id, status: 'Accepted' as const, operation: m.operation.url },
      { columns: ACCEPTED_COLUMNS },
    );
  await followOperation(client, m.operation, `role assignment ${o.id}`, o);
  // The operation says only that it succeeded: the assignment itself is read from its own URL.
  await o.printer.print(await client.getSqlRoleAssignment(o.id), { columns });
}
