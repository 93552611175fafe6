import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { parseInteger, quote } from './parse.js';

/** The one default list size (docs/grammar.md, "Shared flags"). */
export const DEFAULT_LIMIT = 30;

/**
 * What a list verb's `--limit`/`--all` say. Not the client's `ListOptions` (clients/http/paginate.ts),
 * the page request a list method takes, which the printer makes from these.
 */
export interface ListFlags {
  /** Items to print at most; undefined with --all. */
  limit: number | undefined;
  all: boolean;
}

/** Adds `--limit` and `--all` to a list command, with the same meaning everywhere. */
export function addListFlags(cmd: Command): Command {
  return cmd
    .option('--limit <n>', `how many items at most (default ${DEFAULT_LIMIT})`)
    .option('--all', 'every item, following every page');
}

/** Reads --limit/--all; bad values are usage errors. */
export function parseListFlags(opts: { limit?: string; all?: boolean }): ListFlags {
  if (opts.limit !== undefined && opts.all)
    throw new UsageError('--limit and --all cannot be combined', 'give one of them');
  if (opts.all) return { limit: undefined, all: true };
  if (opts.limit === undefined) return { limit: DEFAULT_LIMIT, all: false };
  const n = parseInteger('--limit', opts.limit)!;
  if (n < 1) throw new UsageError(`invalid --limit ${quote(opts.limit)}`, 'give a whole number >= 1');
  return { limit: n, all: false };
}
