import { completing } from '../../../shared/complete.js';
import { kvPathCompletion } from '../../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type SecretsRunBase, start } from '../../shared/start.js';
import { namespaceOf, secretsCommand } from '../../shared/command.js';
import { requireKey, requireV2 } from '../../shared/kv-location.js';
import { printDeleted } from '../../../shared/outcome.js';
import { requireKvSecret } from '../../exists.js';

export interface KvMetadataDeleteOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  confirm: (action: string) => Promise<void>;
}

export function kvMetadataDeleteCommand(factory: Factory, run = runKvMetadataDelete): Command {
  return secretsCommand(
    'delete',
    'Delete a KV v2 secret entirely: its metadata and every version',
    ['ops secrets kv metadata delete secret/app/config --yes'],
    { notes: `A secret that is not there is exit 3 (one read first).` },
  )
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .action(async (path: string, o: { namespace?: string; mount?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../../../clients/secrets/client.js');
      secretPath(path);
      const { ctx, base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, mount: o.mount, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runKvMetadataDelete(o: KvMetadataDeleteOptions): Promise<void> {
  await o.confirm(`Delete ${o.path} with all its versions`);
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv metadata delete');
  await requireKvSecret(client, loc);
  await client.kvV2DeleteMetadata(loc);
  await printDeleted(o, 'secret', o.path);
}
