import { createFactory } from '../../src/app/factory.js';
import { callVerb } from '../../src/call-verb.js';
import type { Factory } from '../../src/app/types.js';
import type { Io } from '../../src/io.js';
import { main } from '../../src/main.js';
import { buildProgram, commandNames } from '../../src/program.js';
import { SERVICES } from '../../src/services.js';

/** The factory as `run.ts` builds it: the real service table, program and command runners. */
export function testFactory(io: Io): Factory {
  return createFactory(io, {
    services: SERVICES,
    runArgv: (argv, runIo) => main(argv, runIo),
    callVerb: (call, callIo) => callVerb(testFactory(callIo), call),
    tree: (f) => buildProgram(f, ['node', 'ops'], true),
    commandNames,
  });
}
