import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type SelectedReposListOptions,
  runSelectedReposList,
  selectedReposListCommand,
} from '../../selected-repos.js';

export type SecretReposListOptions = SelectedReposListOptions;

export function secretReposListCommand(factory: Factory, run = runSecretReposList): Command {
  return selectedReposListCommand(factory, 'secret', run);
}

/** listSelectedReposForOrgSecret. */
export function runSecretReposList(o: SecretReposListOptions): Promise<void> {
  return runSelectedReposList(o);
}
