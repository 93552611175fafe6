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
  secretsCommand,
  warn,
} from '../shared.js';

export interface KvPutOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  data: Record<string, unknown>;
  cas: number | undefined;
}

export function kvPutCommand(factory: Factory, run = runKvPut): Command {
  return secretsCommand('put', 'Write a secret: a new version on KV v2, a replacement on KV v1')
    .argument('<path>', 'mount and key, e.g. secret/app/db')
    .argument('<data...>', 'key=value, key=@file, key=- (stdin), or - for a JSON object on stdin')
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option(
      '--cas <n>',
      'check-and-set (KV v2): 0 writes only a new key, N only when the current version is N',
    )
    .addHelpText(
      'after',
      `
Examples:
  ops secrets kv put secret/app/db username=app password=-  < password.txt
  ops secrets kv put secret/app/new token=abc --cas 0
  echo '{"url":"https://x","retries":3}' | ops secrets kv put secret/app/client -
  ops secrets kv put kv/app/legacy api_key=@key.txt`,
    )
    .action(
      async (
        path: string,
        args: string[],
        o: { namespace?: string; mount?: string; cas?: string },
        cmd: Command,
      ) => {
        const namespace = namespaceOf(o.namespace);
        const cas = parseInteger('--cas', o.cas, { min: 0 });
        const { secretPath } = await import('../../../clients/secrets/client.js');
        secretPath(path);
        const data = await parseData(args, factory.io);
        if (Object.keys(data).length === 0)
          throw new UsageError('no data to write', 'give key=value pairs, or - for a JSON object on stdin');
        const ctx = await factory.context(cmd);
        await run({ ...baseOptions(ctx, namespace), path, mount: o.mount, data, cas });
      },
    );
}

export async function runKvPut(o: KvPutOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  if (loc.version === 1) {
    if (o.cas !== undefined)
      throw new UsageError(`--cas needs a KV version 2 mount; ${loc.mount} is version 1`);
    await client.kvV1Write(loc, o.data);
    o.feedback.info(`Success! Data written to: ${o.path}`);
    return;
  }
  const body = await client.kvV2Write(loc, o.data, o.cas);
  warn(o.feedback, body);
  await printEnvelope(o, body, o.path);
}
