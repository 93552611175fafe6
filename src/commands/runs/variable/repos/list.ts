import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  type SelectedReposListOptions,
  runSelectedReposList,
  selectedReposListCommand,
} from '../../selected-repos.js';

export type VariableReposListOptions = SelectedReposListOptions;

export function variableReposListCommand(factory: Factory, run = runVariableReposList): Command {
  return selectedReposListCommand(factory, 'variable', run);
}

/** listSelectedReposForOrgVariable. */
export function runVariableReposList(o: VariableReposListOptions): Promise<void> {
  return runSelectedReposList(o);
}
