import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { sandboxDemoCommand } from './demo.js';
import { sandboxEnvCommand } from './env.js';
import { sandboxStartCommand } from './start.js';
import { addVerbs, read, groupCommand } from '../shared/verbs.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'sandbox',
    'Run local emulators of every service, with fixed credentials, for trying and testing ops',
    [
      'ops sandbox start &          # http://127.0.0.1:4010, one prefix per service',
      'eval "$(ops sandbox env)"    # point every service at it',
      'ops sandbox demo             # a tour of every service in one process',
    ],
  );
  // Local effects only: a server on loopback, never a service.
  addVerbs(
    group,
    {
      start: read(sandboxStartCommand, { text: 'the address it serves on' }),
      env: read(sandboxEnvCommand, { text: 'export lines for a shell' }),
      demo: read(sandboxDemoCommand, { text: 'a tour: each command and what it printed' }),
    },
    factory,
  );
}
