import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';
import { warn } from './shared/print.js';
import { printDeleted } from '../shared/outcome.js';
import { requirePath } from './exists.js';

export interface SecretsDeleteOptions extends SecretsRunBase {
  path: string;
  confirm: (action: string) => Promise<void>;
}

export function secretsDeleteCommand(factory: Factory, run = runSecretsDelete): Command {
  return secretsCommand(
    'delete',
    'Delete any path (DELETE /v1/<path>); asks first, --yes skips the question',
    ['ops secrets delete kv/app/legacy --yes', 'ops secrets delete secret/metadata/app/config -y'],
    {
      notes: `The path is read first: its 404 is exit 3 (the store answers 204 to a delete either way). A path that
cannot be read (405) or may not be (403) is deleted without that check.`,
    },
  )
    .argument('<path>', 'path below /v1/')
    .action(async (path: string, o: { namespace?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const { ctx, base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runSecretsDelete(o: SecretsDeleteOptions): Promise<void> {
  await o.confirm(`Delete ${o.path}`);
  const client = await o.client();
  await requirePath(client, o.path);
  const body = await client.delete(o.path);
  warn(o.feedback, body);
  await printDeleted(o, 'path', o.path);
}
