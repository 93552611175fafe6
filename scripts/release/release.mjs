// `npm run release`: every file of a release in dist/release/, from the pinned toolchain and the
// registry alone, for each target of targets.json this machine can build; the others (macOS) are left
// to .github/workflows/release.yml, and said so.
//   npm run release                      every target buildable here, then the join
//   npm run release -- --target ID       that target only (a runner of the workflow), no join
//   npm run release -- --join            the join alone, over the parts in dist/release-parts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { releaseFacts } from './finish.mjs';
import { revisionOf } from './image.mjs';
import { joinRelease } from './join.mjs';
import { buildBundles, hostPlatform } from './sea.mjs';
import { buildTarget, completionsOf } from './target.mjs';
import { missingLine, missingTools } from './tools.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const started = Date.now();
const { node: pinned, targets } = JSON.parse(
  readFileSync(join(root, 'scripts', 'release', 'targets.json'), 'utf8'),
);
const facts = releaseFacts();
const log = (line) => console.error(`release: ${line}`);
const fail = (line, code = 1) => {
  console.error(`release: ${line}`);
  process.exit(code);
};

if (process.versions.node !== pinned)
  fail(`needs the pinned Node ${pinned} (this is ${process.version}); run it as npm run release`);
const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (args[i - 1] === '--target' ? [a] : []));
const joinOnly = args.includes('--join');
for (const [i, a] of args.entries())
  if (a !== '--join' && !(a === '--target' && args[i + 1]) && args[i - 1] !== '--target')
    fail(`unknown argument ${a} (use --target ID, repeatable, or --join)`, 2);
for (const id of only)
  if (!targets.some((t) => t.id === id))
    fail(`unknown target ${id} (targets: ${targets.map((t) => t.id).join(', ')})`, 2);

/** A target is built here when its Node comes from the registry, or it is this machine. */
const buildable = (t) => t.node !== null || t.platform === hostPlatform();
const chosen = joinOnly ? [] : targets.filter((t) => (only.length ? only.includes(t.id) : buildable(t)));
for (const t of chosen)
  if (!buildable(t))
    fail(`${t.id} cannot be built here: the registry has no Node ${pinned} for ${t.platform}`);
// Every tool the chosen targets need, before anything is built or removed.
const missing = missingTools(chosen);
if (missing.length) fail(missingLine(missing));

const out = join(root, 'dist', 'release');
const parts = join(root, 'dist', 'release-parts');
const work = join(root, 'dist', 'release-work');
if (!joinOnly) {
  // A target run (the workflow's) adds to what other runners make; a full run starts clean.
  if (!only.length) for (const d of [out, parts]) rmSync(d, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
for (const d of [out, parts, work]) mkdirSync(d, { recursive: true });
const epoch = Number(
  execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).trim(),
);

// The bundles, help pages and man pages of `npm run build`, once for every target.
execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const manDir = join(root, 'dist', 'man');
if (!existsSync(manDir) || readdirSync(manDir).length === 0)
  fail('npm run build wrote no man pages in dist/man');

if (chosen.length) {
  const shared = {
    facts,
    pinned,
    bundles: await buildBundles(join(work, 'bundles')),
    completions: completionsOf(join(root, 'bin', 'ops.cjs')),
    manDir,
    epoch,
  };
  const jobs = [];
  for (const t of chosen) jobs.push(...(await buildTarget(t, shared, out, parts, work, log)));
  // Archives and packages, two at a time (xz and deflate each use one core).
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const t0 = Date.now();
        await job.make();
        log(`${job.file}: made in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
    }),
  );
}
if (!only.length) {
  const date = new Date(epoch * 1000).toISOString().slice(0, 10);
  await joinRelease(out, parts, facts, {
    packagesFile: join(root, 'dist', 'packages.json'),
    date,
    epoch,
    revision: revisionOf(root),
    notesFile: join(root, 'dist', 'release-notes.md'),
    log,
  });
}
rmSync(work, { recursive: true, force: true });

const mb = (f) => `${(statSync(f).size / 1e6).toFixed(1)} MB`;
for (const f of readdirSync(out).sort()) console.log(`dist/release/${f}\t${mb(join(out, f))}`);
if (!only.length && !joinOnly)
  for (const t of targets.filter((t) => !buildable(t)))
    log(
      `left to the release workflow: ${t.id} (the registry has no Node ${pinned} for ${t.platform}, and its binary is signed on a ${t.platform} runner)`,
    );
log(
  `made in ${((Date.now() - started) / 1000).toFixed(0)} s${only.length ? '' : '; notes in dist/release-notes.md'}`,
);
