import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbClient } from '../../../clients/db/client.js';
import type { SqlRoleDefinitionWire } from '../../../clients/db/types.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { DEFINITION_COLUMNS, type TargetFlags, addTargetOptions, start } from '../shared.js';

export interface RoleDefinitionListOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<DbClient>;
  limit: number | undefined;
}

export function roleDefinitionListCommand(factory: Factory, run = runRoleDefinitionList): Command {
  const cmd = verbCommand(
    'list',
    'List the role definitions of the account (built-in and custom), with their data actions',
    [
      'ops db role-definition list',
      'ops db role-definition list --json \\\n' + '    --query "[].{name: name, role: properties.roleName}"',
    ],
  );
  addListFlags(cmd);
  return addTargetOptions(cmd).action(
    async (o: TargetFlags & { limit?: string; all?: boolean }, c: Command) => {
      const { limit } = parseListFlags(o);
      const { ctx, base } = await start(factory, c, o);
      await run({ printer: ctx.printer, feedback: ctx.feedback, client: base.client, limit });
    },
  );
}

export async function runRoleDefinitionList(o: RoleDefinitionListOptions): Promise<void> {
  const client = await o.client();
  await printPages<SqlRoleDefinitionWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listSqlRoleDefinitions({ limit: o.limit, raw: o.printer.takesRawJson }),
    columns: DEFINITION_COLUMNS,
    limit: o.limit,
    noun: 'role definitions',
  });
}
