import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { secretsCommand } from '../shared/command.js';

export interface OperatorSealOptions extends SecretsRunBase {
  confirm: (action: string) => Promise<void>;
}

export function operatorSealCommand(factory: Factory, run = runOperatorSeal): Command {
  return secretsCommand(
    'seal',
    'Seal the store: every request but status and unseal fails until it is unsealed (needs a root token)',
    ['ops secrets operator seal --yes'],
    { namespaced: false },
  ).action(async (_o: unknown, cmd: Command) => {
    const { ctx, base, view } = await start(factory, cmd, {});
    await run({ ...base, ...view, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runOperatorSeal(o: OperatorSealOptions): Promise<void> {
  await o.confirm('Seal the secrets store');
  const client = await o.client();
  await client.seal();
  o.feedback.info('Success! The store is sealed.');
}
