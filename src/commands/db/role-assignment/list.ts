import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbAccount, DbClient } from '../../../clients/db/client.js';
import type { SqlRoleAssignmentWire } from '../../../clients/db/types.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { type TargetFlags, addTargetOptions, assignmentColumns, start } from '../shared.js';

export interface RoleAssignmentListOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<DbClient>;
  target: DbAccount;
  /** Assignments to print at most; undefined with --all. */
  limit: number | undefined;
}

export function roleAssignmentListCommand(factory: Factory, run = runRoleAssignmentList): Command {
  const cmd = verbCommand('list', 'List the role assignments of the account', [
    'ops db role-assignment list',
    'ops db role-assignment list --json',
    'ops db role-assignment list --query \\\n' +
      '    "[?properties.principalId==\'a3f5c2d1-7b8e-4f90-8c1d-2e3f4a5b6c7d\'].name"',
  ]);
  addListFlags(cmd);
  return addTargetOptions(cmd).action(
    async (o: TargetFlags & { limit?: string; all?: boolean }, c: Command) => {
      const { limit } = parseListFlags(o);
      const { ctx, base, target } = await start(factory, c, o);
      await run({
        printer: ctx.printer,
        feedback: ctx.feedback,
        client: base.client,
        target,
        limit,
      });
    },
  );
}

export async function runRoleAssignmentList(o: RoleAssignmentListOptions): Promise<void> {
  const client = await o.client();
  await printPages<SqlRoleAssignmentWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listSqlRoleAssignments({ limit: o.limit, raw: o.printer.takesRawJson }),
    columns: assignmentColumns(o.target),
    limit: o.limit,
    noun: 'role assignments',
  });
}
