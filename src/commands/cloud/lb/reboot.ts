import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type LbAction, type LbActionOptions, lbActionCommand, runLbAction } from './action.js';

export type LbRebootOptions = LbActionOptions;

const REBOOT: LbAction = { verb: 'reboot', call: (client, id) => client.rebootLoadBalancer(id) };

export function lbRebootCommand(factory: Factory, run = runLbReboot): Command {
  return lbActionCommand(
    factory,
    'reboot',
    'Reboot a running load balancer (the API answers 400 in another state)',
    [
      'ops cloud lb reboot 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e02',
      'ops cloud lb reboot 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e02 --json',
    ],
    run,
  );
}

export function runLbReboot(o: LbRebootOptions): Promise<void> {
  return runLbAction(REBOOT, o);
}
