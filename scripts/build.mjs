// Builds dist/ for the npm package and the tests: dist/ops.cjs (main.ts alone: version, help pages,
// signals), dist/run.cjs (the runtime every command loads) and dist/lib/NAME.cjs (each large package
// loaded lazily, each service's commands and client, the sandbox's server), CommonJS bundles loaded
// through a V8 code cache (scripts/disk-loader.cjs), and the help pages. The single binary is made
// from the same bundles (scripts/build-binary.mjs).
//
// Why not ES modules with code splitting: a command loaded some 30 chunks through Node's ES module
// loader, and Node's compile cache holds only what is compiled before anything runs; the CommonJS
// runtime with a cache made after a command has run starts `ops hosts totals` about 12 ms sooner.
import { rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildDefines, buildMain, buildRuntime } from './bundles.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const dist = join(root, 'dist');
// Only the bundle's own outputs: the single binary and the npm package folder stay.
for (const old of ['chunks', 'lib', 'ops.mjs', 'ops.cjs', 'run.cjs'])
  rmSync(join(dist, old), { recursive: true, force: true });

const define = buildDefines(root);
const { files, buildId } = await buildRuntime(root, dist, { ...define, 'import.meta.url': 'undefined' });
const main = join(dist, 'ops.cjs');
await buildMain(root, main, {
  define: { ...define, 'import.meta.url': '__opsMainUrl' },
  // main.ts finds the help pages beside itself.
  banner: "var __opsMainUrl = require('node:url').pathToFileURL(__filename).href;",
  entry: "export { main, commandPaths, helpTopicNames } from './src/main.ts';\n",
  runLoader: `
    const { diskLoader } = require('./scripts/disk-loader.cjs');
    module.exports = diskLoader(__dirname, ${JSON.stringify(buildId)}).load('run');`,
});
const kib = (f) => statSync(f).size / 1024;
const libs = Object.entries(files).filter(([name]) => name.startsWith('lib/'));
console.error(
  `built dist/: ops.cjs ${kib(main).toFixed(1)} KiB, run.cjs ${kib(files['run.cjs']).toFixed(0)} KiB, ${libs.length} bundles in lib/ ${libs.reduce((n, [, f]) => n + kib(f), 0).toFixed(0)} KiB (build ${buildId})`,
);

// Help pages for the fast `--help` path, help topics and man pages (see scripts/help-pages.mjs).
await import('./help-pages.mjs');
