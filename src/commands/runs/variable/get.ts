import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { Scope } from '../../../clients/runs/client.js';
import { VARIABLE_COLUMNS } from '../columns.js';
import { getVariable } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addScopeOptions, inScope, parseName, start } from '../shared.js';

export interface VariableGetOptions extends RunsBase {
  scope: Scope;
  name: string;
}

export function variableGetCommand(factory: Factory, run = runVariableGet): Command {
  return addScopeOptions(
    verbCommand('get', 'Show a variable and its value', [
      'ops runs variable get NODE_VERSION',
      'ops runs variable get APP_URL --env production --field value',
      'ops runs variable get DEFAULT_REGION --org octo-org --json',
    ]).argument('<name>', 'the variable name'),
  ).action(async (rawName: string, o: ScopeFlags, c: Command) => {
    const name = parseName('variable name', rawName);
    const { base, scope } = await start(factory, c, o, { scope: inScope(o) });
    await run({ ...base, scope, name });
  });
}

export async function runVariableGet(o: VariableGetOptions): Promise<void> {
  const v = await getVariable(await o.client(), o.scope, o.name);
  await o.printer.print(v, {
    columns: VARIABLE_COLUMNS.filter((c) => c.header !== 'visibility' || o.scope.kind === 'org'),
  });
}
