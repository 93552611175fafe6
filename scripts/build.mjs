// Bundles src/main.ts into dist/ as ESM with code splitting, so that every command subtree, undici,
// conf, ora and the sandbox stay in chunks loaded only when used (ops --version loads one small file).
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { builtinsWithoutNamespace, lazyChildProcessForCommander } from './esbuild-plugins.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Only the bundle's own outputs: the single binary and the npm package folder stay.
rmSync(new URL('../dist/chunks', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/ops.js', import.meta.url), { force: true });
rmSync(new URL('../dist/ops.mjs', import.meta.url), { force: true });
const result = await build({
  entryPoints: { ops: 'src/main.ts' },
  outdir: 'dist',
  // .mjs: Node knows each file is an ES module without looking up package.json's type (about 0.1 ms
  // a file, and a command loads some 30).
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __OPS_VERSION__: JSON.stringify(pkg.version) },
  banner: {
    js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
  },
  legalComments: 'none',
  // Whitespace and syntax only: identifiers keep their names, so --debug stack traces name functions.
  // esbuild's keepNames would do it with a defineProperty call for every function and class at load,
  // which costs a one-shot command more (about 6 ms of CPU for hosts totals) than the larger files.
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  plugins: [lazyChildProcessForCommander, builtinsWithoutNamespace],
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
const entry = result.metafile.outputs['dist/ops.mjs'].bytes;
console.error(
  `built dist/ (${(bytes / 1024).toFixed(0)} KiB in ${Object.keys(result.metafile.outputs).length} files; entry ${(entry / 1024).toFixed(1)} KiB)`,
);

// Help pages for the fast `--help` path (see scripts/help-pages.mjs).
await import('./help-pages.mjs');
