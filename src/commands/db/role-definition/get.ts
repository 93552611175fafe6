import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { DbClient } from '../../../clients/db/client.js';
import type { Printer } from '../../../output/printer.js';
import { DEFINITION_COLUMNS, type TargetFlags, addTargetOptions, parseGuid, start } from '../shared.js';

export interface RoleDefinitionGetOptions {
  printer: Printer;
  client: () => Promise<DbClient>;
  id: string;
}

/** A role definition's GUID, or its fully qualified id (the last segment is the GUID). */
export function parseDefinitionId(raw: string): string {
  const v = raw.trim();
  return parseGuid('role definition id', v.startsWith('/') ? v.slice(v.lastIndexOf('/') + 1) : v);
}

export function roleDefinitionGetCommand(factory: Factory, run = runRoleDefinitionGet): Command {
  return addTargetOptions(
    verbCommand('get', 'Show one role definition: its name, type, assignable scopes and permissions', [
      'ops db role-definition get 00000000-0000-0000-0000-000000000001',
      'ops db role-definition get 00000000-0000-0000-0000-000000000002 --json \\\n' +
        '    --query properties.permissions',
    ]).argument('<id>', 'the role definition id: a GUID, or the fully qualified id'),
  ).action(async (rawId: string, o: TargetFlags, c: Command) => {
    const id = parseDefinitionId(rawId);
    const { ctx, base } = await start(factory, c, o);
    await run({ printer: ctx.printer, client: base.client, id });
  });
}

export async function runRoleDefinitionGet(o: RoleDefinitionGetOptions): Promise<void> {
  const definition = await (await o.client()).getSqlRoleDefinition(o.id);
  await o.printer.print(definition, { columns: DEFINITION_COLUMNS });
}
