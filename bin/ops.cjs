#!/usr/bin/env -S node --max-semi-space-size=2 --min-semi-space-size=2
// Tiny entry: main() is the one exit door (dist/ops.cjs, built by scripts/build.mjs).
// --max-semi-space-size=2 caps V8's young generation, which otherwise grows to 16 MB semi-spaces and
// more on long streams (hosts list --all, meter send) and takes memory up with the count;
// --min-semi-space-size=2 starts it at that size, so that a one-shot command ends before its first
// collection (it starts at 1 MB, which a first page fills: two collections, about 1.5 ms). Only flags
// outside V8's flag hash belong here: one inside it (--heap-growing-percent, say) makes V8 reject
// every code cache made without it, Node's own included, and costs every command's start 10 ms and
// more. bench/hosts-list and bench/meter-send measure the flags (the README has the figures); the
// single binary starts with the same (scripts/build-binary.mjs reads them from this line).
//
// npm only warns about `engines`: an older Node runs the bundle until it meets what it lacks (Node 20
// has no ArrayBuffer.prototype.transfer), far from here and reading like a network fault. One split of
// a string, before the bundle loads, says so instead (package.json's engines.node, held equal by
// test/e2e/node-version.test.ts; the single binary carries its own Node).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`ops: needs Node 22.12 or newer (found v${process.versions.node})\n`);
  process.exitCode = 1;
} else {
  // dist/ops.cjs (main: the version, the help pages, the runtime's loader) compiled from Node's own
  // code cache, kept beside the runtime's (scripts/disk-loader.cjs finds that folder the same way):
  // about 1 million instructions of each start's 80 to 140 (bench/startup-instructions.mjs).
  // NODE_DISABLE_COMPILE_CACHE turns it off, as it does the runtime's.
  const env = process.env;
  const home = env.XDG_CACHE_HOME || (env.HOME && `${env.HOME}/.cache`);
  const dir = env.OPS_CACHE_DIR ? `${env.OPS_CACHE_DIR}/compile` : home && `${home}/ops/compile`;
  if (dir) require('node:module').enableCompileCache(dir);
  require('../dist/ops.cjs')
    .main(process.argv)
    .then((code) => {
      process.exitCode = code;
    });
}
