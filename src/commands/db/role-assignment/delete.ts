import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbAccount, DbClient } from '../../../clients/db/client.js';
import { NotFoundError } from '../../../errors.js';
import type { Printer } from '../../../output/printer.js';
import { printDeleted } from '../../shared/outcome.js';
import { type WaitFlags, addWaitOptions, parseWaitOptions } from '../../shared/wait.js';
import { ACCEPTED_COLUMNS, type FollowDeps, followOperation } from '../operation.js';
import { type TargetFlags, addTargetOptions, parseGuid, start, assignmentArgument } from '../shared.js';

export interface RoleAssignmentDeleteOptions extends FollowDeps {
  printer: Printer;
  client: () => Promise<DbClient>;
  target: DbAccount;
  id: string;
  confirm: (action: string) => Promise<void>;
}

export function roleAssignmentDeleteCommand(factory: Factory, run = runRoleAssignmentDelete): Command {
  const cmd = verbCommand(
    'delete',
    'Delete a role assignment and wait until it is gone (asks first; --yes to skip)',
    [
      'ops db role-assignment delete 4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21 --yes',
      'ops db role-assignment delete 9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c --yes \\\n' + '    --no-wait',
    ],
    { notes: `Deleting an assignment that does not exist is exit 3 (the API answers 204 for it).` },
  ).addArgument(assignmentArgument());
  addWaitOptions(cmd, { what: 'the assignment is gone', defaultInterval: 2 });
  return addTargetOptions(cmd).action(async (rawId: string, o: TargetFlags & WaitFlags, c: Command) => {
    const id = parseGuid('role assignment id', rawId);
    const wait = parseWaitOptions(o, { defaultInterval: 2 });
    const { ctx, base, target } = await start(factory, c, o);
    await run({
      io: ctx.io,
      printer: ctx.printer,
      feedback: ctx.feedback,
      client: base.client,
      target,
      id,
      wait,
      confirm: (a) => ctx.confirm(a),
    });
  });
}

export async function runRoleAssignmentDelete(o: RoleAssignmentDeleteOptions): Promise<void> {
  await o.confirm(`Delete role assignment ${o.id} of account ${o.target.account}`);
  const client = await o.client();
  const m = await client.deleteSqlRoleAssignment(o.id);
  // The API answers 204 for an assignment that does not exist (200 or 202 for one it deletes).
  if (m.done && m.status === 204)
    throw new NotFoundError(
      {
        kind: 'role assignment',
        id: o.id,
        where: `account ${o.target.account}`,
        hint: '`ops db role-assignment list` shows the assignments; --account looks in another account',
      },
      { service: 'db', status: 204 },
    );
  if (!m.done && !o.wait.wait)
    return o.printer.print(
      { name: o.id, status: 'Accepted' as const, operation: m.operation.url },
      { columns: ACCEPTED_COLUMNS },
    );
  if (!m.done) await followOperation(client, m.operation, `deletion of role assignment ${o.id}`, o);
  await printDeleted(o, 'role assignment', o.id);
}
