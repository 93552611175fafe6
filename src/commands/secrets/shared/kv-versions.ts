import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Context, Factory } from '../../../app/types.js';
import { namespaceOf } from './command.js';
import { type SecretsRunBase, start } from './start.js';

/** `--versions 1,2` → [1, 2]. */
function parseVersions(raw: string | undefined, flag = '--versions'): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  const versions = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || versions.some((n) => n < 1)) {
    throw new UsageError(`invalid ${flag} "${raw}"`, 'give version numbers separated by commas, e.g. 1,2');
  }
  return versions;
}

/**
 * The start of the kv verbs that name versions (delete, destroy, undelete), all checked before any
 * request: the namespace, --versions and the path; then the context.
 */
export async function kvVersionsStart(
  factory: Factory,
  cmd: Command,
  path: string,
  o: { namespace?: string; mount?: string; versions?: string },
): Promise<{
  ctx: Context;
  options: SecretsRunBase & { path: string; mount: string | undefined; versions: number[] | undefined };
}> {
  const namespace = namespaceOf(o.namespace);
  const versions = parseVersions(o.versions);
  const { secretPath } = await import('../../../clients/secrets/client.js');
  secretPath(path);
  const { ctx, base, view } = await start(factory, cmd, { namespace });
  return { ctx, options: { ...base, ...view, path, mount: o.mount, versions } };
}
