import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, destructive, read } from '../shared/verbs.js';
import { authLogoutCommand } from './logout.js';
import { authStatusCommand } from './status.js';
import { authTokenCommand } from './token.js';

export function register(parent: Command, factory: Factory): void {
  const group = parent
    .command('auth')
    .description("Every service's credential: where it comes from, print it, forget it")
    .addHelpText(
      'after',
      `
A credential comes from --token-stdin, else OPS_<SERVICE>_<KEY>, else the profile: the OS keyring
or the 0600 config file (docs/grammar.md, "Signing in").

Examples:
  ops auth status --check
  ops auth token hosts | wc -c
  ops auth logout hosts --yes`,
    );
  addVerbs(
    group,
    {
      status: read(authStatusCommand),
      token: read(authTokenCommand, { reveals: true }),
      logout: destructive(authLogoutCommand),
    },
    factory,
  );
}
