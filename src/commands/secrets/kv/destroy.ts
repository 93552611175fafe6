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

export interface KvDestroyOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  versions: number[];
  confirm: (action: string) => Promise<void>;
}

export function kvDestroyCommand(factory: Factory, run = runKvDestroy): Command {
  return secretsCommand(
    'destroy',
    'Permanently remove the data of versions of a KV v2 secret (cannot be undone)',
    ['ops secrets kv destroy secret/app/db --versions 1 --yes'],
  )
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .requiredOption('--versions <list>', 'versions to destroy, e.g. 1,2')
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .action(
      async (path: string, o: { namespace?: string; mount?: string; versions: string }, cmd: Command) => {
        const { ctx, options } = await kvVersionsStart(factory, cmd, path, o);
        await run({
          ...options,
          versions: options.versions!,
          confirm: (a) => ctx.confirm(a),
        });
      },
    );
}

export async function runKvDestroy(o: KvDestroyOptions): Promise<void> {
  await o.confirm(`Destroy versions ${o.versions.join(', ')} of ${o.path} for good`);
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv destroy');
  await requireKvSecret(client, loc, o.versions);
  await client.kvV2DestroyVersions(loc, o.versions);
  await printDeleted(o, 'secret versions', `${o.path}@${o.versions.join(',')}`);
}
