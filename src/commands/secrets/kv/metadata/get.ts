import { completing } from '../../../shared/complete.js';
import { kvPathCompletion } from '../../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type SecretsRunBase, start } from '../../shared/start.js';
import { checkField, printView, sortedKeys } from '../../shared/print.js';
import { namespaceOf, secretsCommand } from '../../shared/command.js';
import { requireKey, requireV2 } from '../../shared/kv-location.js';

export interface KvMetadataGetOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
}

export function kvMetadataGetCommand(factory: Factory, run = runKvMetadataGet): Command {
  return secretsCommand('get', 'Show the metadata of a KV v2 secret and the state of each version', [
    'ops secrets kv metadata get secret/app/db',
    'ops secrets kv metadata get secret/app/db --field current_version',
  ])
    .addArgument(completing(new Argument('<path>', 'mount and key, e.g. secret/app/db'), kvPathCompletion))
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .action(async (path: string, o: { namespace?: string; mount?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, mount: o.mount });
    });
}

export async function runKvMetadataGet(o: KvMetadataGetOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  requireV2(loc, 'kv metadata get');
  const body = await client.kvV2ReadMetadata(loc);
  const meta = body.data!;
  // --field and --json FIELDS name the metadata's own fields (its --help lists them), not the envelope's.
  if (o.field !== undefined) checkField(o.field, meta, o.path);
  if (o.field !== undefined || o.picks) return o.printer.print(meta);
  if (o.whole) return o.printer.print(body);
  const { versions, ...rest } = meta;
  const rows = Object.entries(versions ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([version, v]) => ({ version: Number(version), ...v }));
  if (o.printer.format === 'csv' || o.printer.format === 'tsv') return o.printer.print(rows);
  await o.printer.text('== Metadata ==');
  await printView(o.printer, sortedKeys(rest as Record<string, unknown>), 'fields');
  await o.printer.text('\n== Versions ==');
  await o.printer.print(rows, {
    columns: [
      { header: 'version', get: (r) => r.version },
      { header: 'created', get: (r) => r.created_time, format: 'relative' },
      { header: 'deleted', get: (r) => r.deletion_time || '', format: 'relative' },
      { header: 'destroyed', get: (r) => r.destroyed, format: 'bool' },
    ],
  });
}
