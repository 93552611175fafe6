import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { SecretsRunBase } from '../shared/start.js';
import { kvVersionsStart } from '../shared/kv-versions.js';
import { requireKey, requireV2 } from '../shared/kv-location.js';
import { secretsCommand } from '../shared/command.js';
import { printDeleted } from '../../shared/outcome.js';
import { requireKvSecret } from '../exists.js';

export interface KvDeleteOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  versions: number[] | undefined;
  confirm: (action: string) => Promise<void>;
}

export function kvDeleteCommand(factory: Factory, run = runKvDelete): Command {
  return secretsCommand(
    'delete',
    'Delete a secret: on KV v2 a soft delete of the latest (or the given) versions, undone by undelete',
    [
      'ops secrets kv delete secret/app/db --yes',
      'ops secrets kv delete secret/app/db --versions 1,2 -y',
      'ops secrets kv delete kv/app/legacy -y',
    ],
    {
      notes: `A secret (or a version) that is not there is exit 3: one read first, as the store answers 204 either way.`,
    },
  )
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option('--versions <list>', 'KV v2 versions to delete, e.g. 1,2 (default: the latest)')
    .action(
      async (path: string, o: { namespace?: string; mount?: string; versions?: string }, cmd: Command) => {
        const { ctx, options } = await kvVersionsStart(factory, cmd, path, o);
        await run({
          ...options,
          confirm: (a) => ctx.confirm(a),
        });
      },
    );
}

export async function runKvDelete(o: KvDeleteOptions): Promise<void> {
  // Asked before any request, so that a missing --yes without a terminal is exit 2 with nothing sent.
  await o.confirm(o.versions ? `Delete versions ${o.versions.join(', ')} of ${o.path}` : `Delete ${o.path}`);
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  if (o.versions) requireV2(loc, '--versions');
  await requireKvSecret(client, loc, o.versions);
  if (loc.version === 1) await client.kvV1Delete(loc);
  else if (o.versions) await client.kvV2DeleteVersions(loc, o.versions);
  else await client.kvV2Delete(loc);
  if (o.versions) await printDeleted(o, 'secret versions', `${o.path}@${o.versions.join(',')}`);
  else await printDeleted(o, 'secret', o.path);
}
