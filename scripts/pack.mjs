// Makes the npm package from the bundle: dist/npm/ holds bin/ops.cjs, dist/ops.cjs, dist/run.cjs,
// dist/lib/, the help pages, the man pages (dist/man, named by the manifest's `man`, which npm links
// into the prefix's share/man/man1 on a global install), and a generated package.json whose one dependency is the OS keyring's
// library (a native module per platform, which cannot be bundled); everything else is bundled. Run
// after `npm run build`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
if (!existsSync(join(root, 'dist', 'ops.cjs'))) {
  console.error('dist/ops.cjs is missing: run `npm run build` first');
  process.exit(1);
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'dist', 'npm');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'bin'), { recursive: true });
cpSync(join(root, 'bin', 'ops.cjs'), join(out, 'bin', 'ops.cjs'));
for (const file of ['ops.cjs', 'run.cjs']) cpSync(join(root, 'dist', file), join(out, 'dist', file));
cpSync(join(root, 'dist', 'lib'), join(out, 'dist', 'lib'), { recursive: true });
cpSync(join(root, 'dist', 'help'), join(out, 'dist', 'help'), { recursive: true });
cpSync(join(root, 'dist', 'man'), join(out, 'dist', 'man'), { recursive: true });
const man = readdirSync(join(out, 'dist', 'man'))
  .filter((f) => f.endsWith('.1'))
  .sort()
  .map((f) => `dist/man/${f}`);
cpSync(join(root, 'README.md'), join(out, 'README.md'));
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  type: 'module',
  bin: { ops: 'bin/ops.cjs' },
  man,
  engines: pkg.engines,
  files: ['bin', 'dist'],
  dependencies: pkg.dependencies,
  license: pkg.license ?? 'UNLICENSED',
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', join(root, 'dist')], {
  cwd: out,
  encoding: 'utf8',
}).trim();
console.log(`dist/${tarball}`);
