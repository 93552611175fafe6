import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Scope, describeScope } from '../../../clients/runs/refs.js';
import { deleteVariable } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addScopeOptions, inScope, parseName, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface VariableDeleteOptions extends RunsBase {
  scope: Scope;
  name: string;
  confirm: (action: string) => Promise<void>;
}

export function variableDeleteCommand(factory: Factory, run = runVariableDelete): Command {
  return addScopeOptions(
    verbCommand('delete', 'Delete a variable; asks first, --yes skips the question', [
      'ops runs variable delete LOG_LEVEL --yes',
      'ops runs variable delete APP_URL --env staging -y',
      'ops runs variable delete INTERNAL_MIRROR --org octo-org -y',
    ]).argument('<name>', 'the variable name'),
  ).action(async (rawName: string, o: ScopeFlags, c: Command) => {
    const name = parseName('variable name', rawName);
    const { ctx, base, scope } = await start(factory, c, o, { scope: inScope(o) });
    await run({ ...base, scope, name, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runVariableDelete(o: VariableDeleteOptions): Promise<void> {
  await o.confirm(`Delete variable ${o.name} of ${describeScope(o.scope)}`);
  await deleteVariable(await o.client(), o.scope, o.name);
  await printDeleted(o, 'variable', o.name);
}
