#!/usr/bin/env node
// Tiny entry: the compile cache makes the second start faster; main() is the one exit door.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/ops.js');
process.exitCode = await main(process.argv);
