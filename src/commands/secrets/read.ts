import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { parseKeyValue } from '../shared/parse.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';
import { printEnvelope, warn } from './shared/print.js';

export interface SecretsReadOptions extends SecretsRunBase {
  path: string;
  query: Record<string, string>;
}

export function secretsReadCommand(factory: Factory, run = runSecretsRead): Command {
  return secretsCommand(
    'read',
    'Read any path (GET /v1/<path>); a table shows the data, JSON the whole answer',
    [
      'ops secrets read kv/app/legacy',
      'ops secrets read kv/app/legacy --field api_key',
      'ops secrets read secret/data/app/db -f version=1 --json',
      'ops secrets read sys/internal/ui/mounts --json',
    ],
  )
    .argument('<path>', 'path below /v1/, e.g. kv/app/legacy or sys/internal/ui/mounts')
    .option('-f, --param <key=value...>', 'query parameter (the API takes no secrets in the query)')
    .action(async (path: string, o: { namespace?: string; param?: string[] }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const query = Object.fromEntries((o.param ?? []).map((p) => parseKeyValue('-f', p)));
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(factory, cmd, { namespace });
      await run({ ...base, ...view, path, query });
    });
}

export async function runSecretsRead(o: SecretsReadOptions): Promise<void> {
  const client = await o.client();
  const { status, body } = await client.read(o.path, o.query);
  warn(o.feedback, body);
  // A 404 that carries data is a result, as the vendor CLI reads it (a deleted KV v2 version).
  if (status === 404)
    o.feedback.warn(`${o.path}: the server answered 404 with data (a deleted or destroyed version)`);
  await printEnvelope(o, body, o.path);
}
