import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../app/types.js';
import { type KvWriteOptions, kvWriteOptions } from '../shared/kv-write.js';
import { printEnvelope, warn } from '../shared/print.js';
import { requireKey } from '../shared/kv-location.js';
import { secretsCommand } from '../shared/command.js';

export type KvPutOptions = KvWriteOptions;

export function kvPutCommand(factory: Factory, run = runKvPut): Command {
  return secretsCommand('put', 'Write a secret: a new version on KV v2, a replacement on KV v1', [
    'ops secrets kv put secret/app/db username=app password=-  < password.txt',
    'ops secrets kv put secret/app/new token=abc --cas 0',
    'echo \'{"url":"https://x"}\' | ops secrets kv put secret/app/client -',
    'ops secrets kv put kv/app/legacy api_key=@key.txt',
  ])
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .argument('<data...>', 'key=value, key=@file, key=- (stdin), or - for a JSON object on stdin')
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option(
      '--cas <n>',
      'check-and-set (KV v2): 0 writes only a new key, N only when the current version is N',
    )
    .action(
      async (
        path: string,
        args: string[],
        o: { namespace?: string; mount?: string; cas?: string },
        cmd: Command,
      ) => {
        await run(await kvWriteOptions(factory, cmd, path, args, o, 'put'));
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
