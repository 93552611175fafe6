import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { configGetCommand } from './get.js';
import { configListCommand } from './list.js';
import { CONFIG_GET_FIELDS, CONFIG_LIST_FIELDS } from './rows.js';
import { configPathCommand } from './path.js';
import { PROFILE_FIELDS, configProfilesCommand } from './profiles.js';
import { configSetCommand } from './set.js';
import { configUnsetCommand } from './unset.js';
import { configUseCommand } from './use.js';
import { addVerbs, read, write, groupCommand } from '../shared/verbs.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'config',
    'Read and write settings: per-profile service addresses, credentials and options',
    [
      'ops config set hosts.base_url https://api.example.com',
      'printf %s "$KEY" | ops config set hosts.api_key -',
      'ops config list --show-origin',
    ],
    {
      notes: `Precedence: flag > environment (OPS_<SERVICE>_<KEY>) > profile > default. A secret set here goes to
the OS keyring, else (said on stderr) to the 0600 config file; \`ops auth status\` shows where each
service's credential comes from.`,
    },
  );
  // Local effects only: the config file, never a service.
  addVerbs(
    group,
    {
      set: write(configSetCommand, { idempotent: true }),
      get: read(configGetCommand, { reveals: true, fields: CONFIG_GET_FIELDS }),
      unset: write(configUnsetCommand, { idempotent: true }),
      list: read(configListCommand, { fields: CONFIG_LIST_FIELDS }),
      profiles: read(configProfilesCommand, { fields: PROFILE_FIELDS }),
      use: write(configUseCommand, { idempotent: true }),
      path: read(configPathCommand, { text: 'a file path' }),
    },
    factory,
  );
}
