import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type KvWriteOptions, kvWriteOptions } from '../shared/kv-write.js';
import { printEnvelope, warn } from '../shared/print.js';
import { requireKey, requireV2 } from '../shared/kv-location.js';
import { secretsCommand } from '../shared/command.js';

export type KvPatchOptions = KvWriteOptions;

export function kvPatchCommand(factory: Factory, run = runKvPatch): Command {
  return secretsCommand(
    'patch',
    'Change some keys of a KV v2 secret (a JSON merge patch); the others are kept',
    [
      'ops secrets kv patch secret/app/config log_level=debug',
      'echo \'{"log_level":null}\' | ops secrets kv patch secret/app/config -',
      'ops secrets kv patch secret/app/db password=- --cas 2 < new-password.txt',
    ],
  )
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .argument(
      '<data...>',
      'key=value, key=@file, key=- (stdin), or - for a JSON object on stdin (null removes a key)',
    )
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option('--cas <n>', 'check-and-set: patch only when the current version is N')
    .action(
      async (
        path: string,
        args: string[],
        o: { namespace?: string; mount?: string; cas?: string },
        cmd: Command,
      ) => {
        await run(await kvWriteOptions(factory, cmd, path, args, o, 'patch'));
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
