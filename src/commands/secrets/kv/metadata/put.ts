import { completing } from '../../../shared/complete.js';
import { kvPathCompletion } from '../../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { KvV2MetadataWriteWire } from '../../../../clients/secrets/types.js';
import { UsageError } from '../../../../errors.js';
import type { Factory } from '../../../../app/types.js';
import { parseInteger, parseKeyValue } from '../../../shared/parse.js';
import { type SecretsRunBase, start } from '../../shared/start.js';
import { namespaceOf, secretsCommand } from '../../shared/command.js';
import { requireKey, requireV2 } from '../../shared/kv-location.js';
import { choiceOption } from '../../../shared/choices.js';

export interface KvMetadataPutOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  body: KvV2MetadataWriteWire;
}

const DURATION = /^(0|-?(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+|\d+)$/;

export function kvMetadataPutCommand(factory: Factory, run = runKvMetadataPut): Command {
  return secretsCommand(
    'put',
    'Set the metadata of a KV v2 secret: versions kept, check-and-set, expiry, custom keys',
    [
      'ops secrets kv metadata put secret/app/db --max-versions 5',
      'ops secrets kv metadata put secret/app/db --custom-metadata owner=ops',
      'ops secrets kv metadata put secret/app/db --cas-required true',
      'ops secrets kv metadata put secret/app/db --delete-version-after 720h',
    ],
  )
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option('--max-versions <n>', 'versions to keep (0: the mount default, 10)')
    .addOption(
      choiceOption('--cas-required <bool>', 'require --cas on every write: true or false', ['true', 'false']),
    )
    .option(
      '--delete-version-after <duration>',
      'delete each version this long after it is written, e.g. 720h (0s clears)',
    )
    .option('--custom-metadata <key=value...>', 'custom metadata (replaces the whole map)')
    .action(
      async (
        path: string,
        o: {
          namespace?: string;
          mount?: string;
          maxVersions?: string;
          casRequired?: string;
          deleteVersionAfter?: string;
          customMetadata?: string[];
        },
        cmd: Command,
      ) => {
        const namespace = namespaceOf(o.namespace);
        const body: KvV2MetadataWriteWire = {};
        const max = parseInteger('--max-versions', o.maxVersions, { min: 0 });
        if (max !== undefined) body.max_versions = max;
        if (o.casRequired !== undefined) {
          if (!['true', 'false'].includes(o.casRequired))
            throw new UsageError(`invalid --cas-required "${o.casRequired}"`, 'give true or false');
          body.cas_required = o.casRequired === 'true';
        }
        if (o.deleteVersionAfter !== undefined) {
          if (!DURATION.test(o.deleteVersionAfter))
            throw new UsageError(
              `invalid --delete-version-after "${o.deleteVersionAfter}"`,
              'give a duration such as 30m, 720h or 0s',
            );
          body.delete_version_after = o.deleteVersionAfter;
        }
        if (o.customMetadata)
          body.custom_metadata = Object.fromEntries(
            o.customMetadata.map((kv) => parseKeyValue('--custom-metadata', kv)),
          );
        if (Object.keys(body).length === 0)
          throw new UsageError(
            'nothing to set',
            'give --max-versions, --cas-required, --delete-version-after or --custom-metadata',
          );
        const { secretPath } = await import('../../../../clients/secrets/client.js');
        secretPath(path);
        const { base, view } = await start(factory, cmd, { namespace });
        await run({ ...base, ...view, path, mount: o.mount, body });
      },
    );
}

export async function runKvMetadataPut(o: KvMetadataPutOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv metadata put');
  await client.kvV2WriteMetadata(loc, o.body);
  o.feedback.info(`Success! Metadata written to: ${o.path}`);
}
