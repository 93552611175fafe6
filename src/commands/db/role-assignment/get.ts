import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbAccount, DbClient } from '../../../clients/db/client.js';
import type { Printer } from '../../../output/printer.js';
import {
  type TargetFlags,
  addTargetOptions,
  assignmentColumns,
  parseGuid,
  start,
  assignmentArgument,
} from '../shared.js';

export interface RoleAssignmentGetOptions {
  printer: Printer;
  client: () => Promise<DbClient>;
  target: DbAccount;
  id: string;
}

export function roleAssignmentGetCommand(factory: Factory, run = runRoleAssignmentGet): Command {
  return addTargetOptions(
    verbCommand('get', 'Show one role assignment: principal, role definition and scope', [
      'ops db role-assignment get 4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21',
      'ops db role-assignment get 9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c --json',
      'ops db role-assignment get 9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c \\\n' + '    --field properties.scope',
    ]).addArgument(assignmentArgument()),
  ).action(async (rawId: string, o: TargetFlags, c: Command) => {
    const id = parseGuid('role assignment id', rawId);
    const { ctx, base, target } = await start(factory, c, o);
    await run({ printer: ctx.printer, client: base.client, target, id });
  });
}

export async function runRoleAssignmentGet(o: RoleAssignmentGetOptions): Promise<void> {
  const assignment = await (await o.client()).getSqlRoleAssignment(o.id);
  await o.printer.print(assignment, { columns: assignmentColumns(o.target) });
}
