#!/usr/bin/env -S node --max-semi-space-size=8
// Tiny entry: the compile cache makes the second start faster; main() is the one exit door.
// --max-semi-space-size=8 caps V8's young generation, which otherwise grows on long streams (hosts
// list --all, meter send) and takes peak memory past the budget; bench/ measures it both ways.
// Not an ES import of node:module: an import builds a built-in's whole namespace (see scripts/esbuild-plugins.mjs).
process.getBuiltinModule('node:module').enableCompileCache?.();
const { main } = await import('../dist/ops.mjs');
process.exitCode = await main(process.argv);
