// Builds dist/ for the npm package and the tests: dist/ops.cjs (main.ts alone: version, help pages,
// signals), dist/run.cjs (the runtime every command loads) and dist/lib/NAME.cjs (each large package
// loaded lazily, each service's commands and client, the sandbox's server), CommonJS bundles loaded
// through a V8 code cache (scripts/disk-loader.cjs), and the help pages. The single binary is made
// from the same bundles (scripts/build-binary.mjs).
//
// Why not ES modules with code splitting: a command loaded some 30 chunks through Node's ES module
// loader, and Node's compile cache holds only what is compiled before anything runs; the CommonJS
// runtime with a cache made after a command has run starts `ops hosts totals` about 12 ms sooner.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { buildDefines, buildMain, buildRuntime } from './bundles.mjs';

// A build never takes dist/ from under an `ops` that is running or starting: the runtime goes to a
// folder of its own, dist/builds/<build id>/, which the main bundle names; dist/ops.cjs is written
// beside the one in use and renamed over it last, so every `ops` started during a build runs the old
// build or the new one, whole (the old one's folder stays while anything may still load from it).
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const dist = join(root, 'dist');
const builds = join(dist, 'builds');
// The layout before builds/: its files went with each build.
for (const old of ['chunks', 'lib', 'ops.mjs', 'run.cjs'])
  rmSync(join(dist, old), { recursive: true, force: true });

const define = buildDefines(root);
const staging = join(builds, `.staging-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
const built = await buildRuntime(root, staging, { ...define, 'import.meta.url': 'undefined' });
const { buildId } = built;
const runtime = join(builds, buildId);
// The same sources make the same folder: one already there (in use, perhaps) is kept as it is.
if (existsSync(join(runtime, 'run.cjs'))) {
  rmSync(staging, { recursive: true, force: true });
  utimesSync(runtime, new Date(), new Date());
} else {
  rmSync(runtime, { recursive: true, force: true });
  renameSync(staging, runtime);
}
const files = Object.fromEntries(
  Object.entries(built.files).map(([name, file]) => [name, join(runtime, file.slice(staging.length + 1))]),
);
const next = join(dist, 'ops.next.cjs');
await buildMain(root, next, {
  // main.ts finds the help pages beside itself, in __dirname.
  define: { ...define, 'import.meta.url': 'undefined' },
  entry: "export { main, commandPaths, helpTopicNames } from './src/main.ts';\n",
  // The code caches a start reads are its command's group's (src/command-word.ts's cacheGroup): a
  // word is a top-level command when the build wrote its help page (dist/help).
  runLoader: `
    const { diskLoader } = require('./scripts/disk-loader.cjs');
    const { cacheGroup } = require('./src/command-word.ts');
    const { existsSync } = require('node:fs');
    module.exports = diskLoader(
      __dirname + '/builds/${buildId}',
      ${JSON.stringify(buildId)},
      cacheGroup(process.argv.slice(2), (word) => existsSync(__dirname + '/help/ops ' + word + '.txt')),
    ).load('run');`,
});
// bin/ops.cjs runs main from a code cache named by this line (its build and a hash of main itself), so
// that no cache is ever read for other source; it reads main as Latin-1, a plain copy, so main is ASCII.
// The line ends with the version, commit and date main was built with, which `ops --version` alone
// prints from it without compiling main (bin/ops.cjs): written with main, swapped in with it.
const mainCode = readFileSync(next, 'latin1');
if (!/^[\x00-\x7f]*$/.test(mainCode)) throw new Error(`${next} is not ASCII`);
const mainHash = createHash('sha256').update(mainCode).digest('hex').slice(0, 16);
const stamp = ['__OPS_VERSION__', '__OPS_COMMIT__', '__OPS_BUILD_DATE__'].map((k) => JSON.parse(define[k]));
if (!stamp.every((word) => /^[\x21-\x7e]+$/.test(word)))
  throw new Error(`the version, commit and date must be words of printable ASCII: ${stamp.join(' ')}`);
writeFileSync(next, `// ops main ${buildId} ${mainHash} ${stamp.join(' ')}\n${mainCode}`);
const kib = (f) => statSync(f).size / 1024;
const libs = Object.entries(files).filter(([name]) => name.startsWith('lib/') && name.endsWith('.cjs'));
console.error(
  `built dist/: ops.cjs ${kib(next).toFixed(1)} KiB, run.cjs ${kib(files['run.cjs']).toFixed(0)} KiB, ${libs.length} bundles in builds/${buildId}/lib/ ${libs.reduce((n, [, f]) => n + kib(f), 0).toFixed(0)} KiB`,
);

// Help pages for the fast `--help` path, help topics and man pages (see scripts/help-pages.mjs), made
// by the new build and swapped in before it is.
process.env.OPS_BUILD_MAIN = next;
await import('./help-pages.mjs');
// The packages the runtime carries (pack.mjs and the release read them), then the new build itself.
cpSync(join(runtime, 'packages.json'), join(dist, 'packages.next.json'));
renameSync(join(dist, 'packages.next.json'), join(dist, 'packages.json'));
renameSync(next, join(dist, 'ops.cjs'));

// Earlier builds: each kept for a day after it was made (a sandbox started from one may still load its
// emulators from it), and the last three whatever their age.
const DAY_MS = 24 * 60 * 60 * 1000;
const others = readdirSync(builds)
  .filter((d) => d !== buildId && !d.startsWith('.staging-'))
  .map((d) => ({ d, at: statSync(join(builds, d)).mtimeMs }))
  .sort((a, b) => b.at - a.at);
for (const [i, { d, at }] of others.entries())
  if (i >= 2 && Date.now() - at > DAY_MS) rmSync(join(builds, d), { recursive: true, force: true });
// Staging folders of builds stopped half-way (an hour old: another build may be writing its own now).
for (const d of readdirSync(builds))
  if (d.startsWith('.staging-') && Date.now() - statSync(join(builds, d)).mtimeMs > DAY_MS / 24)
    rmSync(join(builds, d), { recursive: true, force: true });
