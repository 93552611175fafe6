// Makes the npm package from the bundle: dist/npm/ holds bin/ops.js, dist/ops.mjs and its chunks, and a
// generated package.json with no dependencies at all (everything is bundled). Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
if (!existsSync(join(root, 'dist', 'ops.mjs'))) {
  console.error('dist/ops.mjs is missing: run `npm run build` first');
  process.exit(1);
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'dist', 'npm');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'bin'), { recursive: true });
cpSync(join(root, 'bin', 'ops.js'), join(out, 'bin', 'ops.js'));
cpSync(join(root, 'dist', 'ops.mjs'), join(out, 'dist', 'ops.mjs'));
cpSync(join(root, 'dist', 'chunks'), join(out, 'dist', 'chunks'), { recursive: true });
cpSync(join(root, 'dist', 'help'), join(out, 'dist', 'help'), { recursive: true });
cpSync(join(root, 'README.md'), join(out, 'README.md'));
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  type: 'module',
  bin: { ops: 'bin/ops.js' },
  engines: pkg.engines,
  files: ['bin', 'dist'],
  license: pkg.license ?? 'UNLICENSED',
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', join(root, 'dist')], {
  cwd: out,
  encoding: 'utf8',
}).trim();
console.log(`dist/${tarball}`);
