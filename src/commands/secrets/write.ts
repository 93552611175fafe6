import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { dataStdin, parseData } from './shared/data.js';
import { namespaceOf, secretsCommand } from './shared/command.js';
import { printEnvelope, warn } from './shared/print.js';

export interface SecretsWriteOptions extends SecretsRunBase {
  path: string;
  data: Record<string, unknown>;
}

export function secretsWriteCommand(factory: Factory, run = runSecretsWrite): Command {
  return secretsCommand(
    'write',
    'Write any path (POST /v1/<path>; PUT and POST are the same to the server)',
    [
      'ops secrets write kv/app/feature enabled=true owner=ops',
      'ops secrets write kv/app/cert pem=@cert.pem',
      'printf %s "$PASSWORD" | ops secrets write kv/app/db password=-',
      'echo \'{"data":{"a":"1"}}\' | ops secrets write secret/data/app/raw -',
    ],
  )
    .argument('<path>', 'path below /v1/')
    .argument('[data...]', 'key=value, key=@file, key=- (stdin), or - for a JSON object on stdin')
    .action(async (path: string, args: string[], o: { namespace?: string }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const data = await parseData(args, factory.io);
      const { base, view } = await start(factory, cmd, { namespace }, { stdinUsed: dataStdin(args) });
      await run({ ...base, ...view, path, data });
    });
}

export async function runSecretsWrite(o: SecretsWriteOptions): Promise<void> {
  const client = await o.client();
  const body = await client.write(o.path, o.data);
  // 204 and 200 are both success; 200 comes with data or warnings (seed, Errors A).
  if (!body) {
    o.feedback.info(`Success! Data written to: ${o.path}`);
    return;
  }
  warn(o.feedback, body);
  if (body.data === null && !body.auth) {
    o.feedback.info(`Success! Data written to: ${o.path}`);
    return;
  }
  await printEnvelope(o, body, o.path);
}
