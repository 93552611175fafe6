import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../factory.js';
import { parseInteger } from '../../shared/parse.js';
import {
  type SecretsRunBase,
  baseOptions,
  namespaceOf,
  parseData,
  printEnvelope,
  requireKey,
  requireV2,
  secretsCommand,
  warn,
} from '../shared.js';

export interface KvPatchOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  data: Record<string, unknown>;
  cas: number | undefined;
}

export function kvPatchCommand(factory: Factory, run = runKvPatch): Command {
  return secretsCommand(
    'patch',
    'Change some keys of a KV v2 secret (a JSON merge patch); the others are kept',
  )
    .argument('<path>', 'mount and key, e.g. secret/app/db')
    .argument(
      '<data...>',
      'key=value, key=@file, key=- (stdin), or - for a JSON object on stdin (null removes a key)',
    )
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option('--cas <n>', 'check-and-set: patch only when the current version is N')
    .addHelpText(
      'after',
      `
Examples:
  ops secrets kv patch secret/app/config log_level=debug
  echo '{"log_level":null}' | ops secrets kv patch secret/app/config -
  ops secrets kv patch secret/app/db password=- --cas 2 < new-password.txt`,
    )
    .action(
      async (
        path: string,
        args: string[],
        o: { namespace?: string; mount?: string; cas?: string },
        cmd: Command,
      ) => {
        const namespace = namespaceOf(o.namespace);
        const cas = parseInteger('--cas', o.cas, { min: 1 });
        const { secretPath } = await import('../../../clients/secrets/client.js');
        secretPath(path);
        const data = await parseData(args, factory.io);
        if (Object.keys(data).length === 0)
          throw new UsageError('no data to patch', 'give key=value pairs, or - for a JSON object on stdin');
        const ctx = await factory.context(cmd);
        await run({ ...baseOptions(ctx, namespace), path, mount: o.mount, data, cas });
      },
    );
}

export async function runKvPatch(o: KvPatchOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv patch');
  const body = await client.kvV2Patch(loc, o.data, o.cas);
  warn(o.feedback, body);
  await printEnvelope(o, body, o.path);
}
