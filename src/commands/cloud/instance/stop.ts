import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type InstanceActionOptions, type PowerAction, powerCommand, runPowerAction } from './action.js';

export type InstanceStopOptions = InstanceActionOptions;

export const STOP: PowerAction = {
  verb: 'stop',
  needs: 'RUNNING',
  target: 'STOPPED',
  call: (client, id) => client.stopInstance(id),
  hint: (id) => `it is not running; start it with \`ops cloud instance start ${id}\``,
};

export function instanceStopCommand(factory: Factory, run = runInstanceStop): Command {
  return powerCommand(
    factory,
    STOP,
    'Stop a RUNNING instance; --wait until it is STOPPED',
    [
      'ops cloud instance stop 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance stop 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --wait',
    ],
    run,
  );
}

export function runInstanceStop(o: InstanceStopOptions): Promise<void> {
  return runPowerAction(STOP, o);
}
