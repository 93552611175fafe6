#!/usr/bin/env -S node --max-semi-space-size=8
// Tiny entry: main() is the one exit door (dist/ops.cjs, built by scripts/build.mjs).
// --max-semi-space-size=8 caps V8's young generation, which otherwise grows on long streams (hosts
// list --all, meter send) and takes peak memory past the budget; bench/ measures it both ways.
require('../dist/ops.cjs')
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
