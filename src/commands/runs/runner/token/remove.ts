import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type RunnerTokenOptions, printToken, tokenCommand } from './token.js';

export type RunnerTokenRemoveOptions = RunnerTokenOptions;

export function runnerTokenRemoveCommand(factory: Factory, run = runRunnerTokenRemove): Command {
  return tokenCommand(factory, 'remove', run);
}

/** createRemoveTokenForOrg / ForRepo. */
export function runRunnerTokenRemove(o: RunnerTokenRemoveOptions): Promise<void> {
  return printToken(o, 'remove');
}
