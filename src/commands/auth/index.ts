import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, destructive, read, groupCommand } from '../shared/verbs.js';
import { authLogoutCommand } from './logout.js';
import { AUTH_STATUS_FIELDS, authStatusCommand } from './status.js';
import { authTokenCommand } from './token.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'auth',
    "Every service's credential: where it comes from, print it, forget it",
    ['ops auth status --check', 'ops auth token hosts | wc -c', 'ops auth logout hosts --yes'],
    {
      notes: `A credential comes from --token-stdin, else OPS_<SERVICE>_<KEY>, else the profile: the OS keyring
or the 0600 config file (docs/grammar.md, "Signing in").`,
    },
  );
  addVerbs(
    group,
    {
      status: read(authStatusCommand, { fields: AUTH_STATUS_FIELDS }),
      token: read(authTokenCommand, { reveals: true }),
      logout: destructive(authLogoutCommand),
    },
    factory,
  );
}
