import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type SelectedReposAddOptions,
  runSelectedReposAdd,
  selectedReposAddCommand,
} from '../../selected-repos.js';

export type SecretReposAddOptions = SelectedReposAddOptions;

export function secretReposAddCommand(factory: Factory, run = runSecretReposAdd): Command {
  return selectedReposAddCommand(factory, 'secret', run);
}

/** addSelectedRepoToOrgSecret. */
export function runSecretReposAdd(o: SecretReposAddOptions): Promise<void> {
  return runSelectedReposAdd(o);
}
