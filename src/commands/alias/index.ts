import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, destructive, groupCommand, read, write } from '../shared/verbs.js';
import { aliasDeleteCommand } from './delete.js';
import { ALIAS_FIELDS, aliasListCommand } from './list.js';
import { aliasSetCommand } from './set.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'alias',
    'Name a command line of your own: `ops NAME` runs what it stands for',
    [
      "ops alias set hl 'hosts list --limit $1' && ops hl 5",
      "ops alias set --shell count 'ops hosts list --all -o ndjson | wc -l'",
      'ops alias list',
    ],
    {
      notes: `gh's rules: $1…$N take the arguments given after the alias, and the rest are appended;
--shell runs the expansion with sh -c, so it may pipe and chain. Aliases are kept
in the config file for every profile; one never shadows a command of ops.`,
    },
  );
  // Local effects only: the config file, never a service.
  addVerbs(
    group,
    {
      set: write(aliasSetCommand, { idempotent: true }),
      list: read(aliasListCommand, { fields: ALIAS_FIELDS }),
      delete: destructive(aliasDeleteCommand),
    },
    factory,
  );
}
