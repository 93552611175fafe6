import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { namespaceOf, secretsCommand } from '../shared/command.js';

export interface KvListOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
}

export function kvListCommand(factory: Factory, run = runKvList): Command {
  return secretsCommand(
    'list',
    'List the keys of a KV directory (v1 or v2); names ending in / are directories',
    [
      'ops secrets kv list secret/',
      'ops secrets kv list secret/app --json',
      'ops secrets kv list --mount kv app',
    ],
    { notes: `An empty directory prints nothing and exits 0.` },
  )
    .addArgument(
      completing(new Argument('<path>', 'mount and directory, e.g. secret/ or secret/app'), kvPathCompletion),
    )
    .option('--mount <path>', 'the KV mount, when the path is inside it')
    .action(async (path: string, o: { namespace?: string; mount?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, mount: o.mount });
    });
}

export async function runKvList(o: KvListOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  await o.printer.printList(loc.version === 2 ? client.kvV2List(loc) : client.kvV1List(loc));
}
