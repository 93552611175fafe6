import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';

export interface SecretsListOptions extends SecretsRunBase {
  path: string;
}

export function secretsListCommand(factory: Factory, run = runSecretsList): Command {
  return secretsCommand(
    'list',
    'List the keys at a directory path (LIST /v1/<path>/); names ending in / are directories',
    ['ops secrets list kv/app', 'ops secrets list secret/metadata/ --json'],
    { notes: `An empty directory prints nothing and exits 0.` },
  )
    .argument('<path>', 'directory path below /v1/, e.g. kv/app or secret/metadata/app')
    .action(async (path: string, o: { namespace?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path });
    });
}

export async function runSecretsList(o: SecretsListOptions): Promise<void> {
  const client = await o.client();
  await o.printer.printList(client.list(o.path));
}
