// The CommonJS bundles the npm package and the single binary share: `run.cjs`, the CLI below main.ts
// (command tree, clients, output, sandbox), and `lib/NAME.cjs`, each large package the CLI loads
// lazily, so that a command compiles and deserialises only what it uses. Both are loaded through
// scripts/sea-loader.cjs, each with a V8 code cache (made at build time for the binary, on the user's
// machine for the npm package: scripts/disk-loader.cjs). The runtime asks for a package with
// `require('ops-lib:NAME')`.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lazyChildProcessForCommander } from './esbuild-plugins.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { libAsset } = require('./sea-loader.cjs');

/**
 * The packages kept apart, and what their bundle exports: what `__toESM(require(…), 1)`, esbuild's
 * import of a CommonJS module from an ES one, makes the same namespace the code reads (the package's
 * own exports; for conf and ora, whose default export is the one used, that export).
 */
export const LIBS = {
  yaml: "module.exports = require('yaml');",
  selfsigned: "module.exports = require('selfsigned');",
  'libsodium-wrappers': "module.exports = require('libsodium-wrappers');",
  fflate: "module.exports = require('fflate');",
  'csv-parse': "module.exports = require('csv-parse');",
  asciichart: "module.exports = require('asciichart');",
  '@jmespath-community/jmespath': "module.exports = require('@jmespath-community/jmespath');",
  conf: "import Conf from 'conf';\nmodule.exports = Conf;",
  ora: "import ora from 'ora';\nmodule.exports = ora;",
  // The parts of undici the core uses (src/clients/http/undici.ts), imported as './undici.js'.
  undici: "module.exports = require('./src/clients/http/undici.ts');",
};

const libNames = new RegExp(
  `^(${Object.keys(LIBS)
    .filter((n) => n !== 'undici')
    .map((n) => n.replace(/[/]/g, '\\/'))
    .join('|')})$`,
);

/** Each package of LIBS, imported anywhere in the runtime, becomes `require('ops-lib:NAME')`. */
const libsAsAssets = {
  name: 'libs-as-assets',
  setup(b) {
    b.onResolve({ filter: libNames }, (args) => ({ path: args.path, namespace: 'ops-lib' }));
    b.onResolve({ filter: /^\.\/undici\.js$/ }, (args) =>
      /[\\/]src[\\/]clients[\\/]http$/.test(args.resolveDir)
        ? { path: 'undici', namespace: 'ops-lib' }
        : undefined,
    );
    b.onResolve({ filter: /^ops-lib:/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'ops-lib' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require(${JSON.stringify(`ops-lib:${args.path}`)});\n`,
    }));
  },
};

/**
 * Bundles one file: CommonJS, whitespace and syntax minified. Identifiers keep their names, so that
 * `--debug` stack traces name the source's functions. The result must be ASCII: the loader reads
 * it as Latin-1, a plain copy, rather than decoding UTF-8 (2 to 3 ms for 2 MB); esbuild escapes
 * strings but not regular expressions, where a \uXXXX escape means the same character.
 */
async function bundleAsset(root, define, options, file) {
  await build({
    ...options,
    outfile: file,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    define,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  const code = readFileSync(file, 'utf8').replace(
    /[^\x00-\x7f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (!/^[\x00-\x7f]*$/.test(code)) throw new Error(`${file} is not ASCII after escaping`);
  writeFileSync(file, code);
  return code;
}

/**
 * Writes `<dir>/run.cjs` and `<dir>/lib/NAME.cjs`. Returns the files (asset name → path) and a build
 * id, a hash of their contents, which names the code caches made from them.
 */
export async function buildRuntime(root, dir, define) {
  const files = {};
  const hash = createHash('sha256');
  const run = join(dir, 'run.cjs');
  hash.update(
    await bundleAsset(
      root,
      define,
      { entryPoints: [join(root, 'src', 'run.ts')], plugins: [lazyChildProcessForCommander, libsAsAssets] },
      run,
    ),
  );
  files['run.cjs'] = run;
  mkdirSync(join(dir, 'lib'), { recursive: true });
  for (const [name, contents] of Object.entries(LIBS)) {
    const file = join(dir, `${libAsset(name)}.cjs`);
    hash.update(
      await bundleAsset(root, define, { stdin: { contents, resolveDir: root, loader: 'ts' } }, file),
    );
    files[`${libAsset(name)}.cjs`] = file;
  }
  return { files, buildId: hash.digest('hex').slice(0, 16) };
}

/**
 * Bundles main.ts alone (version, help pages, signals) into `outfile`, from `entry` (source importing
 * it), with `./run.js` replaced by `runLoader`: source that sets `module.exports` to the loaded runtime.
 */
export async function buildMain(root, outfile, { define, entry, runLoader, banner }) {
  const loadRun = {
    name: 'run-through-loader',
    setup(b) {
      b.onResolve({ filter: /^\.\/run\.js$/ }, () => ({ path: 'run', namespace: 'ops-run' }));
      b.onLoad({ filter: /.*/, namespace: 'ops-run' }, () => ({
        loader: 'js',
        resolveDir: root,
        contents: runLoader,
      }));
    },
  };
  await build({
    stdin: {
      contents: entry,
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    define,
    plugins: [loadRun],
    ...(banner ? { banner: { js: banner } } : {}),
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
  });
}
