import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Scope, describeScope } from '../../../clients/runs/refs.js';
import { deleteSecret } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addScopeOptions, inScope, parseName, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface SecretDeleteOptions extends RunsBase {
  scope: Scope;
  name: string;
  confirm: (action: string) => Promise<void>;
}

export function secretDeleteCommand(factory: Factory, run = runSecretDelete): Command {
  return addScopeOptions(
    verbCommand('delete', 'Delete a secret; asks first, --yes skips the question', [
      'ops runs secret delete DEPLOY_TOKEN --yes',
      'ops runs secret delete DB_PASSWORD --env staging -y',
      'ops runs secret delete SLACK_WEBHOOK_URL --org octo-org -y',
    ]).argument('<name>', 'the secret name'),
  ).action(async (rawName: string, o: ScopeFlags, c: Command) => {
    const name = parseName('secret name', rawName);
    const { ctx, base, scope } = await start(factory, c, o, { scope: inScope(o) });
    await run({ ...base, scope, name, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runSecretDelete(o: SecretDeleteOptions): Promise<void> {
  await o.confirm(`Delete secret ${o.name} of ${describeScope(o.scope)}`);
  await deleteSecret(await o.client(), o.scope, o.name);
  await printDeleted(o, 'secret', o.name);
}
