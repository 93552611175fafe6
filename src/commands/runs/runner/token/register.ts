import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { type RunnerTokenOptions, printToken, tokenCommand } from './token.js';

export type RunnerTokenRegisterOptions = RunnerTokenOptions;

export function runnerTokenRegisterCommand(factory: Factory, run = runRunnerTokenRegister): Command {
  return tokenCommand(factory, 'register', run);
}

/** createRegistrationTokenForOrg / ForRepo. */
export function runRunnerTokenRegister(o: RunnerTokenRegisterOptions): Promise<void> {
  return printToken(o, 'register');
}
