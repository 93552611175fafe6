import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { CacheQuery } from '../../../clients/runs/artifacts.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import type { ActionsCacheWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { CACHE_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, start } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

const SORTS = { created: 'created_at', 'last-used': 'last_accessed_at', size: 'size_in_bytes' } as const;

export interface CacheListOptions extends RunsBase {
  repo: RepoRef;
  query: CacheQuery;
  limit: number | undefined;
}

interface Flags {
  repo?: string;
  key?: string;
  ref?: string;
  sort?: string;
  order?: string;
  limit?: string;
  all?: boolean;
}

export function parseCacheListFlags(o: Flags): Pick<CacheListOptions, 'query' | 'limit'> {
  const { limit } = parseListFlags(o);
  if (o.sort !== undefined && !(o.sort in SORTS))
    throw new UsageError(`invalid --sort "${o.sort}"`, `give one of ${Object.keys(SORTS).join(', ')}`);
  if (o.order !== undefined && o.order !== 'asc' && o.order !== 'desc')
    throw new UsageError(`invalid --order "${o.order}"`, 'give asc or desc');
  if (o.ref !== undefined && !o.ref.startsWith('refs/'))
    throw new UsageError(
      `invalid --ref "${o.ref}"`,
      'give a full ref, e.g. refs/heads/main or refs/pull/12/merge',
    );
  return {
    limit,
    query: {
      key: o.key,
      ref: o.ref,
      sort: o.sort === undefined ? undefined : SORTS[o.sort as keyof typeof SORTS],
      direction: o.order as CacheQuery['direction'],
    },
  };
}

export function cacheListCommand(factory: Factory, run = runCacheList): Command {
  const cmd = verbCommand('list', 'List the caches of the repository, last used first', [
    'ops runs cache list',
    'ops runs cache list --key Linux-node --ref refs/heads/main',
    'ops runs cache list --sort size --order desc --json',
  ])
    .option('--key <prefix>', 'caches whose key starts with this')
    .option('--ref <ref>', 'caches of this full ref (refs/heads/main, refs/pull/12/merge)')
    .addOption(choiceOption('--sort <field>', 'created, last-used (default) or size', Object.keys(SORTS)))
    .addOption(choiceOption('--order <order>', 'asc or desc (default)', ['asc', 'desc']));
  addListFlags(cmd);
  addRepoOption(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const parsed = parseCacheListFlags(o);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, ...parsed });
  });
}

export async function runCacheList(o: CacheListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ActionsCacheWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getActionsCacheList(o.repo, o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: CACHE_COLUMNS,
    limit: o.limit,
    noun: 'caches',
  });
}
