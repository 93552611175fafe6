import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { namespaceOf, secretsCommand } from '../shared/command.js';
import { type ListFlags, addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { printWhole } from '../../shared/list.js';

export interface KvListOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  limit: ListFlags['limit'];
}

export function kvListCommand(factory: Factory, run = runKvList): Command {
  const cmd = secretsCommand(
    'list',
    'List the keys of a KV directory (v1 or v2); names ending in / are directories',
    [
      'ops secrets kv list secret/',
      'ops secrets kv list secret/app --json',
      'ops secrets kv list --mount kv app',
      'ops secrets kv list secret/ --limit 1',
    ],
    {
      notes: `An empty directory prints nothing and exits 0. The store answers a LIST with every key at
once: --limit cuts it here.`,
    },
  )
    .addArgument(
      completing(new Argument('<path>', 'mount and directory, e.g. secret/ or secret/app'), kvPathCompletion),
    )
    .option('--mount <path>', 'the KV mount, when the path is inside it');
  return addListFlags(cmd).action(
    async (
      path: string,
      o: { namespace?: string; mount?: string; limit?: string; all?: boolean },
      cmd: Command,
    ) => {
      const namespace = namespaceOf(o.namespace);
      const { limit } = parseListFlags(o);
      const { secretPath } = await import('../../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, mount: o.mount, limit });
    },
  );
}

export async function runKvList(o: KvListOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: loc.version === 2 ? client.kvV2List(loc) : client.kvV1List(loc),
    limit: o.limit,
    noun: 'keys',
  });
}
