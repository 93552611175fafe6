import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type InstanceActionOptions, type PowerAction, powerCommand, runPowerAction } from './action.js';

export type InstanceRebootOptions = InstanceActionOptions;

export const REBOOT: PowerAction = {
  verb: 'reboot',
  needs: 'RUNNING',
  target: 'RUNNING',
  call: (client, id) => client.rebootInstance(id),
  hint: (id) => `it is not running; start it with \`ops cloud instance start ${id}\``,
};

export function instanceRebootCommand(factory: Factory, run = runInstanceReboot): Command {
  return powerCommand(
    factory,
    REBOOT,
    'Reboot a RUNNING instance; --wait until it is RUNNING again',
    [
      'ops cloud instance reboot 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02',
      'ops cloud instance reboot 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02 --wait',
    ],
    run,
  );
}

export function runInstanceReboot(o: InstanceRebootOptions): Promise<void> {
  return runPowerAction(REBOOT, o);
}
