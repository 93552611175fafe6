import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, groupCommand, read } from '../shared/verbs.js';
import { PLUGIN_FIELDS, pluginListCommand } from './list.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'plugin',
    'Plugins: an executable ops-NAME on PATH runs as `ops NAME ARGS…`',
    ['ops plugin list', 'ops plugin list --json'],
    {
      notes: `kubectl's rule: a plugin runs when no command of ops and no alias has its name, with its
arguments, ops's terminal and OPS_PROFILE, OPS_CONFIG_DIR and OPS_OUTPUT in its
environment; its exit code is ops's.`,
    },
  );
  addVerbs(group, { list: read(pluginListCommand, { fields: PLUGIN_FIELDS }) }, factory);
}
