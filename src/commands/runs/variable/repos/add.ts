import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type SelectedReposAddOptions,
  runSelectedReposAdd,
  selectedReposAddCommand,
} from '../../selected-repos.js';

export type VariableReposAddOptions = SelectedReposAddOptions;

export function variableReposAddCommand(factory: Factory, run = runVariableReposAdd): Command {
  return selectedReposAddCommand(factory, 'variable', run);
}

/** addSelectedRepoToOrgVariable. */
export function runVariableReposAdd(o: VariableReposAddOptions): Promise<void> {
  return runSelectedReposAdd(o);
}
