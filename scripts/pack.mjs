// Makes the npm package from the bundle: dist/npm/ holds bin/ops.cjs, dist/ops.cjs, its runtime
// (dist/builds/<id>/: run.cjs and lib/), the help pages, the man pages, LICENSE, THIRD_PARTY_NOTICES (the bundled packages'
// licenses, from the lockfile) and a generated package.json, publishable as it is: its one dependency
// is the OS keyring's library (a native module per platform, which cannot be bundled); everything else
// is bundled. Run after `npm run build`. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { components, noticesText } from './release/notices.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
for (const need of ['ops.cjs', 'packages.json', 'man'])
  if (!existsSync(join(root, 'dist', need))) {
    console.error(`dist/${need} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'dist', 'npm');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'bin'), { recursive: true });
cpSync(join(root, 'bin', 'ops.cjs'), join(out, 'bin', 'ops.cjs'));
cpSync(join(root, 'dist', 'ops.cjs'), join(out, 'dist', 'ops.cjs'));
// The one build the main bundle names (scripts/build.mjs keeps earlier ones beside it).
const build = /\/builds\/([0-9a-f]+)["']/.exec(readFileSync(join(root, 'dist', 'ops.cjs'), 'utf8'))?.[1];
if (!build) throw new Error('dist/ops.cjs names no build folder');
cpSync(join(root, 'dist', 'builds', build), join(out, 'dist', 'builds', build), { recursive: true });
rmSync(join(out, 'dist', 'builds', build, 'packages.json'));
for (const folder of ['help', 'man'])
  cpSync(join(root, 'dist', folder), join(out, 'dist', folder), { recursive: true });
cpSync(join(root, 'README.md'), join(out, 'README.md'));
cpSync(join(root, 'LICENSE'), join(out, 'LICENSE'));
writeFileSync(
  join(out, 'THIRD_PARTY_NOTICES'),
  noticesText(pkg, components(root, join(root, 'dist', 'packages.json'))),
);
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  keywords: pkg.keywords,
  homepage: pkg.homepage,
  bugs: pkg.bugs,
  repository: pkg.repository,
  license: pkg.license,
  author: pkg.author,
  type: 'module',
  bin: { ops: 'bin/ops.cjs' },
  // npm links these into the prefix's share/man/man1 on a global install.
  man: readdirSync(join(root, 'dist', 'man'))
    .filter((f) => f.endsWith('.1'))
    .sort()
    .map((page) => `dist/man/${page}`),
  engines: pkg.engines,
  files: ['bin', 'dist', 'THIRD_PARTY_NOTICES'],
  dependencies: pkg.dependencies,
};
for (const key of ['license', 'repository', 'homepage'])
  if (!manifest[key]) throw new Error(`package.json has no ${key}: the npm package needs one`);
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', join(root, 'dist')], {
  cwd: out,
  encoding: 'utf8',
}).trim();
console.log(`dist/${tarball}`);
