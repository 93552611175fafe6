import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../app/types.js';
import { parseInteger } from '../../shared/parse.js';
import { namespaceOf } from './command.js';
import { dataStdin, parseData } from './data.js';
import { type SecretsRunBase, start } from './start.js';

/** The options of `kv put` and `kv patch`. */
export interface KvWriteOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  data: Record<string, unknown>;
  cas: number | undefined;
}

/**
 * What `kv put` and `kv patch` read from their command line, all checked before any request: the
 * namespace, --cas, the path, and the data (key=value pairs or a JSON object on stdin).
 */
export async function kvWriteOptions(
  factory: Factory,
  cmd: Command,
  path: string,
  args: string[],
  o: { namespace?: string; mount?: string; cas?: string },
  verb: 'put' | 'patch',
): Promise<KvWriteOptions> {
  const namespace = namespaceOf(o.namespace);
  // put takes --cas 0 (write only a new key); a patch needs an existing version.
  const cas = parseInteger('--cas', o.cas, { min: verb === 'put' ? 0 : 1 });
  const { secretPath } = await import('../../../clients/secrets/client.js');
  secretPath(path);
  const data = await parseData(args, factory.io);
  if (Object.keys(data).length === 0) {
    throw new UsageError(
      `no data to ${verb === 'put' ? 'write' : 'patch'}`,
      'give key=value pairs, or - for a JSON object on stdin',
    );
  }
  const { base, view } = await start(factory, cmd, { namespace }, { stdinUsed: dataStdin(args) });
  return { ...base, ...view, path, mount: o.mount, data, cas };
}
