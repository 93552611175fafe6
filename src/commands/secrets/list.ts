import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';
import { type ListFlags, addListFlags, parseListFlags } from '../shared/list-flags.js';
import { printWhole } from '../shared/list.js';

export interface SecretsListOptions extends SecretsRunBase {
  path: string;
  limit: ListFlags['limit'];
}

export function secretsListCommand(factory: Factory, run = runSecretsList): Command {
  const cmd = secretsCommand(
    'list',
    'List the keys at a directory path (LIST /v1/<path>/); names ending in / are directories',
    [
      'ops secrets list kv/app',
      'ops secrets list secret/metadata/ --json',
      'ops secrets list kv/app --limit 1',
    ],
    {
      notes: `An empty directory prints nothing and exits 0. The store answers a LIST with every key at
once: --limit cuts it here.`,
    },
  ).argument('<path>', 'directory path below /v1/, e.g. kv/app or secret/metadata/app');
  return addListFlags(cmd).action(
    async (path: string, o: { namespace?: string; limit?: string; all?: boolean }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { limit } = parseListFlags(o);
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, limit });
    },
  );
}

export async function runSecretsList(o: SecretsListOptions): Promise<void> {
  const client = await o.client();
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: client.list(o.path),
    limit: o.limit,
    noun: 'keys',
  });
}
