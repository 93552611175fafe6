import { requiredContextArgument } from '../pick.js';
import { CONTEXT_ORG, parseContextRef, resolveContext } from '../ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { type Confirm, type PipelinesBase, parseEnvName, start } from '../../shared.js';
import { printDeleted } from '../../../shared/outcome.js';

export interface ContextEnvDeleteOptions extends PipelinesBase {
  contextId: string;
  name: string;
  confirm: Confirm;
}

export function contextEnvDeleteCommand(factory: Factory, run = runContextEnvDelete): Command {
  return verbCommand('delete', 'Delete a variable of a context', [
    'ops pipelines context env delete a0c17523-e4af-46ab-965f-4a57cbc4a90f \\\n' +
      '    SNS_ALERT_TOPIC --yes',
  ])
    .addArgument(requiredContextArgument())
    .option('--org <org>', CONTEXT_ORG)
    .argument('<name>', 'variable name')
    .action(async (id: string, name: string, _o: unknown, c: Command) => {
      const ref = parseContextRef(id, c.opts());
      const variable = parseEnvName(name);
      const { ctx, base } = await start(factory, c);
      const contextId = await resolveContext(ctx, base, ref, c.opts());
      await run({ ...base, contextId, name: variable, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runContextEnvDelete(o: ContextEnvDeleteOptions): Promise<void> {
  await o.confirm(`Delete variable ${o.name} of context ${o.contextId}`);
  await (await o.client()).deleteEnvironmentVariableFromContext(o.contextId, o.name);
  await printDeleted(o, 'context variable', o.name);
}
