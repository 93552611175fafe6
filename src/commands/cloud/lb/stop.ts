import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type LbAction, type LbActionOptions, lbActionCommand, runLbAction } from './action.js';

export type LbStopOptions = LbActionOptions;

const STOP: LbAction = { verb: 'stop', call: (client, id) => client.stopLoadBalancer(id) };

export function lbStopCommand(factory: Factory, run = runLbStop): Command {
  return lbActionCommand(
    factory,
    'stop',
    'Stop a running load balancer (the API answers 400 in another state)',
    [
      'ops cloud lb stop 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01',
      'ops cloud lb stop 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01 --json',
    ],
    run,
  );
}

export function runLbStop(o: LbStopOptions): Promise<void> {
  return runLbAction(STOP, o);
}
