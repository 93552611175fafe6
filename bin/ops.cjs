#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=50
// Tiny entry: main() is the one exit door (dist/ops.cjs, built by scripts/build.mjs).
// The node flags keep memory flat on long streams (hosts list --all, meter send): a young generation
// capped at 2 MB semi-spaces, which otherwise grows to 16 MB and more, and an old generation that grows
// by half its live size after a full collection rather than V8's up to fourfold. bench/hosts-list and
// bench/meter-send measure them (the README's Performance section has the figures); the single binary
// starts with the same flags (scripts/build-binary.mjs reads them from this line).
require('../dist/ops.cjs')
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
