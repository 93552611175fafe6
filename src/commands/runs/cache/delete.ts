import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { UsageError } from '../../../errors.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface CacheDeleteOptions extends RunsBase {
  repo: RepoRef;
  /** One cache by id (deleteActionsCacheById)… */
  id: number | undefined;
  /** …or every cache with the key, of one ref when given (deleteActionsCacheByKey). */
  key: string | undefined;
  ref: string | undefined;
  confirm: (action: string) => Promise<void>;
}

interface Flags {
  repo?: string;
  id?: string;
  key?: string;
  ref?: string;
}

export function parseCacheDeleteFlags(o: Flags): Pick<CacheDeleteOptions, 'id' | 'key' | 'ref'> {
  if ((o.id === undefined) === (o.key === undefined))
    throw new UsageError('give either --id or --key', 'ops runs cache list shows the ids and keys');
  if (o.ref !== undefined && o.key === undefined)
    throw new UsageError('--ref goes with --key', 'a cache id names one cache already');
  if (o.key !== undefined && o.key.trim() === '')
    throw new UsageError('--key is empty', 'give the whole cache key');
  if (o.ref !== undefined && !o.ref.startsWith('refs/'))
    throw new UsageError(`invalid --ref "${o.ref}"`, 'give a full ref, e.g. refs/heads/main');
  return { id: o.id === undefined ? undefined : parseId('--id', o.id, RUN_ID), key: o.key, ref: o.ref };
}

export function cacheDeleteCommand(factory: Factory, run = runCacheDelete): Command {
  return addRepoOption(
    verbCommand(
      'delete',
      'Delete a cache by id, or every cache with a key (of one ref with --ref); asks first',
      [
        'ops runs cache delete --id 4 --yes',
        'ops runs cache delete \\\n' +
          '    --key "$(ops runs cache list --ref refs/heads/develop --field key)" \\\n' +
          '    --ref refs/heads/develop --yes',
      ],
    )
      .option('--id <id>', 'the cache id')
      .option('--key <key>', 'the whole cache key')
      .option('--ref <ref>', 'with --key: only the caches of this full ref'),
  ).action(async (o: Flags, c: Command) => {
    const parsed = parseCacheDeleteFlags(o);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, ...parsed, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runCacheDelete(o: CacheDeleteOptions): Promise<void> {
  const where = `${o.repo.owner}/${o.repo.repo}`;
  await o.confirm(
    o.id !== undefined
      ? `Delete cache ${o.id} of ${where}`
      : `Delete every cache with key ${o.key}${o.ref ? ` of ${o.ref}` : ''} in ${where}`,
  );
  const client = await o.client();
  if (o.id !== undefined) {
    await client.deleteActionsCacheById(o.repo, o.id);
    return printDeleted(o, 'cache', o.id);
  }
  await client.deleteActionsCacheByKey(o.repo, o.key!, o.ref);
  await printDeleted(o, 'cache', o.key!);
}
