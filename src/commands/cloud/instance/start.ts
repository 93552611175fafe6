import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type InstanceActionOptions, type PowerAction, powerCommand, runPowerAction } from './action.js';

export type InstanceStartOptions = InstanceActionOptions;

export const START: PowerAction = {
  verb: 'start',
  needs: 'STOPPED',
  target: 'RUNNING',
  call: (client, id) => client.startInstance(id),
  hint: () => 'it is not stopped; `ops cloud instance reboot ID` restarts a running instance',
};

export function instanceStartCommand(factory: Factory, run = runInstanceStart): Command {
  return powerCommand(
    factory,
    START,
    'Start a STOPPED instance; --wait until it is RUNNING',
    [
      'ops cloud instance start 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04',
      'ops cloud instance start 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04 --wait \\\n' + '    --wait-timeout 300',
    ],
    run,
  );
}

export function runInstanceStart(o: InstanceStartOptions): Promise<void> {
  return runPowerAction(START, o);
}
