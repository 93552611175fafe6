import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { SecretsRunBase } from '../shared/start.js';
import { kvVersionsStart } from '../shared/kv-versions.js';
import { requireKey, requireV2 } from '../shared/kv-location.js';
import { secretsCommand } from '../shared/command.js';

export interface KvUndeleteOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  versions: number[];
}

export function kvUndeleteCommand(factory: Factory, run = runKvUndelete): Command {
  return secretsCommand('undelete', 'Restore soft-deleted versions of a KV v2 secret', [
    'ops secrets kv undelete secret/app/db --versions 2',
    'ops secrets kv undelete --mount secret app/db --versions 1,2',
  ])
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .requiredOption('--versions <list>', 'versions to restore, e.g. 1,2')
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .action(
      async (path: string, o: { namespace?: string; mount?: string; versions: string }, cmd: Command) => {
        const { options } = await kvVersionsStart(factory, cmd, path, o);
        await run({ ...options, versions: options.versions! });
      },
    );
}

export async function runKvUndelete(o: KvUndeleteOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv undelete');
  await client.kvV2UndeleteVersions(loc, o.versions);
  o.feedback.info(`Success! Versions ${o.versions.join(', ')} of ${o.path} restored`);
}
