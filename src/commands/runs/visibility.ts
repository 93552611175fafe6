import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { ScopeFlags } from './shared.js';

export type Visibility = 'all' | 'private' | 'selected';

export interface VisibilityFlags extends ScopeFlags {
  visibility?: string;
  repos?: string;
}

/** `--visibility` and `--repos` of organisation secrets and variables. */
export function addVisibilityOptions(cmd: Command): Command {
  return cmd
    .option(
      '--visibility <which>',
      'with --org: which repositories may use it: all, private (default) or selected',
    )
    .option(
      '--repos <ids>',
      'with --org: the repository ids that may use it, comma-separated (visibility selected)',
    );
}

/**
 * Organisation-only flags: `--repos` implies `selected`; a new organisation item is `private` unless told.
 */
export function parseVisibility(o: VisibilityFlags): {
  visibility: Visibility | undefined;
  repositoryIds: number[] | undefined;
  /** Given on the command line (else the default, which an update leaves alone). */
  explicit: boolean;
} {
  if ((o.visibility !== undefined || o.repos !== undefined) && o.org === undefined)
    throw new UsageError(
      '--visibility and --repos are for organisation secrets and variables',
      'add --org ORG',
    );
  if (o.visibility !== undefined && !['all', 'private', 'selected'].includes(o.visibility))
    throw new UsageError(`invalid --visibility "${o.visibility}"`, 'give all, private or selected');
  let repositoryIds: number[] | undefined;
  if (o.repos !== undefined) {
    if (o.visibility !== undefined && o.visibility !== 'selected')
      throw new UsageError(
        `--repos needs --visibility selected (got ${o.visibility})`,
        'leave out --visibility, or give selected',
      );
    repositoryIds = o.repos.split(',').map((raw) => {
      const s = raw.trim();
      if (!/^\d{1,15}$/.test(s) || Number(s) < 1)
        throw new UsageError(
          `invalid repository id "${raw}" in --repos`,
          'give numeric repository ids, e.g. --repos 1296269,1296270',
        );
      return Number(s);
    });
  }
  if (o.org === undefined) return { visibility: undefined, repositoryIds: undefined, explicit: false };
  const visibility = (o.visibility as Visibility | undefined) ?? (repositoryIds ? 'selected' : 'private');
  return { visibility, repositoryIds, explicit: o.visibility !== undefined || o.repos !== undefined };
}
