// Builds this machine's single binary, dist/ops-<platform> (dist/ops-linux-x64 on Linux x86-64), from
// the pinned Node 24 that runs this script and the installed keyring module: the same steps as each
// target of `npm run release` (scripts/release/sea.mjs), with the V8 code caches made here.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildBinary, buildBundles, hostPlatform } from './release/sea.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const { node: pinned, targets } = JSON.parse(
  readFileSync(join(root, 'scripts', 'release', 'targets.json'), 'utf8'),
);

// The node that runs this script is the pinned one (npm scripts put node_modules/.bin first).
if (process.versions.node !== pinned) {
  console.error(
    `build:binary needs the pinned Node ${pinned} (this is ${process.version}); run it through npm`,
  );
  process.exit(1);
}
const target = targets.find((t) => t.platform === hostPlatform());
if (!target) {
  console.error(
    `build:binary: no release target is this machine (${hostPlatform()}): see scripts/release/targets.json`,
  );
  process.exit(1);
}
const keyringPath = join(
  dirname(require.resolve(`${target.keyring.package}/package.json`)),
  target.keyring.file,
);
const seaDir = join(root, 'dist', 'sea');
const bundles = await buildBundles(join(seaDir, 'bundles'));
const out = join(
  root,
  'dist',
  `ops-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`,
);
const made = await buildBinary({
  target: { ...target, keyringPath },
  node: process.execPath,
  bundles,
  out,
  work: join(seaDir, target.id),
});
const kib = (f) => (statSync(f).size / 1024).toFixed(0);
console.log(
  `${out.slice(root.length + 1)} ${(made.size / 1024 / 1024).toFixed(1)} MiB (main ${kib(join(bundles.dir, 'ops.cjs'))} KiB, run ${kib(join(bundles.dir, 'run.cjs'))} KiB, node ${process.version}${made.codeCache ? ', code caches' : ''})`,
);
