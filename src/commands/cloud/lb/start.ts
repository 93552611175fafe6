import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type LbAction, type LbActionOptions, lbActionCommand, runLbAction } from './action.js';

export type LbStartOptions = LbActionOptions;

const START: LbAction = { verb: 'start', call: (client, id) => client.startLoadBalancer(id) };

export function lbStartCommand(factory: Factory, run = runLbStart): Command {
  return lbActionCommand(
    factory,
    'start',
    'Start a stopped load balancer (the API answers 400 in another state)',
    [
      'ops cloud lb start 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e03',
      'ops cloud lb start 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e03 --json',
    ],
    run,
  );
}

export function runLbStart(o: LbStartOptions): Promise<void> {
  return runLbAction(START, o);
}
